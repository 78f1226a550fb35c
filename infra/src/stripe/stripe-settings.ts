import { ConfigError, type Config } from '../config';

export type StripeSettings = {
  secretKey: string; webhookSecret: string; prices: { team: string; floor: string };
  /** Another address for Stripe's API (a Stripe-compatible server); default Stripe's own. */
  apiUrl?: string;
};

const NEEDED = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_TEAM', 'STRIPE_PRICE_FLOOR'] as const;

/**
 * Stripe billing when STRIPE_SECRET_KEY is set (then its webhook secret and both plans' prices
 * are required too, or start-up stops naming what is missing); null without it: the floor's
 * plan is then set by hand by a manager (the manual provider, the embedded default).
 */
export function stripeSettingsOf(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | (typeof NEEDED)[number]>): StripeSettings | null {
  if (config.STRIPE_SECRET_KEY === undefined) {
    const stray = NEEDED.filter((n) => config[n] !== undefined);
    if (stray.length > 0) throw new ConfigError(stray.map((variable) => ({ variable, message: 'is set but STRIPE_SECRET_KEY is not' })));
    return null;
  }
  const missing = NEEDED.filter((n) => config[n] === undefined);
  if (missing.length > 0) throw new ConfigError(missing.map((variable) => ({ variable, message: 'is required with STRIPE_SECRET_KEY' })));
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    prices: { team: config.STRIPE_PRICE_TEAM!, floor: config.STRIPE_PRICE_FLOOR! },
    ...(config.STRIPE_API_URL ? { apiUrl: config.STRIPE_API_URL } : {}),
  };
}
