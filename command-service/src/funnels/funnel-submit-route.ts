import { createHash } from 'node:crypto';
import { FUNNEL_SUBMIT_MAX_BYTES, FunnelSubmitAcceptedSchema } from '@leadfloor/contracts';
import { HONEYPOT_FIELD, RENDER_TOKEN_FIELD, type FormField } from '@leadfloor/funnel-pages';
import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { decodeTouch, FIRST_TOUCH_COOKIE, LAST_TOUCH_COOKIE } from '@leadfloor/infra/funnels/attribution';
import { funnelKeyReader, verifyRenderToken } from '@leadfloor/infra/funnels/render-token';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { isStorableText } from '@leadfloor/infra/http/storable-text';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { submissionErrorsPage } from './submission-errors-page';
import { checkSubmission, type FieldError } from './submission-fields';
import { leadFromSubmission, type SubmissionPayload } from './submission-lead';

export type SubmitLimits = { perAddress: RateRule; perForm: RateRule; minFillMs: number; maxAgeMs: number };
export const DEFAULT_SUBMIT_LIMITS: SubmitLimits = {
  perAddress: { max: 10, windowMs: 60_000 }, perForm: { max: 600, windowMs: 60_000 },
  // People take seconds to fill a form; a post within 2 s of the page being served is a bot's.
  minFillMs: 2_000,
  maxAgeMs: 24 * 3_600_000,
};
/** The default limits with other numbers of posts per minute (config FUNNEL_SUBMITS_PER_ADDRESS, FUNNEL_SUBMITS_PER_FORM). */
export const submitLimitsFor = (c: { FUNNEL_SUBMITS_PER_ADDRESS: number; FUNNEL_SUBMITS_PER_FORM: number }): SubmitLimits => ({
  ...DEFAULT_SUBMIT_LIMITS, perAddress: { max: c.FUNNEL_SUBMITS_PER_ADDRESS, windowMs: 60_000 }, perForm: { max: c.FUNNEL_SUBMITS_PER_FORM, windowMs: 60_000 },
});
export type FunnelSubmitDeps = { pool: Pool; store: EventStore; handle: HandleCommand; limiter: RateLimiter; now: () => Date; limits?: SubmitLimits };

type Page = { form_fields: FormField[]; next_path: string | null; path: string; status: string; lead_type: string; owner_id: number };
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * POST /f/{slug}/submit: a published form's post, no session. A browser without script posts
 * the form and gets 303 to the next step; a script posting JSON gets 202. Bots are dropped
 * without being told: a filled honeypot, a render token that is missing, forged, too fresh or
 * too old gets the same answer as a person, and nothing is kept. Real mistakes (a required field
 * empty, an email that is not one) answer 400 with each field's message. One rendered form makes
 * one submission however often it is posted: the token's hash is the submission's external id.
 */
