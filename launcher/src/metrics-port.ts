import type { Config } from '@leadfloor/infra/config';
import type { Logger } from '@leadfloor/infra/logger';
import { startMetricsServer } from '@leadfloor/infra/metrics/metrics-endpoint';
import type { Shutdown } from './graceful-shutdown';

/**
 * /metrics on a port of its own when METRICS_PORT is set (every process of either form can
 * have one; the projector, relay and worker have no other HTTP port). Closed at shutdown.
 */
export async function serveMetricsPort(config: Config, logger: Logger, shutdown: Pick<Shutdown, 'add'>) {
  if (config.METRICS_PORT === undefined) return;
  const server = await startMetricsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT, token: config.METRICS_TOKEN });
  shutdown.add('metrics server', server.close);
  logger.info({ url: server.url, token: config.METRICS_TOKEN !== undefined }, 'metrics served');
}
