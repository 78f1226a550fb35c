import { startFakeHubSpot } from '../../../test/fake-hubspot';
import { startOwnFloor } from './billing';

/**
 * The demo floor with HubSpot configured: its OAuth and CRM API are a HubSpot-shaped server on
 * loopback whose authorize page sends the browser straight back with a code, as a manager
 * granting access does. A floor of its own, so the suite's shared floor keeps HubSpot unconfigured.
 */
export async function startHubSpotFloor() {
  const hubspot = await startFakeHubSpot();
  const backend = await startOwnFloor({
    HUBSPOT_CLIENT_ID: hubspot.settings.clientId, HUBSPOT_CLIENT_SECRET: hubspot.settings.clientSecret,
    HUBSPOT_API_URL: hubspot.url, HUBSPOT_AUTHORIZE_URL: hubspot.settings.authorizeUrl,
  }).catch(async (err: unknown) => {
    await hubspot.close();
    throw err;
  });
  return {
    url: backend.url,
    hubspot,
    async stop() {
      await backend.stop();
      await hubspot.close();
    },
  };
}
