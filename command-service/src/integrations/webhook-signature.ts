import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header both directions use: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'leadfloor-signature';
/** A signature older or newer than this is refused: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

const mac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** Signs a body as LeadFloor sends it (and as a sender of leads must sign theirs). */
export function signBody(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

/**
 * Checks a signature header against the exact raw body: the timestamp within the tolerance,
 * and some `v1` equal to ours, compared in constant time.
 */
export function verifySignature(secret: string, body: string, header: string | undefined, now: Date): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = header.split(',').map((p) => p.trim().split('=') as [string, string?]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const given = parts.filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v)).map(([, v]) => Buffer.from(v!, 'hex'));
  if (!Number.isSafeInteger(t) || given.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  // Every candidate is compared (no early exit), each in constant time.
  let match = false;
  for (const g of given) match = timingSafeEqual(g, expected) || match;
  return match ? { ok: true } : { ok: false, reason: 'mismatch' };
}
