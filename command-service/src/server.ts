import { metricsTokenOnMainPort, requireConfig, type Config } from '@leadfloor/infra/config';
import { loadTwoFactorKey } from '@leadfloor/infra/auth/two-factor-key';
import { postgresCheck } from '@leadfloor/infra/http/readiness-checks';
import type { Logger } from '@leadfloor/infra/logger';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { buildApp } from './app';
import { authLimitsFrom } from './auth/auth-routes';
import { submitLimitsFor } from './funnels/funnel-submit-route';
import { billingProviderFrom } from './billing/billing-provider';
import { integrationSettingsFrom } from './integrations/integration-settings';

export type RunningServer = { url: string; close(): Promise<void> };

/**
 * command-service as a process of its own (the distributed form), on HOST:PORT against
 * DATABASE_URL. The caller owns signals and calls close() once: stop accepting, finish
 * in-flight commands, then close the pool.
 */
export async function startCommandServer({ config, logger }: { config: Config; logger: Logger }): Promise<RunningServer> {
  const { DATABASE_URL } = requireConfig(config, ['DATABASE_URL']);
  const twoFactorKey = loadTwoFactorKey(config);
  const billing = billingProviderFrom(config);
  const pool = createPool(DATABASE_URL, { applicationName: 'command-service', max: 20 });
  try {
    const app = await buildApp({
      pool, bodyLimit: config.BODY_LIMIT, secureCookies: config.NODE_ENV === 'production', logger, checks: { postgres: postgresCheck(pool) },
      metricsToken: metricsTokenOnMainPort(config), trustProxy: config.TRUST_PROXY ?? ['loopback'], authLimits: authLimitsFrom(config), claimLimit: { max: config.CLAIMS_PER_AGENT_PER_10S, windowMs: 10_000 }, funnelSubmitLimits: submitLimitsFor(config),
      twoFactorKey, integrations: integrationSettingsFrom(config, twoFactorKey), billing, dataDir: config.DATA_DIR,
    });
    const url = await app.listen({ port: config.PORT, host: config.HOST });
    return { url, close: async () => { await app.close(); await pool.end(); } };
  } catch (err) {
    await pool.end();
    throw err;
  }
}
