import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { TrustProxy } from '@leadfloor/infra/config';
import { createHttpApp, type HttpApp } from '@leadfloor/infra/http/create-http-app';
import { problemErrorHandler } from '@leadfloor/infra/http/error-handler';
import { healthRoutes, type ReadinessChecks } from '@leadfloor/infra/http/health-routes';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { RateRule } from '@leadfloor/infra/auth/rate-limiter';
import { createRateLimiter } from '@leadfloor/infra/auth/rate-limiter';
import { createMemoryRateLimiter } from '@leadfloor/infra/auth/memory-rate-limiter';
import { createSessionStore } from '@leadfloor/infra/auth/sessions';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { sessionAuth } from '@leadfloor/infra/http/session-auth';
import { twoFactorGate } from '@leadfloor/infra/auth/two-factor-gate';
import { passwordRoutes } from './account/password-routes';
import { profileRoutes } from './account/profile-routes';
import { sessionRoutes } from './account/session-routes';
import { authRoutes, defaultAuthLimits, type AuthLimits } from './auth/auth-routes';
import { billingRoutes } from './billing/billing-routes';
import { manualBilling, type BillingProvider } from './billing/billing-provider';
import { createPasswordHasher } from './auth/password-hasher';
import { callRoutes } from './calls/call-routes';
import { customFieldRoutes } from './custom-fields/custom-field-routes';
import { importRoutes } from './imports/import-routes';
import { leadRoutes } from './leads/lead-routes';
import { createPoolPolicyReader } from './pool-policy/policy-reader';
import { poolPolicyRoutes } from './pool-policy/pool-policy-routes';
import { poolDistributionRoutes } from './pool-distribution/pool-distribution-routes';
import { notificationRoutes } from './notifications/notification-routes';
import { saleRoutes } from './sales/sale-routes';
import { teamChatRoutes } from './team-chat/team-chat-routes';
import { teamTaskRoutes } from './team-tasks/team-task-routes';
import { teamRoutes } from './teams/team-routes';
import { createPendingSignIns } from './two-factor/pending-sign-ins';
import { twoFactorModule } from './two-factor/two-factor-module';
import { userRoutes } from './users/user-routes';
import { defaultIntegrationSettings, type IntegrationSettings } from './integrations/integration-settings';
import { integrationsModule } from './integrations/integrations-module';
import { applicationRoutes } from './closers/application-routes';
import { closerFileRoutes } from './closers/closer-file-routes';
import { jobRoutes } from './closers/job-routes';
import { diskFileStorage, type FileStorage } from '@leadfloor/infra/file-storage/file-storage';
import { learningRoutes } from './academy/learning-routes';
import { trainingRoutes } from './academy/training-routes';
import { funnelPublishRoutes } from './funnels/funnel-publish-routes';
import { funnelRoutes } from './funnels/funnel-routes';
import { funnelSubmitRoute, type SubmitLimits } from './funnels/funnel-submit-route';
import { createCommandHandler } from './shared/handle-command';
import { domainErrorToProblem } from './shared/error-mapping';

export type CommandRouteDeps = {
  pool: Pool;
  bodyLimit: number;
  /** Secure cookies (production). */
  secureCookies: boolean;
  now?: () => Date;
  authLimits?: AuthLimits;
  claimLimit?: RateRule;
  /**
   * Where claims per agent are counted: `database` (default), shared by every process that takes
   * claims; `process`, in this process's memory with no round trip, exact when it is the only
   * one taking claims (the embedded form).
   */
  claimCounts?: 'database' | 'process';
  /** Limits of the public funnel forms (funnels/funnel-submit-route.ts); default DEFAULT_SUBMIT_LIMITS. */
  funnelSubmitLimits?: SubmitLimits;
  /** How the floor pays (billing/billing-provider.ts): by hand unless Stripe is configured. */
  billing?: BillingProvider;
  /** The key TOTP secrets are encrypted with (infra/auth/two-factor-key.ts loads it). */
  twoFactorKey: Buffer;
  /** Where uploaded import files are kept (DATA_DIR; `imports/` under it). */
  dataDir?: string;
  /** Lead sources, webhooks and CRM connections (integrations/integration-settings.ts); default: development rules, no HubSpot. */
  integrations?: IntegrationSettings;
  /** Leads one inbound source may send per window before 429 (default 120 a minute). */
  inboundPerSource?: RateRule;
  /** Where uploaded files' bytes go (closers hub); default on disk, `files/` under dataDir. */
  files?: FileStorage;
};

/**
 * Every command route, as one plugin: command-service's own server registers it, and so does
 * the gateway in the embedded form (the launcher hands it over), so both forms answer the same.
 * Its error handler maps domain errors; it applies to these routes wherever they are mounted.
 * Feature modules register here explicitly (no autoload); each names its full /api path.
 */
