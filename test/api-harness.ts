import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { commandRoutes } from '../command-service/src/app';
import type { AuthLimits } from '../command-service/src/auth/auth-routes';
import type { SubmitLimits } from '../command-service/src/funnels/funnel-submit-route';
import type { RateRule } from '../infra/src/auth/rate-limiter';
import { BILLING_STREAM, billingAggregate } from '../command-service/src/billing/billing-aggregate';
import type { BillingProvider } from '../command-service/src/billing/billing-provider';
import { createCommandHandler } from '../command-service/src/shared/handle-command';
import { createPostgresEventStore } from '../infra/src/event-store/postgres-event-store';
import type { PlanId } from '../events/src/billing-events';
import { postgresCheck } from '../infra/src/http/readiness-checks';
import { createLogger, type Logger } from '../infra/src/logger';
import { createPool, type Pool } from '../infra/src/postgres/pool';
import { diskFileStorage } from '../infra/src/file-storage/file-storage';
import { startBackground } from '../launcher/src/start-background';
import { buildApp } from '../query-service/src/app';
import { createSocketHub } from '../query-service/src/live/socket-hub';
import { createSessionStore } from '../infra/src/auth/sessions';
import type { LivePublish } from '../projector/src/notifications/live-feed';
import type { DemoAccount } from '../contracts/src/auth';
import { createTestDatabase } from './db';
import { defaultIntegrationSettings, type IntegrationSettings } from '../command-service/src/integrations/integration-settings';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test replies are read field by field
type Reply = { statusCode: number; headers: Record<string, unknown>; json(): any; body: string };

/** A signed-in user of the API, holding their session cookie. */
export type Agent = {
  id: number;
  cookie: string;
  request(method: Method, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  raw(method: Method, url: string, payload: string, headers?: Record<string, string>): Promise<Reply>;
};

export type Api = Awaited<ReturnType<typeof startApi>>;

const generous: AuthLimits = {
  loginPerAddress: { max: 100_000, windowMs: 60_000 },
  loginPerAccount: { max: 100_000, windowMs: 60_000 },
  registerPerAddress: { max: 100_000, windowMs: 60_000 },
  registerFailuresPerAddress: { max: 100_000, windowMs: 60_000 },
};

/**
 * The embedded form of LeadFloor on a fresh test database, composed as the launcher composes
 * it (gateway with the command routes in-process, projections tailing the log, jobs on the
 * Postgres backend), driven with Fastify's inject: the real routes, rules and read models.
 */
export async function startApi(opts: {
  limits?: Partial<AuthLimits>; publish?: LivePublish; databaseUrl?: string;
  /** How often the socket hub checks every socket's session (default 1 s). */
  heartbeatMs?: number;
  /** The process logger for the app and the background (default: silent). */
  logger?: Logger;
  /** Serve /metrics to this bearer token. */
  metricsToken?: string;
  /** The demo floor's sign-ins the gateway offers (the launcher's, on a demo floor); default none. */
  demoAccounts?: DemoAccount[];
  /**
   * The floor's plan, set by hand before the test: by default Floor with 250 seats, so a test of
   * another feature signs up whoever it needs. 'fresh' leaves the floor as a new one starts: Free.
   */
  plan?: { plan: PlanId; seats: number } | 'fresh';
  /** How the floor pays (default by hand); the billing tests hand in the Stripe adapter. */
  billing?: BillingProvider;
  /** Claims one agent may make per window before 429 (default the app's: 20 in 10 s). */
  claimLimit?: RateRule;
  /** Lead sources, webhooks and CRM (one settings object for the routes and the background, so one key). */
  integrations?: IntegrationSettings;
  /** Leads one inbound source may send per minute (default the app's). */
  inboundPerSource?: RateRule;
  /** The public funnel forms' limits (default the app's). */
  funnelSubmitLimits?: SubmitLimits;
} = {}) {
  const db = opts.databaseUrl ? { url: opts.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const pool: Pool = createPool(db.url, { max: 40 });
  const logger = opts.logger ?? createLogger({ LOG_LEVEL: 'silent' } as Parameters<typeof createLogger>[0]);
  const sessions = createSessionStore(pool);
  const hub = createSocketHub({ heartbeatMs: opts.heartbeatMs ?? 1_000, sessionAlive: async (token) => (await sessions.resolve(token)) !== null });
  const twoFactorKey = randomBytes(32);
  const integrations = opts.integrations ?? defaultIntegrationSettings(twoFactorKey);
  const background = await startBackground({ pool, databaseUrl: db.url, logger, shutdownTimeoutMs: 5_000, publish: opts.publish ?? hub.deliver, integrations });
  const app = await buildApp({
    pool, hub, secureCookies: false, bodyLimit: 1_048_576, logger: opts.logger ?? false, consoleDir: undefined, metricsToken: opts.metricsToken, demoAccounts: opts.demoAccounts,
    checks: { postgres: postgresCheck(pool) },
    writes: {
      kind: 'in-process',
      register: (gateway) => gateway.register(commandRoutes, {
        pool, bodyLimit: 1_048_576, secureCookies: false, authLimits: { ...generous, ...opts.limits }, twoFactorKey,
        billing: opts.billing, claimLimit: opts.claimLimit, claimCounts: 'process', integrations, inboundPerSource: opts.inboundPerSource, funnelSubmitLimits: opts.funnelSubmitLimits,
        dataDir: join(tmpdir(), 'leadfloor-test-data'),
      }),
    },
    billingProvider: opts.billing?.kind,
    crmConfigured: { hubspot: integrations.hubspot !== null },
    files: diskFileStorage(join(tmpdir(), 'leadfloor-test-data', 'files')),
  });
  if (opts.plan !== 'fresh') {
    await createCommandHandler(createPostgresEventStore(pool))(billingAggregate, BILLING_STREAM, {
      type: 'SetPlan', data: opts.plan ?? { plan: 'floor', seats: 250 },
      meta: { now: new Date().toISOString(), actor: { id: null, role: 'system', teamId: null }, provider: opts.billing?.kind ?? 'manual' },
    }, { actorId: null, correlationId: 'test-plan' });
  }

  const as = (cookie: string) => ({
    request: (method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method, url, headers: { cookie, ...headers }, ...(body === undefined ? {} : { payload: body as object }) }) as Promise<Reply>,
    raw: (method: Method, url: string, payload: string, headers: Record<string, string> = {}) =>
      app.inject({ method, url, payload, headers: { cookie, 'content-type': 'application/json', ...headers } }) as Promise<Reply>,
  });

  return {
    app,
    pool,
    hub,
    url: db.url,
    /** Registers `username` (full name "<Username> Agent") and returns them signed in. */
    async agent(username: string): Promise<Agent> {
      const res = await app.inject({
        method: 'POST', url: '/api/auth/register',
        payload: { username, email: `${username}@example.com`, password: 'secret123', fullName: `${username[0]!.toUpperCase()}${username.slice(1)} Agent` },
      });
      if (res.statusCode !== 201) throw new Error(`register ${username}: ${res.statusCode} ${res.body}`);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      // Until the users read model has them, reads that name people (a claim's claimedByName)
      // would not; current-user waits for the row.
      await app.inject({ method: 'GET', url: '/api/auth/current-user', headers: { cookie } });
      return { id: res.json().user.id, cookie, ...as(cookie) };
    },
    async close() {
      hub.close();
      await app.close();
      await background.stop();
      await pool.end();
      await db.drop();
    },
  };
}
