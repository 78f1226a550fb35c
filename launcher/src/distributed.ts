// `npm run start:distributed`: the distributed form without Docker. Each part runs as a process
// of its own against DATABASE_URL, REDIS_URL and KAFKA_BROKERS, as docker-compose.yml runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig, requireConfig } from '@leadfloor/infra/config';
import { createLogger } from '@leadfloor/infra/logger';
import { distributedLayout, parseScale, type LayoutPart } from './distributed-layout';
import { prepareDistributed } from './prepare-distributed';
import { exitOnStartupFailure } from './startup-error';

function distributedConfig() {
  try {
    return requireConfig(loadConfig(), ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'], 'the distributed form');
  } catch (err) {
    return exitOnStartupFailure(err);
  }
}
const config = distributedConfig();
const logger = createLogger(config, 'launcher');

// `--gateways=N --projectors=N --workers=N` (defaults 2, 1, 1): gateways on PORT, PORT+1…, the
// command service on the port after them. Several projectors share the Kafka partitions of each
// projection's consumer group; the relay runs once.
function scaleOrExit() {
  try {
    return parseScale(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    return process.exit(2);
  }
}
const scale = scaleOrExit();
const layout = distributedLayout(scale, config.PORT, config.COMMAND_SERVICE_URL);
const parts: LayoutPart[] = layout.parts;

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

function startPart({ name, entry, env }: LayoutPart) {
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
logger.info({ gateways: layout.gatewayPorts.map((p) => `http://localhost:${p}`), commandService: layout.commandServiceUrl, scale },
  'LeadFloor (distributed) starting');
