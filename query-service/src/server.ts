import { metricsTokenOnMainPort, requireConfig, type Config } from '@leadfloor/infra/config';
import type { HttpApp } from '@leadfloor/infra/http/create-http-app';
import { kafkaCheck, postgresCheck, redisCheck, type ClosableCheck } from '@leadfloor/infra/http/readiness-checks';
import type { ReadinessChecks } from '@leadfloor/infra/http/health-routes';
import type { Logger } from '@leadfloor/infra/logger';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { diskFileStorage } from '@leadfloor/infra/file-storage/file-storage';
import type { DemoAccount, SocketMessage } from '@leadfloor/contracts';
import { createSessionStore } from '@leadfloor/infra/auth/sessions';
import { stripeSettingsOf } from '@leadfloor/infra/stripe/stripe-settings';
import { subscribeLive } from '@leadfloor/infra/live/redis-bus';
import { buildApp } from './app';
import { createSocketHub } from './live/socket-hub';
import { defaultConsoleDir } from './console-routes';
import { hubSpotSettingsFrom } from '@leadfloor/infra/hubspot/hubspot-settings';

export type RunningServer = { url: string; close(): Promise<void> };

/**
 * The gateway as a process of its own (the distributed form; several replicas behind a
 * balancer): reads from DATABASE_URL, proxies writes to COMMAND_SERVICE_URL, listens on
 * HOST:PORT. The caller owns signals and calls close() once: it stops accepting, lets
 * in-flight requests finish, then closes the connections it opened.
 */
export async function startQueryServer({ config, logger, describeWrites, demoAccounts }: {
  config: Config; logger: Logger;
  /** Registers command-service's route plugin for the API document (the launcher hands it over). */
  describeWrites?(app: HttpApp, pool: Pool): PromiseLike<unknown>;
  /** The demo floor's sign-ins on this database, for the sign-in screen (the launcher, with DEMO=true). */
  demoAccounts?(pool: Pool): Promise<DemoAccount[]>;
}): Promise<RunningServer> {
  const { DATABASE_URL, COMMAND_SERVICE_URL } = requireConfig(config, ['DATABASE_URL', 'COMMAND_SERVICE_URL']);
  const pool = createPool(DATABASE_URL, { applicationName: 'query-service' });
  const probes: Record<string, ClosableCheck> = {
    ...(config.REDIS_URL ? { redis: redisCheck(config.REDIS_URL) } : {}),
    ...(config.KAFKA_BROKERS ? { kafka: kafkaCheck(config.KAFKA_BROKERS) } : {}),
  };
  // Without PostgreSQL it can serve nothing; without Redis or Kafka it serves reads and writes
  // (no live messages; read models lag), so those only make it 'degraded'.
  const checks: ReadinessChecks = { postgres: postgresCheck(pool) };
  const degradedWithout: ReadinessChecks = {};
  for (const [name, probe] of Object.entries(probes)) degradedWithout[name] = probe.check;

  // Live messages arrive over Redis from the one notifier; this replica delivers to its sockets.
  const hub = createSocketHub({ sessionAlive: async (token) => (await createSessionStore(pool).resolve(token)) !== null });
  const live = config.REDIS_URL ? subscribeLive<SocketMessage>(config.REDIS_URL, hub.deliver) : undefined;
  // Live messages reach this replica's sockets once it has subscribed (see subscribeLive).
  if (live) degradedWithout.live = () => live.subscribed;
  const closeConnections = async () => {
    hub.close();
    await live?.close();
    await Promise.all(Object.values(probes).map((p) => p.close()));
    await pool.end();
  };
  try {
    const app = await buildApp({
      pool, hub, secureCookies: config.NODE_ENV === 'production',
      bodyLimit: config.BODY_LIMIT, logger, checks, degradedWithout, timeZone: config.TIME_ZONE,
      writes: { kind: 'proxy', commandServiceUrl: COMMAND_SERVICE_URL, describe: describeWrites && ((app) => describeWrites(app, pool)) },
      metricsToken: metricsTokenOnMainPort(config), trustProxy: config.TRUST_PROXY,
      consoleDir: config.CONSOLE_DIR ?? defaultConsoleDir,
      demoAccounts: demoAccounts ? await demoAccounts(pool) : [],
      billingProvider: stripeSettingsOf(config) ? 'stripe' : 'manual',
      files: diskFileStorage(`${config.DATA_DIR}/files`),
      crmConfigured: { hubspot: hubSpotSettingsFrom(config) !== null },
    });
    const url = await app.listen({ port: config.PORT, host: config.HOST });
    return { url, close: async () => { hub.close(); await app.close(); await closeConnections(); } };
  } catch (err) {
    await closeConnections();
    throw err;
  }
}
