import type { CrmProvider } from '@leadfloor/events';
import { createHubSpotCrm } from '@leadfloor/infra/hubspot/hubspot-crm';
import type { IntegrationSettings } from './integration-settings';

export type CrmTokens = { accessToken: string; refreshToken: string; expiresAt: Date };
export type CrmContact = { email: string; firstname: string; lastname: string; phone: string; address: string; city: string; state: string };

/**
 * What the integrations need of a CRM: its OAuth 2 authorization-code flow with refresh, and
 * contacts upserted by email. Errors carry `kind: 'auth'` when the grant is no longer good
 * (the owner must reconnect). The one adapter: HubSpot CRM v3 (infra/src/hubspot/).
 */
export type CrmPort = {
  provider: CrmProvider;
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string, now: Date): Promise<CrmTokens>;
  refresh(refreshToken: string, now: Date): Promise<CrmTokens>;
  upsertContacts(accessToken: string, contacts: CrmContact[]): Promise<{ created: number; updated: number }>;
};

export const crmPortFor = (settings: IntegrationSettings, provider: CrmProvider): CrmPort | null =>
  provider === 'hubspot' && settings.hubspot ? createHubSpotCrm(settings.hubspot) : null;

export const isAuthFailure = (err: unknown) => (err as { kind?: unknown } | null)?.kind === 'auth';

/** A lead as a contact: the name split at its last space (HubSpot keeps first and last names apart). */
export function contactOf(lead: { name: string; email: string; phone: string; address: string | null; city: string; state: string }): CrmContact {
  const name = lead.name.trim();
  const cut = name.lastIndexOf(' ');
  return {
    email: lead.email, firstname: cut > 0 ? name.slice(0, cut) : name, lastname: cut > 0 ? name.slice(cut + 1) : '',
    phone: lead.phone, address: lead.address ?? '', city: lead.city, state: lead.state,
  };
}
