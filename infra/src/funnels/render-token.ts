import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Pool } from '../postgres/pool';

/** Where a published page's form takes its render token: the projector leaves this, the gateway fills it per view. */
export const RENDER_TOKEN_SLOT = '__LF_RENDER_TOKEN__';

/** What a render token says: the page it was shown on, and when. */
export type RenderTokenClaims = { funnelId: number; publishedVersion: number; stepId: number; variant: string; issuedAt: number };

const SHAPE = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.([A-D])\.(\d{13})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

const sign = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/**
 * A signed token the gateway puts into each form it serves: the funnel, publish, step and
 * variant shown, the instant, and a nonce. The form's post carries it back, so a post names the
 * exact form it answers (validated against that form), how long the visitor took (too fast or too
 * old is a bot's), and, hashed, its submission id (the same rendered form posted twice is one
 * submission). HMAC-SHA256 under the floor's funnel key (migration 015).
 */
export function issueRenderToken(key: string, c: Omit<RenderTokenClaims, 'issuedAt'>, now: Date, nonce = randomBytes(12).toString('base64url')): string {
  const body = `${c.funnelId}.${c.publishedVersion}.${c.stepId}.${c.variant}.${now.getTime()}.${nonce}`;
  return `${body}.${sign(key, body)}`;
}

/** The token's claims when it is one of ours, untouched; null otherwise. */
export function verifyRenderToken(key: string, token: string): RenderTokenClaims | null {
  const m = SHAPE.exec(token);
  if (!m) return null;
  const body = token.slice(0, token.lastIndexOf('.'));
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(m[7]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { funnelId: Number(m[1]), publishedVersion: Number(m[2]), stepId: Number(m[3]), variant: m[4]!, issuedAt: Number(m[5]) };
}

/** The floor's funnel key, read once per process (it never changes). */
export function funnelKeyReader(pool: Pool): () => Promise<string> {
  let key: Promise<string> | null = null;
  return () => {
    key ??= pool.query<{ key: string }>('select key from funnel_keys where id = 1').then((r) => {
      const row = r.rows[0];
      if (!row) throw new Error('funnel_keys has no key: run the migrations');
      return row.key;
    }).catch((err: unknown) => {
      key = null;
      throw err;
    });
    return key;
  };
}
