import type { Config } from '../config';

export type HubSpotSettings = {
  clientId: string;
  clientSecret: string;
  /** Where the CRM and OAuth token APIs answer (api.hubapi.com, or a HubSpot-shaped test server). */
  apiUrl: string;
  /** The page the browser is sent to, to grant access. */
  authorizeUrl: string;
  /** Fixed redirect URI; null: the console's own /integrations/hubspot/callback. */
  redirectUri: string | null;
  scopes: string[];
};

/** The scopes pushing leads to contacts needs (HubSpot's OAuth scope names). */
export const HUBSPOT_SCOPES = ['crm.objects.contacts.read', 'crm.objects.contacts.write', 'oauth'];

/** HubSpot when both client credentials are set; null otherwise (the screen then says how to configure it). */
export function hubSpotSettingsFrom(config: Pick<Config,
  'HUBSPOT_CLIENT_ID' | 'HUBSPOT_CLIENT_SECRET' | 'HUBSPOT_API_URL' | 'HUBSPOT_AUTHORIZE_URL' | 'HUBSPOT_REDIRECT_URI'>): HubSpotSettings | null {
  if (!config.HUBSPOT_CLIENT_ID || !config.HUBSPOT_CLIENT_SECRET) return null;
  return {
    clientId: config.HUBSPOT_CLIENT_ID,
    clientSecret: config.HUBSPOT_CLIENT_SECRET,
    apiUrl: (config.HUBSPOT_API_URL ?? 'https://api.hubapi.com').replace(/\/$/, ''),
    authorizeUrl: config.HUBSPOT_AUTHORIZE_URL ?? 'https://app.hubspot.com/oauth/authorize',
    redirectUri: config.HUBSPOT_REDIRECT_URI ?? null,
    scopes: HUBSPOT_SCOPES,
  };
}
