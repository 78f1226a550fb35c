import { createHash, randomBytes } from 'node:crypto';
import { carriesCampaign, encodeTouch, FIRST_TOUCH_COOKIE, LAST_TOUCH_COOKIE, touchOf, VISITOR_COOKIE } from '@leadfloor/infra/funnels/attribution';
import { funnelKeyReader, issueRenderToken, RENDER_TOKEN_SLOT } from '@leadfloor/infra/funnels/render-token';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { variantFor, type Variant } from './split-bucket';

export type PublicPageDeps = { pool: Pool; now: () => Date; timeZone: string; secureCookies: boolean };

type LiveStep = { stepId: number; path: string; variants: Partial<Record<Variant, Variant>>; weights: Partial<Record<Variant, number>> | null };
type Live = { id: number; status: string; live: { slug: string; publishedVersion: number; steps: LiveStep[] } };

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR = 365 * 86_400;
const TOUCH_AGE = 90 * 86_400;
const PAGE_CSP_HEADER = 'content-security-policy';

const notice = (title: string, text: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>`
  + '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style></head>'
  + `<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
const NOTICE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/**
 * GET /p/{slug}/{stepPath?}: a published funnel step, as the projector rendered it, to anyone.
 * The first step when no path is given. A split test's variant is chosen by a stable hash of
 * the visitor's first-party cookie and served in place (no redirect), the same one on every
 * visit. Each answer puts a fresh signed render token in the form and carries a strict CSP (the
 * page's own stylesheet by hash, no script) and an ETag of the page; a paused or archived funnel
 * answers 410. The view is counted per day, step and variant (never in the event log), and the
 * UTM parameters and ad click ids are kept in first-party cookies as the first and last touch.
 */
export const publicPageRoute: FastifyPluginAsyncZod<PublicPageDeps> = async (app, { pool, now, timeZone, secureCookies }) => {
  const funnelKey = funnelKeyReader(pool);
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: secureCookies, path: '/' };

  const serve = async (req: { params: { slug: string; path?: string }; query: Record<string, unknown>; cookies: Record<string, string | undefined>; headers: Record<string, unknown>; url: string }, reply: FastifyReply) => {
    const html = (status: number, body: string, csp = NOTICE_CSP) => reply.code(status).type('text/html; charset=utf-8').header(PAGE_CSP_HEADER, csp).header('cache-control', 'no-store')
      // The form posts back to this origin: a same-origin referrer keeps its Origin header (no-referrer would send 'null', which the origin check refuses).
      .header('referrer-policy', 'same-origin').send(body);
    const { rows } = await pool.query<Live>(`select id, status, live from funnels_v1 where live->>'slug' = $1`, [req.params.slug]);
    const funnel = rows[0];
    if (!funnel) return html(404, notice('Page not found', 'There is no page at this address.'));
    if (funnel.status === 'paused' || funnel.status === 'archived') return html(410, notice('This page is no longer available', 'The offer on this page has ended.'));
    const steps = funnel.live.steps;
    const step = req.params.path === undefined ? steps[0] : steps.find((s) => s.path === req.params.path);
    if (!step) return html(404, notice('Page not found', 'There is no page at this address.'));

    const known = req.cookies[VISITOR_COOKIE];
    const visitorId = known && VISITOR_ID.test(known) ? known : randomBytes(16).toString('base64url');
    const chosen = step.weights ? variantFor(step.weights, funnel.id, step.stepId, visitorId) : 'A';
    const variant = step.variants[chosen] ?? step.variants.A ?? 'A';
    const page = (await pool.query<{ html: string; etag: string; csp: string }>(
      'select html, etag, csp from funnel_pages_v1 where funnel_id = $1 and published_version = $2 and step_id = $3 and variant = $4',
      [funnel.id, funnel.live.publishedVersion, step.stepId, variant])).rows[0];
    if (!page) return html(404, notice('Page not found', 'This page is being published. Try again in a moment.'));

    if (known !== visitorId) reply.setCookie(VISITOR_COOKIE, visitorId, { ...cookie, maxAge: YEAR });
    const touch = touchOf(req.query, req.url.split('?')[0]!);
    if (!req.cookies[FIRST_TOUCH_COOKIE]) reply.setCookie(FIRST_TOUCH_COOKIE, encodeTouch(touch), { ...cookie, maxAge: TOUCH_AGE });
    if (carriesCampaign(touch)) reply.setCookie(LAST_TOUCH_COOKIE, encodeTouch(touch), { ...cookie, maxAge: TOUCH_AGE });
    const at = now();
    await pool.query(
      `with day as (select ($5::timestamptz at time zone $6)::date as d),
       seen as (insert into funnel_visitors (day, funnel_id, step_id, variant, visitor) select d, $1, $2, $3, $4 from day on conflict do nothing)
       insert into funnel_visit_days (day, funnel_id, step_id, variant, visits) select d, $1, $2, $3, 1 from day
       on conflict (funnel_id, day, step_id, variant) do update set visits = funnel_visit_days.visits + 1`,
      [funnel.id, step.stepId, variant, createHash('sha256').update(visitorId).digest('base64url').slice(0, 22), at, timeZone]);

    reply.header('etag', page.etag).header('vary', 'Cookie').header('cache-control', 'private, no-cache');
    if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const token = issueRenderToken(await funnelKey(), { funnelId: funnel.id, publishedVersion: funnel.live.publishedVersion, stepId: step.stepId, variant }, at);
    return html(200, page.html.replace(RENDER_TOKEN_SLOT, token), page.csp);
  };

  const params = z.object({ slug: z.string().max(60), path: z.string().max(60).optional() });
  const schema = { params, querystring: z.record(z.string(), z.unknown()), security: [], hide: true };
  app.get('/p/:slug', { schema }, (req, reply) => serve(req as never, reply));
  app.get('/p/:slug/:path', { schema }, (req, reply) => serve(req as never, reply));
};

