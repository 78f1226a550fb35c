import type { Config } from '@leadfloor/infra/config';
import { createStripeBilling, type CheckoutRequest, type StripeFact } from '@leadfloor/infra/stripe/stripe-billing';
import { stripeSettingsOf } from '@leadfloor/infra/stripe/stripe-settings';

/**
 * The billing port: how the floor pays. `manual` (the embedded default, no outside system): a
 * manager sets the plan and seats by hand. `stripe`: Checkout for a plan, the customer portal,
 * and webhook events that tell the floor its subscription's state (infra/src/stripe/).
 */
export type BillingProvider =
  | { kind: 'manual' }
  | {
    kind: 'stripe';
    startCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
    openPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
    /** Verifies the raw body against its signature header, then reads it; throws when it does not verify. */
    readWebhook(payload: string | Buffer, signature: string | undefined): StripeFact;
  };

export const manualBilling: BillingProvider = { kind: 'manual' };

/** Stripe when STRIPE_SECRET_KEY (and its companions) are configured, else by hand. */
export function billingProviderFrom(config: Config): BillingProvider {
  const settings = stripeSettingsOf(config);
  return settings ? createStripeBilling(settings) : manualBilling;
}
