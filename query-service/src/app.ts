import type { TrustProxy } from '@leadfloor/infra/config';
import type { FastifyBaseLogger } from 'fastify';
import { createHttpApp, type HttpApp } from '@leadfloor/infra/http/create-http-app';
import { notFoundProblem } from '@leadfloor/infra/http/error-handler';
import { healthRoutes, type ReadinessChecks } from '@leadfloor/infra/http/health-routes';
import { createSessionStore } from '@leadfloor/infra/auth/sessions';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { sessionAuth } from '@leadfloor/infra/http/session-auth';
import { twoFactorGate } from '@leadfloor/infra/auth/two-factor-gate';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { BillingProvider, DemoAccount } from '@leadfloor/contracts';
import { accountExportRoutes } from './account/account-export-routes';
import { academyReadRoutes } from './academy/academy-read-routes';
import { learnerReadRoutes } from './academy/learner-read-routes';
import { avatarRoutes } from './account/avatar-routes';
import { billingReadRoutes } from './billing/billing-read-routes';
import { profileReadRoutes } from './account/profile-read-routes';
import { sessionReadRoutes } from './account/session-read-routes';
import { currentUserRoute } from './auth/current-user-route';
import { twoFactorReadRoutes } from './auth/two-factor-read-routes';
import { demoAccountsRoute } from './auth/demo-accounts-route';
import { commandProxy } from './command-proxy';
import { describeRoutes, registerApiDocs } from './docs/api-docs';
import { callReadRoutes } from './calls/call-read-routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { statsExplainRoutes } from './dashboard/stats-explain-routes';
import { analyticsRoutes } from './analytics/analytics-routes';
import { leaderboardRoutes } from './leaderboard/leaderboard-routes';
import { leadReadRoutes } from './leads/lead-read-routes';
import { importReadRoutes } from './imports/import-read-routes';
import { leadExportRoutes } from './imports/lead-export-routes';
import { claimAttemptRoutes } from './leads/claim-attempt-routes';
import { poolPolicyReadRoutes } from './pool-policy/pool-policy-read-routes';
import { poolDistributionReadRoutes } from './pool-distribution/pool-distribution-read-routes';
import { socketPresence } from './pool-distribution/socket-presence';
import { saleReadRoutes } from './sales/sale-read-routes';
import { teamChatReadRoutes } from './teams/team-chat-read-routes';
import { teamTaskReadRoutes } from './teams/team-task-read-routes';
import { teamReadRoutes } from './teams/team-read-routes';
import { timeTravelRoutes } from './time-travel/time-travel-routes';
import type { SocketHub } from './live/socket-hub';
import { sessionEndings } from './live/session-endings';
import { wsRoute } from './live/ws-route';
import { notificationReadRoutes } from './notifications/notification-read-routes';
import { closerFileRoute } from './closers/closer-file-route';
import { closerReadRoutes } from './closers/closer-read-routes';
import { diskFileStorage, type FileStorage } from '@leadfloor/infra/file-storage/file-storage';
import { consoleNotBuiltRoute, consoleScriptHashes, isConsoleBuilt, serveConsole, spaFallback } from './console-routes';
import { integrationReadRoutes } from './integrations/integration-read-routes';
import { funnelReadRoutes } from './funnels/funnel-read-routes';
import { funnelReportRoute } from './funnels/funnel-report-route';
import { publicPageRoute } from './funnels/public-page-route';

/**
 * Where writes go. Distributed: proxied to command-service. Embedded: command-service's own
 * route plugin, handed in by the launcher (the composition root), registered in this instance,
 * so this service never imports that one.
 */
export type WriteRoutes =
  | {
    kind: 'proxy'; commandServiceUrl: string;
    /** Registers the proxied routes' plugin, for the API document only (see describeRoutes). */
    describe?(app: HttpApp): PromiseLike<unknown>;
  }
  | { kind: 'in-process'; register(app: HttpApp): PromiseLike<unknown> };

export type GatewayDeps = {
  pool: Pool;
  /** Secure session cookies (production). */
  secureCookies: boolean;
  now?: () => Date;
  /** The floor's time zone (TIME_ZONE): where "this week" and "this month" begin. Default UTC. */
  timeZone?: string;
  /** The replica's sockets; /ws is served when given. */
  hub?: SocketHub;
  bodyLimit: number;
  logger?: FastifyBaseLogger | false;
  /** Serve /metrics on this app to this bearer token (METRICS_TOKEN without METRICS_PORT). */
  metricsToken?: string;
  /** Readiness probes by name (postgres); the gateway only runs them. */
  checks: ReadinessChecks;
  /** Probes of what it can serve without, degraded (redis, kafka, live): see healthRoutes. */
  degradedWithout?: ReadinessChecks;
  writes: WriteRoutes;
  /** The console's build folder; served when it holds an index.html. */
  consoleDir?: string;
  /**
   * The demo floor's sign-ins, for the sign-in screen: given only when this floor is the demo
   * (the launcher reads them from the seed). Default: none, as on any production floor.
   */
  demoAccounts?: readonly DemoAccount[];
  /** Peers (a load balancer) whose X-Forwarded-* headers count (config TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** How plans change on this floor (Stripe when STRIPE_SECRET_KEY is set); default by hand. */
  billingProvider?: BillingProvider;
  /** CRM providers whose app credentials the deployment has (HUBSPOT_CLIENT_ID/_SECRET); default none. */
  crmConfigured?: { hubspot: boolean };
  /** Where uploaded files' bytes are read (closers hub): the same storage command-service writes to; default `.data/files`. */
  files?: FileStorage;
};

