import { z } from 'zod';

const optionalUrl = z.string().trim().min(1).optional();

/** Fastify's trustProxy: true, a hop count, or the addresses/CIDRs/keywords of trusted proxies. */
export type TrustProxy = boolean | number | string[];
function trustProxyOf(value: string | undefined): TrustProxy | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  // The embedded PostgreSQL's port; 0 picks a free one at each start. Unset: 5433 when free
  // (not 5432, which an installed PostgreSQL usually holds), else any free port.
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATABASE_URL: optionalUrl.refine((u) => u === undefined || /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// URL'),
  REDIS_URL: optionalUrl.refine((u) => u === undefined || /^rediss?:\/\//.test(u), 'must be a redis:// URL'),
  KAFKA_BROKERS: optionalUrl
    .transform((v) => (v === undefined ? undefined : v.split(',').map((b) => b.trim()).filter(Boolean)))
    .refine((bs) => bs === undefined || bs.every((b) => /^[^:\s]+:\d+$/.test(b)), 'must be host:port[,host:port...]'),
  KAFKA_TOPIC: z.string().regex(/^[a-zA-Z0-9._-]+$/).default('leadfloor.events'),
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(256).default(6),
  COMMAND_SERVICE_URL: optionalUrl.refine((u) => u === undefined || /^https?:\/\//.test(u), 'must be an http(s):// URL'),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: readable lines on a terminal, JSON lines otherwise (a file, a pipe, a log shipper).
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  DEMO: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  TIME_ZONE: z.string().min(1).default('UTC'),
  // Which peers may set X-Forwarded-For/-Host/-Proto (per-address limits and the Origin check
  // then see the browser, not the proxy): `true`, a hop count, or a comma list of addresses,
  // CIDRs and the keywords loopback, linklocal, uniquelocal. Unset: no proxy is trusted, except
  // that command-service trusts loopback (its gateway) in the distributed form.
  TRUST_PROXY: z.string().trim().min(1).optional().transform(trustProxyOf),
  // The console build the gateway serves (default: console/dist of this checkout).
  CONSOLE_DIR: z.string().trim().min(1).optional(),
  // `npm start` builds console/dist when it is missing or older than the console's sources
  // (auto); off serves whatever is there. A CONSOLE_DIR is always served as it is.
  CONSOLE_BUILD: z.enum(['auto', 'off']).default('auto'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // Sign-in attempts one address may make per 15 min, and registration attempts per 10 min (a
  // ceiling on the hashing one address causes; an office signing up its floor stays well
  // under it). Raise them only where very many users share an address (a test suite).
  LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  // Claims one agent may make per 10 s before 429 (scripted claiming).
  CLAIMS_PER_AGENT_PER_10S: z.coerce.number().int().min(1).default(20),
  /** Public funnel form posts one address may make per minute before 429. */
  FUNNEL_SUBMITS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Posts one funnel's forms may take per minute, from all addresses, before 429. */
  FUNNEL_SUBMITS_PER_FORM: z.coerce.number().int().min(1).default(600),
  // Metrics are off the public port unless asked for: METRICS_TOKEN serves /metrics on PORT to
  // `Authorization: Bearer <token>`; METRICS_PORT serves it on a port of its own (on METRICS_HOST,
  // loopback by default), the token then still required when set.
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // The key TOTP secrets are encrypted with (AES-256-GCM): 32 bytes as 64 hex digits or base64.
  // Unset: a key generated once into DATA_DIR/two-factor.key and kept there (see two-factor-key.ts).
  TOTP_ENCRYPTION_KEY: z.string().trim().optional()
    .refine((v) => v === undefined || keyBytesOf(v) !== null, 'must be 32 bytes, as 64 hex digits or base64'),
  // Billing through Stripe (see stripe/stripe-settings.ts): the secret API key, the webhook
  // endpoint's signing secret, and the recurring per-seat prices of the Team and Floor plans.
  // Unset: a manager sets the floor's plan and seats by hand.
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)').optional(),
  STRIPE_PRICE_TEAM: z.string().trim().regex(/^price_\w+$/, 'must be a Stripe price id (price_…)').optional(),
  STRIPE_PRICE_FLOOR: z.string().trim().regex(/^price_\w+$/, 'must be a Stripe price id (price_…)').optional(),
  // Where Stripe's API answers (default Stripe's own): a Stripe-compatible server such as stripe-mock.
  STRIPE_API_URL: optionalUrl.refine((u) => u === undefined || /^https?:\/\/[^/]+\/?$/.test(u), 'must be an http(s):// origin'),
  // HubSpot CRM (see hubspot/hubspot-settings.ts): the OAuth app's client id and secret. Unset:
  // the /integrations screen says how to configure it. The URLs default to HubSpot's own.
  HUBSPOT_CLIENT_ID: z.string().trim().min(1).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().trim().min(1).optional(),
  HUBSPOT_API_URL: optionalUrl.refine((u) => u === undefined || /^https?:\/\/[^/]+\/?$/.test(u), 'must be an http(s):// origin'),
  HUBSPOT_AUTHORIZE_URL: optionalUrl.refine((u) => u === undefined || /^https?:\/\//.test(u), 'must be an http(s):// URL'),
  // Where HubSpot sends the browser back; unset: /integrations/hubspot/callback on the console's own origin.
  HUBSPOT_REDIRECT_URI: optionalUrl.refine((u) => u === undefined || /^https?:\/\//.test(u), 'must be an http(s):// URL'),
  // Outbound webhook targets (see integrations/webhook-targets.ts): `true` also allows private
  // network addresses (an intranet receiver). Loopback http is allowed outside production only.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

/** A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe), else null. */
export function keyBytesOf(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable}: ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start-up; an invalid variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(blanksRemoved);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? '?'), message: i.message })));
}

/** The token for /metrics on the service's own port: only when metrics have no port of their own. */
export const metricsTokenOnMainPort = (config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT'>) =>
  config.METRICS_PORT === undefined ? config.METRICS_TOKEN : undefined;

/**
 * Variables a run mode cannot do without (the distributed form needs all three services):
 * fails with a ConfigError naming every missing one.
 */
export function requireConfig<K extends keyof Config>(
  config: Config, names: readonly K[], mode = 'this process',
): Config & { [P in K]-?: NonNullable<Config[P]> } {
  const missing = names.filter((n) => config[n] === undefined);
  if (missing.length > 0) throw new ConfigError(missing.map((n) => ({ variable: String(n), message: `is required by ${mode}` })));
  return config as Config & { [P in K]-?: NonNullable<Config[P]> };
}
