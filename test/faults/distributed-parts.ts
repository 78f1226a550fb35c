import { ensureTopic } from '../../infra/src/kafka/topics';
import { answers, freePort, spawnChild, waitUntilReady, type Child } from '../child-process';

// The distributed form for fault tests: each part of launcher/src/processes as a process of its
// own, as `npm run start:distributed` runs them, so one part can be killed, restarted or cut
// off from a service while the others go on. Parts are spawned with an IPC channel: when this
// test process dies, however it dies, they notice and stop (run-process.ts).

export type PartName = 'command-service' | 'query-service' | 'projector' | 'relay' | 'worker';

export type Services = { databaseUrl: string; redisUrl: string; kafkaBrokers: string[]; kafkaTopic: string };

export type Part = Child & { entry: PartName; port?: number; url?: string };

const HTTP_PARTS = new Set<PartName>(['command-service', 'query-service']);

/** The environment every part gets: the services, and limits that a test's many sign-ins from one address would hit. */
export function partEnv(services: Services, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    KAFKA_BROKERS: services.kafkaBrokers.join(','),
    KAFKA_TOPIC: services.kafkaTopic,
    KAFKA_PARTITIONS: '3',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_MS: '5000',
    LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    REGISTRATIONS_PER_ADDRESS: '100000',
    CLAIMS_PER_AGENT_PER_10S: '1000',
    ...extra,
  };
  for (const name of ['METRICS_PORT', 'METRICS_TOKEN', 'DATA_DIR', 'EMBEDDED_PG_PORT', 'NODE_ENV']) delete env[name];
  return env;
}

/**
 * Starts one part and waits until it is up: an HTTP part answers /healthz (liveness, not
 * readiness: a part restarted during an outage is up but not ready), the others have logged
 * "<part> running".
 */
export async function startPart(
  entry: PartName, env: NodeJS.ProcessEnv,
  { name = entry as string, timeoutMs = 90_000, spawned = (_child: Child) => {} } = {},
): Promise<Part> {
  const port = HTTP_PARTS.has(entry) ? Number(env.PORT) : undefined;
  if (HTTP_PARTS.has(entry) && !port) throw new Error(`${name} needs PORT`);
  let running = false;
  const child = spawnChild(name, process.execPath, ['--import', 'tsx', `launcher/src/processes/${entry}.ts`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    onOutput: (chunk) => {
      if (chunk.includes(`"msg":"${entry} running"`)) running = true;
    },
  });
  spawned(child);
  const url = port ? `http://127.0.0.1:${port}` : undefined;
  await waitUntilReady(child, () => (url ? answers(`${url}/healthz`) : running), { timeoutMs });
  return { ...child, entry, port, url };
}

export type Distributed = {
  commandService: Part;
  /** The first gateway replica's URL (http://127.0.0.1:port). */
  gatewayUrl: string;
  /** Every gateway replica's name (its key in `parts`) and port, in order. */
  gateways: { name: string; port: number }[];
  parts: Map<string, Part>;
  /** Starts a part again (after a kill) with the environment it had. */
  restart(name: string): Promise<Part>;
  stop(): Promise<void>;
};

/**
 * command-service, `replicas` gateway replicas (one by default), and whichever of projector,
 * relay and worker are asked for (`projectors` projector processes sharing each consumer
 * group's partitions: `projector`, `projector-2`…), on the given services (the database must already be
 * migrated). The HTTP parts start at once; the others once `kafkaUp` has resolved (a broker
 * that is still starting) and the topic is created, as the distributed launcher's prepare
 * step does. Each part gets `startTimeoutMs` to come up.
 */
export async function startDistributed(services: Services, {
  background = ['projector', 'relay'] as PartName[], env: extra = {} as Record<string, string>, kafkaUp = Promise.resolve() as Promise<unknown>, replicas = 1, projectors = 1, startTimeoutMs = 90_000,
} = {}): Promise<Distributed> {
  const commandPort = await freePort();
  const gateways: { name: string; port: number }[] = [];
  for (let i = 0; i < replicas; i++) gateways.push({ name: i === 0 ? 'query-service' : `query-service-${i + 1}`, port: await freePort() });
  const envs = new Map<string, { entry: PartName; env: NodeJS.ProcessEnv }>([
    ['command-service', { entry: 'command-service', env: partEnv(services, { ...extra, PORT: String(commandPort) }) }],
    ...gateways.map(({ name, port }) => [name, {
      entry: 'query-service' as const,
      env: partEnv(services, { ...extra, PORT: String(port), COMMAND_SERVICE_URL: `http://127.0.0.1:${commandPort}` }),
    }] as const),
    ...background.map((entry) => [entry, { entry, env: partEnv(services, extra) }] as const),
    ...(background.includes('projector') ? Array.from({ length: projectors - 1 }, (_, i) => [`projector-${i + 2}`, { entry: 'projector' as const, env: partEnv(services, extra) }] as const) : []),
  ]);
  const backgroundNames = [...envs.keys()].filter((name) => !['command-service', ...gateways.map((g) => g.name)].includes(name));
  const parts = new Map<string, Part>();
  // Every process ever spawned, ready or not: a test that fails while a part is (re)starting
  // must not leave that part behind.
  const children = new Set<Child>();
  const start = async (name: string) => {
    const { entry, env } = envs.get(name)!;
    const part = await startPart(entry, env, { name, timeoutMs: startTimeoutMs, spawned: (child) => children.add(child) });
    parts.set(name, part);
    return part;
  };
  const stop = async () => {
    await Promise.all([...children].map((c) => c.stop()));
  };
  const front = ['command-service', ...gateways.map((g) => g.name)];
  const started = await Promise.allSettled([
    ...front.map(start),
    (async () => {
      await kafkaUp;
      await ensureTopic(services.kafkaBrokers, services.kafkaTopic, 3);
      await Promise.all(backgroundNames.map(start));
    })(),
  ]);
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { commandService: parts.get('command-service')!, gatewayUrl: `http://127.0.0.1:${gateways[0]!.port}`, gateways, parts, restart: start, stop };
}
