import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { signBody, SIGNATURE_HEADER } from './webhook-signature';
import { addressRefusal, guardedLookup, urlRefusal, type TargetRule } from './webhook-targets';

export type SendOutcome = { ok: boolean; statusCode: number | null; error: string | null };

const TIMEOUT_MS = 10_000;

/**
 * POSTs one signed delivery. The target rule is applied again here, on the address actually
 * connected to (a name re-pointed at a private address since it was subscribed is refused).
 * Redirects are not followed; a 2xx is success; the answer's body is read and dropped.
 */
export function sendSigned(opts: {
  url: string; body: string; secret: string; rule: TargetRule; now: Date; headers: Record<string, string>;
}): Promise<SendOutcome> {
  const { body, rule } = opts;
  let url: URL;
  try {
    url = new URL(opts.url);
  } catch {
    return Promise.resolve({ ok: false, statusCode: null, error: 'Not a valid URL.' });
  }
  const form = urlRefusal(url, rule);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) ? addressRefusal(host, rule) : null;
  if (form || literal) return Promise.resolve({ ok: false, statusCode: null, error: form ?? `The target is ${literal}.` });
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      lookup: guardedLookup(rule) as never,
      timeout: TIMEOUT_MS,
      headers: {
        'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'LeadFloor-Webhooks/1',
        [SIGNATURE_HEADER]: signBody(opts.secret, body, opts.now), ...opts.headers,
      },
    }, (res) => {
      res.resume();
      res.on('end', () => {
        const code = res.statusCode ?? 0;
        resolve({ ok: code >= 200 && code < 300, statusCode: code, error: code >= 200 && code < 300 ? null : `The receiver answered ${code}.` });
      });
      res.on('error', () => resolve({ ok: false, statusCode: res.statusCode ?? null, error: 'The answer was cut off.' }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => {
      const why = err.code === 'ETARGETREFUSED' ? 'The target resolves to an address webhooks may not call.'
        : err.code === 'ETIMEDOUT' ? `No answer within ${TIMEOUT_MS / 1000} s.` : `Could not connect (${err.code ?? 'error'}).`;
      resolve({ ok: false, statusCode: null, error: why });
    });
    req.end(body);
  });
}
