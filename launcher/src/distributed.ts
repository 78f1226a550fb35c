// `npm run start:distributed`: the distributed form without Docker. Each part runs as a process
// of its own against DATABASE_URL, REDIS_URL and KAFKA_BROKERS, as docker-compose.yml runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig, requireConfig } from '@leadfloor/infra/config';
import { createLogger } from '@leadfloor/infra/logger';
import { prepareDistributed } from './prepare-distributed';
import { exitOnStartupFailure } from './startup-error';

type Part = { name: string; entry: string; env?: Record<string, string> };

function distributedConfig() {
  try {
    return requireConfig(loadConfig(), ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'], 'the distributed form');
  } catch (err) {
    return exitOnStartupFailure(err);
  }
}
const config = distributedConfig();
const logger = createLogger(config, 'launcher');

// Two gateway replicas on PORT and PORT+1 (put a balancer in front), command-service on PORT+2.
const commandPort = config.PORT + 2;
const gatewayEnv = { COMMAND_SERVICE_URL: config.COMMAND_SERVICE_URL ?? `http://127.0.0.1:${commandPort}` };
const parts: Part[] = [
  { name: 'command-service', entry: 'command-service', env: { PORT: String(commandPort) } },
  { name: 'query-service-1', entry: 'query-service', env: { ...gatewayEnv, PORT: String(config.PORT) } },
  { name: 'query-service-2', entry: 'query-service', env: { ...gatewayEnv, PORT: String(config.PORT + 1) } },
  { name: 'projector', entry: 'projector' },
  { name: 'relay', entry: 'relay' },
  { name: 'worker', entry: 'worker' },
];

try {
  await prepareDistributed(config);
} catch (err) {
  exitOnStartupFailure(err, logger);
}

const tsx = import.meta.resolve('tsx');
const children = new Map<string, ChildProcess>();
let stopping = false;
let exitCode = 0;

// With METRICS_PORT, each part serves /metrics on a port of its own: METRICS_PORT, +1, +2... in
// the order above (0 leaves every part a free port, logged at its start).
const metricsEnv = (name: string): Record<string, string> => config.METRICS_PORT === undefined ? {} : {
  METRICS_PORT: String(config.METRICS_PORT === 0 ? 0 : config.METRICS_PORT + parts.findIndex((p) => p.name === name)),
};

function startPart({ name, entry, env }: Part) {
  const file = fileURLToPath(new URL(`./processes/${entry}.ts`, import.meta.url));
  // Own process group (detached): a terminal's Ctrl-C reaches only this launcher, which passes
  // one SIGTERM on. The IPC channel lets a child notice when this launcher dies, however it dies.
  const child = spawn(process.execPath, ['--import', tsx, file], {
    env: { ...process.env, ...env, ...metricsEnv(name) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      logger.error({ part: name, code, signal }, `${name} exited; stopping the others`);
      exitCode = 1;
      stopAll('a part exited');
    } else if (children.size === 0) {
      process.exit(exitCode);
    }
  });
}

function stopAll(reason: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'stopping all parts');
  for (const child of children.values()) child.kill('SIGTERM');
  if (children.size === 0) process.exit(exitCode);
  // Each part bounds its own shutdown by SHUTDOWN_TIMEOUT_MS; past that (and a margin), kill.
  setTimeout(() => {
    for (const [name, child] of children) {
      logger.error({ part: name }, 'did not stop in time; killing');
      child.kill('SIGKILL');
    }
  }, config.SHUTDOWN_TIMEOUT_MS + 2_000).unref();
}

let firstSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!stopping) {
      firstSignalAt = Date.now();
      stopAll(signal);
    } else if (Date.now() - firstSignalAt > 1_000) {
      // The impatient second Ctrl-C (repeats within a second are one keypress forwarded twice).
      for (const child of children.values()) child.kill('SIGKILL');
      process.exit(130);
    }
  });
}

for (const part of parts) startPart(part);
logger.info({ gateways: [config.PORT, config.PORT + 1].map((p) => `http://localhost:${p}`), commandService: gatewayEnv.COMMAND_SERVICE_URL },
  'LeadFloor (distributed) starting');
