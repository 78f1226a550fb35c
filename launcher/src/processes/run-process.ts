import { loadConfig, type Config } from '@leadfloor/infra/config';
import { createLogger, type Logger } from '@leadfloor/infra/logger';
import { handleShutdown } from '../graceful-shutdown';
import { serveMetricsPort } from '../metrics-port';
import { exitOnStartupFailure, reportStartupFailure } from '../startup-error';

export type RunningPart = {
  close(): Promise<void>;
  /** Rejects when the part stops on its own (a poison event, a lost broker it cannot wait out). */
  failed?: Promise<unknown>;
};

/**
 * The life of one distributed-form process (command-service, a query-service replica, the
 * projector, the relay, a worker): parse the config (a bad variable is one line and exit 1),
 * start the part, close it on SIGTERM/SIGINT within SHUTDOWN_TIMEOUT_MS. A part that fails on
 * its own ends the process with exit 1, so whatever supervises it (the distributed launcher,
 * Docker's restart policy) sees it. Started by the launcher, the process also ends when the
 * launcher does, even if the launcher was killed outright.
 */
export async function runProcess(name: string, start: (ctx: { config: Config; logger: Logger }) => Promise<RunningPart>) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    exitOnStartupFailure(err);
  }
  const logger = createLogger(config, name);
  const shutdown = handleShutdown({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger });
  if (process.send) process.on('disconnect', () => void shutdown.exit(0, 'launcher gone'));

  try {
    const part = await start({ config, logger });
    shutdown.add(name, () => part.close());
    await serveMetricsPort(config, logger, shutdown);
    part.failed?.catch((err: unknown) => {
      logger.fatal({ err }, `${name} stopped on its own`);
      void shutdown.exit(1, `${name} failed`);
    });
    logger.info(`${name} running`);
  } catch (err) {
    if (shutdown.started) return;
    reportStartupFailure(err, logger);
    await shutdown.exit(1, 'start-up failed');
  }
}
