import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type StripeRequest = { method: string; path: string; authorization: string | undefined; form: URLSearchParams };

/**
 * A server on loopback that answers the two calls LeadFloor makes to Stripe (create a Checkout
 * Session, create a customer-portal session) in the shapes of Stripe's API reference, and keeps
 * what it was sent. The real `stripe` SDK talks to it over HTTP (STRIPE_API_URL), so the
 * adapter's requests are checked as Stripe would receive them; no network. A session's hosted
 * page, opened by a browser, sends it straight back to the session's success URL, as a
 * completed payment does.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = [];
  const successUrls = new Map<string, string>();
  let failures = 0;
  let sessions = 0;
  const server = createServer(async (req, res) => {
    const hosted = /^\/c\/pay\/(cs_test_\d+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && hosted) {
      res.writeHead(303, { location: (successUrls.get(hosted[1]!) ?? '').replace('{CHECKOUT_SESSION_ID}', hosted[1]!) });
      return res.end();
    }
    const form = new URLSearchParams(await bodyOf(req));
    requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, form });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    if (failures > 0) {
      failures--;
      return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } });
    }
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_${++sessions}`;
      successUrls.set(id, form.get('success_url') ?? '');
      return send(200, {
        id, object: 'checkout.session', mode: form.get('mode'), status: 'open', payment_status: 'unpaid', customer: form.get('customer'),
        customer_email: form.get('customer_email'), client_reference_id: form.get('client_reference_id'),
        metadata: { plan: form.get('metadata[plan]'), seats: form.get('metadata[seats]') }, subscription: null,
        success_url: form.get('success_url'), cancel_url: form.get('cancel_url'), url: `${origin()}/c/pay/${id}`,
      });
    }
    if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions') {
      return send(200, {
        id: 'bps_test_1', object: 'billing_portal.session', customer: form.get('customer'), return_url: form.get('return_url'),
        url: `https://billing.stripe.test/p/session/${form.get('customer')}`,
      });
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  });
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    /** STRIPE_API_URL for LeadFloor. */
    apiUrl: origin(),
    requests,
    /** The next `n` requests answer 500, as Stripe does when it fails on its side. */
    failNext(n: number) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const signer = new Stripe('sk_test_signer_only');

/** A webhook event as Stripe sends it, and its Stripe-Signature header from the SDK's own test helper. */
export function signedEvent(secret: string, e: { id: string; type: string; created: number; object: Record<string, unknown> }) {
  const payload = JSON.stringify({
    id: e.id, object: 'event', api_version: '2026-10-28.endive', created: e.created, livemode: false, pending_webhooks: 1,
    request: { id: null, idempotency_key: null }, type: e.type, data: { object: e.object },
  }, null, 2);
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** A subscription object of one item: `quantity` seats of `price`. */
export const subscriptionObject = (o: { id: string; customer: string; status: string; price: string; quantity: number; periodEnd: number }) => ({
  id: o.id, object: 'subscription', customer: o.customer, status: o.status, metadata: {},
  items: {
    object: 'list', has_more: false,
    data: [{ id: `si_${o.id}`, object: 'subscription_item', price: { id: o.price, object: 'price' }, quantity: o.quantity, current_period_end: o.periodEnd }],
  },
});