export const funnelSubmitRoute: FastifyPluginAsyncZod<FunnelSubmitDeps> = async (app, deps) => {
  const { pool, limiter, now } = deps;
  const limits = deps.limits ?? DEFAULT_SUBMIT_LIMITS;
  const funnelKey = funnelKeyReader(pool);
  app.removeAllContentTypeParsers();
  for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: FUNNEL_SUBMIT_MAX_BYTES }, (_req, body, done) => {
      try {
        done(null, utf8.decode(body as Buffer));
      } catch {
        done(new ApiError(400, 'malformed_body', 'The body is not UTF-8 text.'), undefined);
      }
    });
  }

  app.post('/f/:slug/submit', {
    bodyLimit: FUNNEL_SUBMIT_MAX_BYTES,
    schema: {
      params: z.object({ slug: z.string().max(60) }),
      body: z.string().meta({ description: 'The form as application/x-www-form-urlencoded (a browser) or a JSON object of strings: its fields by name, `_rt` the render token, `website_url` the honeypot.' }),
      response: { 202: FunnelSubmitAcceptedSchema },
      security: [],
      description: "A published funnel form's submission: 303 to the next step for a browser's form post, 202 for JSON.",
      problems: {
        400: 'A field of the form is missing or invalid (validation_failed, `errors` by field).',
        404: 'No published funnel has this address.', 410: 'The funnel is paused or archived.', 413: 'The body is over 16 KiB.',
        415: 'Neither a form post nor JSON.', 429: 'Too many submissions from this address, or to this form (rate_limited, Retry-After).',
      },
    },
  }, async (req, typedReply) => {
    // 303 and the HTML page of a refused post are outside the JSON answers the schema types.
    const reply = typedReply as unknown as FastifyReply;
    const asJson = (req.headers['content-type'] ?? '').startsWith('application/json');
    const fields = parseFields(req.body, asJson);
    const perAddress = await limiter.hit(`funnel-submit:ip:${req.ip}`, limits.perAddress);
    const perForm = perAddress.allowed ? await limiter.hit(`funnel-submit:form:${req.params.slug}`, limits.perForm) : perAddress;
    if (!perAddress.allowed || !perForm.allowed) {
      throw new ApiError(429, 'rate_limited', 'Too many submissions. Try again in a moment.', { headers: { 'retry-after': String(perForm.retryAfterSeconds) } });
    }
    const at = now();
    const claims = verifyRenderToken(await funnelKey(), fields[RENDER_TOKEN_FIELD] ?? '');
    const page = claims && (await pool.query<Page>(
      `select p.form_fields, p.next_path, s->>'path' as path, f.status, f.lead_type, f.owner_id
       from funnels_v1 f join funnel_pages_v1 p on p.funnel_id = f.id
       cross join lateral jsonb_array_elements(f.live->'steps') s
       where f.id = $1 and f.live->>'slug' = $2 and p.published_version = $3 and p.step_id = $4 and p.variant = $5 and (s->>'stepId')::int = p.step_id`,
      [claims.funnelId, req.params.slug, claims.publishedVersion, claims.stepId, claims.variant])).rows[0];
    const live = page ?? (await pool.query<Pick<Page, 'status' | 'path'>>(
      `select status, live->'steps'->0->>'path' as path from funnels_v1 where live->>'slug' = $1`, [req.params.slug])).rows[0];
    if (!live) throw new ApiError(404, 'funnel.not_found', 'No published funnel has this address.');
    if (live.status === 'paused' || live.status === 'archived') throw new ApiError(410, 'funnel.gone', 'This page is no longer available.');
    const here = `/p/${req.params.slug}/${live.path}`;
    const answer = (next: string | null) => (asJson ? reply.code(202).send({ accepted: true as const, next }) : reply.code(303).header('location', next ?? `${here}?sent=1`).send());

    const age = claims ? at.getTime() - claims.issuedAt : -1;
    if (!claims || !page || (fields[HONEYPOT_FIELD] ?? '') !== '' || age < limits.minFillMs || age > limits.maxAgeMs) {
      req.log.info({ slug: req.params.slug, reason: !claims ? 'token' : !page ? 'page' : age < limits.minFillMs ? 'too_fast' : age > limits.maxAgeMs ? 'too_old' : 'honeypot' },
        'a funnel submission was dropped');
      return answer(page?.next_path ?? null);
    }
    const checked = checkSubmission(page.form_fields, fields);
    if (!checked.ok) return refuse(checked.errors);

    const payload: SubmissionPayload = {
      values: checked.values, leadType: page.lead_type as SubmissionPayload['leadType'], ownerId: page.owner_id,
      firstTouch: decodeTouch(req.cookies[FIRST_TOUCH_COOKIE]), lastTouch: decodeTouch(req.cookies[LAST_TOUCH_COOKIE]),
    };
    const externalId = createHash('sha256').update(fields[RENDER_TOKEN_FIELD]!).digest('hex');
    const inserted = await pool.query<{ id: string }>(
      `insert into funnel_submissions (source, external_id, funnel_id, step_id, variant, email, payload, received_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (source, external_id) do nothing returning id::text`,
      [`funnel:${claims.funnelId}`, externalId, claims.funnelId, claims.stepId, claims.variant, checked.values.email || null, JSON.stringify(payload), at]);
    const id = inserted.rows[0]?.id;
    // A failure here leaves the row `received`: the sweep makes its lead (process-funnels.ts).
    if (id) await leadFromSubmission(deps, Number(id)).catch((err: unknown) => req.log.error({ err, submissionId: id }, 'a funnel lead waits for the sweep'));
    return answer(page.next_path);

    function refuse(errors: FieldError[]) {
      if (asJson) throw new ApiError(400, 'validation_failed', errors[0]!.message, { field: errors[0]!.field, details: { errors } });
      return reply.code(400).type('text/html; charset=utf-8').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
        .send(submissionErrorsPage(errors, here));
    }
  });
};

/** The posted fields by name (the first value of each); a JSON body must be an object of strings. */
function parseFields(body: string, asJson: boolean): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (asJson) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ApiError(400, 'malformed_json', 'The body is not valid JSON.');
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new ApiError(400, 'validation_failed', 'Send the form as an object of strings.', { field: 'body' });
    for (const [k, v] of Object.entries(json)) {
      if (typeof v !== 'string') throw new ApiError(400, 'validation_failed', 'Every field is a string.', { field: k });
      out[k] = v;
    }
  } else {
    for (const [k, v] of new URLSearchParams(body)) if (!(k in out)) out[k] = v;
  }
  for (const [k, v] of Object.entries(out)) {
    if (!isStorableText(k) || !isStorableText(v)) throw new ApiError(400, 'validation_failed', 'Must not contain NUL characters or unpaired surrogates.', { field: isStorableText(k) ? k : 'body' });
  }
  return out;
}