/**
 * The gateway: the single origin the console talks to. Reads, the live socket and the console
 * are served here; writes reach command-service (see WriteRoutes). Feature read routes
 * register below under /api as they land.
 */
export async function buildApp(deps: GatewayDeps): Promise<HttpApp> {
  const { pool, secureCookies, now = () => new Date(), timeZone = 'UTC', bodyLimit, logger, checks, degradedWithout, writes, consoleDir, hub } = deps;
  const consoleBuilt = isConsoleBuilt(consoleDir);
  const app = await createHttpApp({
    bodyLimit, logger, metricsToken: deps.metricsToken, trustProxy: deps.trustProxy,
    notFound: consoleBuilt ? spaFallback : notFoundProblem,
    scriptHashes: consoleBuilt ? consoleScriptHashes(consoleDir) : [],
  });

  // First: the API document is made from every route registered after it.
  const proxied = writes.kind === 'proxy' && writes.describe ? [await describeRoutes(writes.describe, { bodyLimit })] : [];
  await registerApiDocs(app, { joined: proxied });
  await app.register(healthRoutes, { checks, degradedWithout });
  await app.register(sessionAuth, { pool, sessions: createSessionStore(pool), secureCookies });
  await app.register(twoFactorGate, { pool, readsOnly: writes.kind === 'proxy' });
  const store = createPostgresEventStore(pool);
  await app.register(currentUserRoute, { pool });
  await app.register(demoAccountsRoute, { accounts: deps.demoAccounts ?? [] });
  await app.register(twoFactorReadRoutes, { pool });
  await app.register(leadReadRoutes, { pool, store, now });
  await app.register(importReadRoutes, { pool });
  await app.register(leadExportRoutes, { pool, now });
  await app.register(claimAttemptRoutes, { pool });
  await app.register(poolPolicyReadRoutes, { pool });
  await app.register(poolDistributionReadRoutes, { pool, now });
  await app.register(dashboardRoutes, { pool, now, timeZone });
  await app.register(statsExplainRoutes, { pool, now, timeZone });
  await app.register(analyticsRoutes, { pool, timeZone });
  await app.register(callReadRoutes, { pool, now, timeZone });
  await app.register(saleReadRoutes, { pool, now, timeZone });
  await app.register(leaderboardRoutes, { pool, now, timeZone });
  await app.register(timeTravelRoutes, { pool, now });
  await app.register(teamReadRoutes, { pool, now, timeZone });
  await app.register(teamChatReadRoutes, { pool });
  await app.register(teamTaskReadRoutes, { pool, now });
  await app.register(closerReadRoutes, { pool, now, timeZone });
  await app.register(closerFileRoute, { pool, files: deps.files ?? diskFileStorage('.data/files') });
  await app.register(academyReadRoutes, { pool });
  await app.register(learnerReadRoutes, { pool });
  await app.register(notificationReadRoutes, { pool });
  await app.register(integrationReadRoutes, { pool, configured: deps.crmConfigured ?? { hubspot: false } });
  await app.register(billingReadRoutes, { pool, provider: deps.billingProvider ?? 'manual' });
  await app.register(funnelReadRoutes, { pool });
  await app.register(funnelReportRoute, { pool, now, timeZone });
  await app.register(publicPageRoute, { pool, now, timeZone, secureCookies });
  const sessions = createSessionStore(pool);
  await app.register(profileReadRoutes, { pool, now, timeZone });
  await app.register(sessionReadRoutes, { sessions });
  await app.register(avatarRoutes, { pool });
  await app.register(accountExportRoutes, { pool, sessions, now });
  if (hub) {
    await app.register(wsRoute, { hub });
    await app.register(sessionEndings, { hub });
    // A connected console counts as present for round-robin and weighted offers.
    await app.register(socketPresence, { pool, hub });
  }
  if (writes.kind === 'proxy') {
    await app.register(commandProxy, { prefix: '/api', upstream: writes.commandServiceUrl });
    // The public funnel forms post here, outside /api (POST /f/{slug}/submit).
    await app.register(commandProxy, { prefix: '/f', upstream: writes.commandServiceUrl });
  } else {
    await writes.register(app);
  }

  if (consoleBuilt) await serveConsole(app, consoleDir);
  else await app.register(consoleNotBuiltRoute);
  return app;
}
