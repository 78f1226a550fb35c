import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Contact = { id: string; properties: Record<string, string> };

const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => resolve(body));
});

/**
 * A HubSpot-shaped server on loopback speaking the subset LeadFloor uses, with HubSpot's
 * documented shapes: the authorize page (sends the browser straight back with a code),
 * `POST /oauth/v1/token` (authorization_code and refresh_token grants, form-encoded; a bad
 * refresh token answers 400 BAD_REFRESH_TOKEN), and `POST /crm/v3/objects/contacts/batch/upsert`
 * keyed by email (401 for a token it did not issue or that expired). `refuseRefresh` and
 * `expireAccess` let a test make HubSpot revoke the grant or expire the access token.
 */
export async function startFakeHubSpot() {
  const contacts = new Map<string, Contact>();
  const issued = { access: new Set<string>(), refresh: new Set<string>() };
  const requests: { path: string; body: string; authorization?: string }[] = [];
  let counter = 0;
  let refuseRefresh = false;
  const codes = new Set<string>();

  const grant = () => {
    counter++;
    const access = `fake-access-${counter}-${Math.random().toString(36).slice(2)}`;
    const refresh = `fake-refresh-${counter}-${Math.random().toString(36).slice(2)}`;
    issued.access.add(access);
    issued.refresh.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: 1800, token_type: 'bearer' };
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await read(req);
    requests.push({ path: url.pathname, body, authorization: req.headers.authorization });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth/v1/token') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== 'fake-client' || form.get('client_secret') !== 'fake-secret') {
        return json(400, { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (!codes.delete(code)) return json(400, { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code' });
        return json(200, grant());
      }
      if (form.get('grant_type') === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (refuseRefresh || !issued.refresh.has(refresh)) return json(400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or invalid refresh token' });
        return json(200, grant());
      }
      return json(400, { status: 'BAD_GRANT_TYPE', message: 'unknown grant type' });
    }
    if (req.method === 'POST' && url.pathname === '/crm/v3/objects/contacts/batch/upsert') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!issued.access.has(token)) return json(401, { status: 'error', message: 'Authentication credentials not found.', category: 'INVALID_AUTHENTICATION' });
      const { inputs } = JSON.parse(body) as { inputs: { idProperty: string; id: string; properties: Record<string, string> }[] };
      const results = inputs.map((input) => {
        const existing = contacts.get(input.id);
        const contact = { id: existing?.id ?? String(contacts.size + 1), properties: { ...existing?.properties, ...input.properties } };
        contacts.set(input.id, contact);
        return { ...contact, new: !existing, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), archived: false };
      });
      return json(200, { status: 'COMPLETE', results, startedAt: new Date().toISOString(), completedAt: new Date().toISOString() });
    }
    json(404, { status: 'error', message: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    contacts,
    requests,
    settings: { clientId: 'fake-client', clientSecret: 'fake-secret', apiUrl: url, authorizeUrl: `${url}/oauth/authorize`, redirectUri: null, scopes: ['crm.objects.contacts.write'] },
    /** HubSpot revokes the grant: every refresh is refused from now on. */
    refuseRefresh: () => { refuseRefresh = true; },
    /** Every access token issued so far stops working (as if expired). */
    expireAccess: () => issued.access.clear(),
    /** A code the authorize page would hand out. */
    authorize: (redirectUri: string, state: string) => {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.add(code);
      return { code, redirectUri, state };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A webhook receiver on loopback: records each request, and answers with the next of `statuses` (then 200). */
export async function startWebhookReceiver(statuses: number[] = []) {
  const received: { headers: IncomingMessage['headers']; body: string; at: number }[] = [];
  const server = createServer(async (req, res) => {
    received.push({ headers: req.headers, body: await read(req), at: Date.now() });
    res.writeHead(statuses.shift() ?? 200);
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
