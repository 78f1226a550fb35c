import { createHash } from 'node:crypto';
import { InboundLeadAcceptedSchema, InboundLeadBodySchema } from '@leadfloor/contracts';
import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from '@leadfloor/infra/http/storable-text';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadState } from '../shared/load-state';
import { checkInboundFields } from './inbound-lead-fields';
import type { IntegrationSettings } from './integration-settings';
import { leadSourceAggregate, leadSourceStream } from './lead-source';
import { SOURCE_TOKEN, tokenHash } from './lead-source-tokens';
import { SIGNATURE_HEADER, verifySignature } from './webhook-signature';

export type InboundLeadRouteDeps = {
  pool: Pool; store: EventStore; limiter: RateLimiter; now: () => Date; settings: IntegrationSettings;
  /** Requests one source may send; more answer 429 with Retry-After. */
  perSource?: RateRule;
};

/** A lead is a few hundred bytes: this is plenty, and keeps a flood cheap to refuse. */
const INBOUND_BODY_LIMIT = 64 * 1024;
export const DEFAULT_INBOUND_LIMIT: RateRule = { max: 120, windowMs: 60_000 };
const utf8 = new TextDecoder('utf-8', { fatal: true });
const unknownSource = () => new ApiError(404, 'lead_source.not_found', 'This lead source URL is unknown or was rotated.');

/**
 * POST /api/hooks/leads/{token}: a web form, Zapier or an ad platform pushes a lead. No session:
 * the URL's token names the source. The body is taken raw, so a signature is checked over the
 * exact bytes sent; then the lead's fields are validated (400 names the field), and the lead is
 * written to the inbox, unique per source and external id, and answered 202 at once. A job
 * (inbound-lead-jobs.ts) makes the lead through the normal lead command. A redelivery answers
 * 202 `duplicate: true` and changes nothing.
 */
export const inboundLeadRoute: FastifyPluginAsyncZod<InboundLeadRouteDeps> = async (app, deps) => {
  const { pool, store, limiter, now, settings } = deps;
  const perSource = deps.perSource ?? DEFAULT_INBOUND_LIMIT;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: INBOUND_BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      done(new ApiError(400, 'malformed_json', 'The body is not UTF-8 text.'), undefined);
    }
  });

  app.post('/api/hooks/leads/:token', {
    bodyLimit: INBOUND_BODY_LIMIT,
    schema: {
      params: z.object({ token: z.string().max(100).meta({ description: "The source's secret URL token." }) }),
      body: z.string().meta({ description: 'The lead as JSON: the add-lead fields and an optional externalId. When the source has a signing secret, LeadFloor-Signature signs these exact bytes.' }),
      headers: z.looseObject({ [SIGNATURE_HEADER]: z.string().optional().meta({ description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">' }) }),
      response: { 202: InboundLeadAcceptedSchema },
      security: [],
      problems: {
        400: 'Not JSON, or a field of the lead is missing or invalid (validation_failed, with `field`).',
        401: 'The source requires a signature and it is missing, malformed, too old or does not match (invalid_signature).',
        403: 'The source is disabled (lead_source.disabled).',
        404: 'No source has this URL token (lead_source.not_found).',
        413: 'The body is over 64 KiB.',
        429: 'Too many leads from this source in a minute (rate_limited, Retry-After).',
      },
    },
  }, async (req, reply) => {
    const { token } = req.params;
    if (!SOURCE_TOKEN.test(token)) throw unknownSource();
    const { rows } = await pool.query<{ source_id: number; signing_secret: string | null }>(
      'select source_id, signing_secret from lead_source_secrets where token_hash = $1', [tokenHash(token)]);
    const row = rows[0];
    if (!row) throw unknownSource();
    const { state: source } = await loadState(store, leadSourceAggregate, leadSourceStream(row.source_id));
    if (!source.exists) throw unknownSource();
    if (!source.enabled) throw new ApiError(403, 'lead_source.disabled', 'This lead source is disabled.');

    const limit = await limiter.hit(`lead-source:${row.source_id}`, perSource);
    if (!limit.allowed) {
      throw new ApiError(429, 'rate_limited', 'Too many leads from this source. Slow down.', { headers: { 'retry-after': String(limit.retryAfterSeconds) } });
    }
    const at = now();
    if (row.signing_secret) {
      const secret = settings.boxes.sources.open(row.signing_secret, `lead_source:${row.source_id}`);
      const check = verifySignature(secret, req.body, req.headers[SIGNATURE_HEADER] as string | undefined, at);
      if (!check.ok) {
        req.log.warn({ sourceId: row.source_id, reason: check.reason }, 'an inbound lead did not verify');
        throw new ApiError(401, 'invalid_signature', `The ${SIGNATURE_HEADER} header is ${check.reason === 'mismatch' ? 'not a signature of this body' : check.reason}.`);
      }
    }

    let json: unknown;
    try {
      json = JSON.parse(req.body);
    } catch {
      throw new ApiError(400, 'malformed_json', 'The body is not valid JSON.');
    }
    const bad = unstorableTextPath(json);
    if (bad) throw new ApiError(400, 'validation_failed', UNSTORABLE_TEXT_MESSAGE, { field: bad.join('.') });
    const parsed = InboundLeadBodySchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ApiError(400, 'validation_failed', issue.message, { field: issue.path.join('.') || 'body' });
    }
    const { externalId, ...lead } = parsed.data;
    // Custom field values are checked now too (400 naming the field), as POST /api/leads does.
    const fields = await checkInboundFields(store, lead.leadType, lead.customFields ?? {});
    if (!fields.ok) throw new ApiError(400, 'validation_failed', fields.message, { field: `customFields.${fields.field}` });
    const external = externalId ?? `sha256:${createHash('sha256').update(req.body).digest('hex')}`;
    const inserted = await pool.query<{ id: string }>(
      `insert into lead_inbox (source_id, external_id, payload, received_at) values ($1, $2, $3, $4)
       on conflict (source_id, external_id) do nothing returning id::text`,
      [row.source_id, external, JSON.stringify(lead), at]);
    const receipt = inserted.rows[0]?.id ?? (await pool.query<{ id: string }>(
      'select id::text from lead_inbox where source_id = $1 and external_id = $2', [row.source_id, external])).rows[0]?.id;
    return reply.code(202).send({ accepted: true as const, duplicate: inserted.rowCount === 0, receiptId: receipt ?? '' });
  });
};
