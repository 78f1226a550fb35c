import type { Config } from '@leadfloor/infra/config';
import { createSecretBox, type SecretBox } from '@leadfloor/infra/auth/secret-box';
import { hubSpotSettingsFrom, type HubSpotSettings } from '@leadfloor/infra/hubspot/hubspot-settings';
import type { TargetRule } from './webhook-targets';

/** What the integrations need from the deployment: the secret boxes, HubSpot's app, the webhook target rule. */
export type IntegrationSettings = {
  boxes: { sources: SecretBox; webhooks: SecretBox; crm: SecretBox };
  hubspot: HubSpotSettings | null;
  targets: TargetRule;
  /** Outbound delivery retries (exponential from `delayMs`); tests shorten it. */
  webhookRetry: { attempts: number; delayMs: number };
};

export const secretBoxesFor = (serverKey: Buffer): IntegrationSettings['boxes'] => ({
  sources: createSecretBox(serverKey, 'lead-source-secrets'),
  webhooks: createSecretBox(serverKey, 'webhook-secrets'),
  crm: createSecretBox(serverKey, 'crm-tokens'),
});

/** Eight attempts from 30 s: the last retry about an hour after the first try. */
export const DEFAULT_WEBHOOK_RETRY = { attempts: 8, delayMs: 30_000 };

/**
 * From the configuration and the server's key (two-factor-key.ts: TOTP_ENCRYPTION_KEY or the
 * key file); each kind of secret is sealed under its own key derived from it.
 */
export function integrationSettingsFrom(config: Config, serverKey: Buffer): IntegrationSettings {
  return {
    boxes: secretBoxesFor(serverKey),
    hubspot: hubSpotSettingsFrom(config),
    targets: { production: config.NODE_ENV === 'production', allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS },
    webhookRetry: DEFAULT_WEBHOOK_RETRY,
  };
}

/** Without configuration (tests of other areas): development rules, no HubSpot, boxes under the given key. */
export const defaultIntegrationSettings = (serverKey: Buffer): IntegrationSettings => ({
  boxes: secretBoxesFor(serverKey), hubspot: null, targets: { production: false, allowPrivate: false }, webhookRetry: DEFAULT_WEBHOOK_RETRY,
});