export const commandRoutes: FastifyPluginAsync<CommandRouteDeps> = async (app, deps) => {
  const { pool, bodyLimit, secureCookies, now = () => new Date() } = deps;
  app.setErrorHandler(problemErrorHandler({ mapError: domainErrorToProblem, bodyLimit }));
  const store = createPostgresEventStore(pool);
  const handle = createCommandHandler(store);
  const sessions = createSessionStore(pool);
  const limiter = createRateLimiter(pool);
  // The lead routes and the offers' routes count one agent's claims together.
  const claimLimiter = deps.claimCounts === 'process' ? createMemoryRateLimiter() : limiter;
  await app.register(sessionAuth, { pool, sessions, secureCookies });
  await app.register(twoFactorGate, { pool });
  const hasher = createPasswordHasher();
  const pendingSignIns = createPendingSignIns(pool);
  await app.register(authRoutes, { pool, store, handle, sessions, limiter, hasher, now, limits: deps.authLimits, pendingSignIns, secureCookies });
  await app.register(leadRoutes, { pool, store, handle, limiter: claimLimiter, now, claimLimit: deps.claimLimit, policies: createPoolPolicyReader(store) });
  await app.register(poolDistributionRoutes, { pool, store, handle, limiter: claimLimiter, now, claimLimit: deps.claimLimit, policies: createPoolPolicyReader(store) });
  await app.register(poolPolicyRoutes, { pool, handle, now });
  await app.register(notificationRoutes, { pool, handle, now });
  await app.register(callRoutes, { pool, store, handle, now });
  await app.register(saleRoutes, { pool, store, handle, now });
  await app.register(teamRoutes, { store, handle, now });
  await app.register(teamChatRoutes, { pool, store, handle, now });
  await app.register(teamTaskRoutes, { pool, store, handle, now });
  await app.register(customFieldRoutes, { store, handle, now });
  await app.register(importRoutes, { pool, store, handle, now, dataDir: deps.dataDir ?? '.data', policies: createPoolPolicyReader(store) });
  await app.register(jobRoutes, { pool, store, handle, now });
  await app.register(applicationRoutes, { pool, store, handle, now });
  await app.register(closerFileRoutes, { pool, limiter, files: deps.files ?? diskFileStorage(`${deps.dataDir ?? '.data'}/files`) });
  await app.register(userRoutes, { store, handle, now });
  await app.register(trainingRoutes, { store, handle, now });
  await app.register(learningRoutes, { pool, store, handle, now });
  await app.register(billingRoutes, { pool, handle, now, provider: deps.billing ?? manualBilling });
  const signInLimits = deps.authLimits ?? defaultAuthLimits;
  await app.register(profileRoutes, { pool, handle, now });
  await app.register(passwordRoutes, {
    store, handle, sessions, limiter, hasher, now, limits: { perAddress: signInLimits.loginPerAddress, perAccount: signInLimits.loginPerAccount },
  });
  await app.register(sessionRoutes, { sessions });
  await app.register(integrationsModule, {
    pool, store, handle, limiter, now, settings: deps.integrations ?? defaultIntegrationSettings(deps.twoFactorKey), inboundPerSource: deps.inboundPerSource,
  });
  await app.register(twoFactorModule, {
    pool, store, handle, sessions, limiter, hasher, pendingSignIns, now, secureCookies, key: deps.twoFactorKey, limits: signInLimits,
  });  await app.register(funnelRoutes, { store, handle, now });
  await app.register(funnelPublishRoutes, { pool, handle, now });
  await app.register(funnelSubmitRoute, { pool, store, handle, limiter, now, limits: deps.funnelSubmitLimits });
};

export type CommandServiceDeps = CommandRouteDeps & {
  logger?: FastifyBaseLogger | false;
  checks: ReadinessChecks;
  /** Serve /metrics on this app to this bearer token (METRICS_TOKEN without METRICS_PORT). */
  metricsToken?: string;
  /** Peers whose X-Forwarded-* headers count: the gateway (config TRUST_PROXY). */
  trustProxy?: TrustProxy;
};

/** command-service on its own (the distributed form): health, readiness and the command routes under /api. */
export async function buildApp({ logger, checks, metricsToken, trustProxy, ...routeDeps }: CommandServiceDeps): Promise<HttpApp> {
  const app = await createHttpApp({ bodyLimit: routeDeps.bodyLimit, logger, mapError: domainErrorToProblem, metricsToken, trustProxy });
  await app.register(healthRoutes, { checks });
  await app.register(commandRoutes, routeDeps);
  return app;
}
