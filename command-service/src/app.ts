import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { TrustProxy } from '@leadfloor/infra/config';
import { createHttpApp, type HttpApp } from '@leadfloor/infra/http/create-http-app';
import { problemErrorHandler } from '@leadfloor/infra/http/error-handler';
import { healthRoutes, type ReadinessChecks } from '@leadfloor/infra/http/health-routes';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { RateRule } from '@leadfloor/infra/auth/rate-limiter';
import { createRateLimiter } from '@leadfloor/infra/auth/rate-limiter';
import { createSessionStore } from '@leadfloor/infra/auth/sessions';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { sessionAuth } from '@leadfloor/infra/http/session-auth';
import { authRoutes, type AuthLimits } from './auth/auth-routes';
import { createPasswordHasher } from './auth/password-hasher';
import { callRoutes } from './calls/call-routes';
import { leadRoutes } from './leads/lead-routes';
import { notificationRoutes } from './notifications/notification-routes';
import { saleRoutes } from './sales/sale-routes';
import { teamChatRoutes } from './team-chat/team-chat-routes';
import { teamRoutes } from './teams/team-routes';
import { userRoutes } from './users/user-routes';
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
  await app.register(sessionAuth, { pool, sessions, secureCookies });
  await app.register(authRoutes, { pool, store, handle, sessions, limiter, hasher: createPasswordHasher(), now, limits: deps.authLimits });
  await app.register(leadRoutes, { pool, store, handle, limiter, now, claimLimit: deps.claimLimit });
  await app.register(notificationRoutes, { pool, handle, now });
  await app.register(callRoutes, { pool, store, handle, now });
  await app.register(saleRoutes, { pool, store, handle, now });
  await app.register(teamRoutes, { store, handle, now });
  await app.register(teamChatRoutes, { pool, store, handle, now });
  await app.register(userRoutes, { store, handle, now });
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
