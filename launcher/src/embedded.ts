// `npm start`: all of LeadFloor in one process. PostgreSQL is embedded (a real server, data
// under DATA_DIR) unless DATABASE_URL points at one; command routes, reads, projections and
// jobs share this process.
import { commandRoutes } from '@leadfloor/command-service/app';
import { integrationSettingsFrom } from '@leadfloor/command-service/integrations/integration-settings';
import { billingProviderFrom } from '@leadfloor/command-service/billing/billing-provider';
import { authLimitsFrom } from '@leadfloor/command-service/auth/auth-routes';
import { submitLimitsFor } from '@leadfloor/command-service/funnels/funnel-submit-route';
import { loadConfig, metricsTokenOnMainPort } from '@leadfloor/infra/config';
import { postgresCheck } from '@leadfloor/infra/http/readiness-checks';
import { createLogger, type Logger } from '@leadfloor/infra/logger';
import { surviveConnectionLoss } from '@leadfloor/infra/postgres/connection-loss-guard';
import { migrate } from '@leadfloor/infra/migrations/migrate';
import { startEmbeddedPostgres } from '@leadfloor/infra/postgres/embedded';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { diskFileStorage } from '@leadfloor/infra/file-storage/file-storage';
import { buildApp } from '@leadfloor/query-service/app';
import { createSocketHub } from '@leadfloor/query-service/live/socket-hub';
import { createSessionStore } from '@leadfloor/infra/auth/sessions';
import { loadTwoFactorKey } from '@leadfloor/infra/auth/two-factor-key';
import { defaultConsoleDir } from '@leadfloor/query-service/console-routes';
import { handleShutdown } from './graceful-shutdown';
import { serveMetricsPort } from './metrics-port';
import { startBackground } from './start-background';
import { seedDeps, wantsDemoFloor } from './demo-seed';
import { seedDemoFloor } from '@leadfloor/command-service/seed/demo-floor';
import { seededDemoSignIns } from '@leadfloor/command-service/seed/demo-sign-ins';
import type { DemoAccount } from '@leadfloor/contracts';
import { exitOnStartupFailure, reportStartupFailure } from './startup-error';
import { ensureConsoleBuild } from './ensure-console-build';

async function main(logger: Logger, config: ReturnType<typeof loadConfig>) {
  const shutdown = handleShutdown({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger });
  try {
    // Stripe when configured (a partial Stripe configuration stops the start, naming what is missing).
    const billing = billingProviderFrom(config);
    // The build (CPU) overlaps PostgreSQL's start and the migrations (mostly waiting).
    const consoleBuilt = config.CONSOLE_DIR === undefined && config.CONSOLE_BUILD === 'auto'
      ? ensureConsoleBuild(defaultConsoleDir, logger) : Promise.resolve();
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, logger });
      shutdown.add('embedded PostgreSQL', embedded.stop);
      databaseUrl = embedded.url;
    }
    await migrate(databaseUrl);
    // Read, or made on a first start, once the embedded PostgreSQL has laid out DATA_DIR.
    const twoFactorKey = loadTwoFactorKey(config);
    const integrations = integrationSettingsFrom(config, twoFactorKey);

    const pool = createPool(databaseUrl, { applicationName: 'leadfloor', max: 20 });
    shutdown.add('database pool', () => pool.end());
    const sessions = createSessionStore(pool);
    const hub = createSocketHub({ sessionAlive: async (token) => (await sessions.resolve(token)) !== null });
    const background = await startBackground({
      pool, databaseUrl, logger, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS, publish: hub.deliver, integrations,
    });
    shutdown.add('background workers', background.stop);
    // The sign-in screen shows the demo sign-ins only on the demo floor (DESIGN.md, "Demo floor").
    let demoAccounts: DemoAccount[] = [];
    if (wantsDemoFloor(config)) {
      const demo = await seedDemoFloor(seedDeps(pool));
      if (demo.seeded) logger.info({ users: demo.users, leads: demo.leads }, 'seeded the demo floor (sign in as demo / demo1234)');
      demoAccounts = await seededDemoSignIns(pool);
    }

    await consoleBuilt;
    const secureCookies = config.NODE_ENV === 'production';
    const app = await buildApp({
      pool, secureCookies, hub, timeZone: config.TIME_ZONE,
      bodyLimit: config.BODY_LIMIT,
      logger,
      checks: { postgres: postgresCheck(pool), ...background.checks },
      writes: {
        kind: 'in-process',
        register: (gateway) => gateway.register(commandRoutes, { pool, bodyLimit: config.BODY_LIMIT, secureCookies, authLimits: authLimitsFrom(config), claimLimit: { max: config.CLAIMS_PER_AGENT_PER_10S, windowMs: 10_000 }, funnelSubmitLimits: submitLimitsFor(config), claimCounts: 'process', twoFactorKey, integrations, billing, dataDir: config.DATA_DIR }),
      },
      consoleDir: config.CONSOLE_DIR ?? defaultConsoleDir,
      metricsToken: metricsTokenOnMainPort(config),
      demoAccounts,
      billingProvider: billing.kind,
      files: diskFileStorage(`${config.DATA_DIR}/files`),
      crmConfigured: { hubspot: integrations.hubspot !== null },
      trustProxy: config.TRUST_PROXY,
    });
    await serveMetricsPort(config, logger, shutdown);
    shutdown.add('HTTP server', async () => {
      hub.close();
      await app.close();
    });
    if (shutdown.started) return;
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(config.HOST) ? 'localhost' : config.HOST;
    logger.info({ url: `http://${host}:${port}` }, `LeadFloor is ready at http://${host}:${port}`);
  } catch (err) {
    // A signal during start-up makes the steps above fail; the shutdown in progress exits.
    if (shutdown.started) return;
    reportStartupFailure(err, logger);
    await shutdown.exit(1, 'start-up failed');
  }
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  exitOnStartupFailure(err);
}
const logger = createLogger(config);
surviveConnectionLoss(logger);
void main(logger, config);
