import {
  IdParamsSchema, InstantSchema, LeadHistoryResponseSchema, LeadListQuerySchema, LeadListResponseSchema, LeadResponseSchema,
  type Lead,
} from '@leadfloor/contracts';
import { foldLead, isEventType, parseEventData, streamIdOf, type LeadEvent } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventTime, historyOf, usersNamedIn } from './lead-history';
import { withCustomFieldFilters } from './custom-field-filters';
import { BadCursorError, encodeCursor, leadFilterSql, leadPageSql, type LeadListParams } from './lead-list-sql';
import { checkAsOf } from '../time-travel/as-of-instant';
import { poolAsOf } from '../time-travel/pool-as-of';
import { loadPoolPolicies } from '../pool-policy/pool-policies';
import { LEAD_AUTO_RELEASE_COLUMNS, LEAD_AUTO_RELEASE_JOIN, leadFromRow, type LeadRowWithName } from './lead-row';

export type LeadReadDeps = { pool: Pool; store: EventStore; now: () => Date; readYourWritesMs?: number };

const LEADS = 'lead_pool_v1';
const USERS = 'users_v1';
const OneQuery = z.strictObject({
  asOf: InstantSchema.optional(),
  minVersion: z.coerce.number().int().min(0).optional(),
});

export const leadReadRoutes: FastifyPluginAsyncZod<LeadReadDeps> = async (app, { pool, store, now, readYourWritesMs = 2000 }) => {
  app.addHook('onRequest', requireSignedIn);
  const oneRow = async (id: number) => {
    const { rows } = await pool.query<LeadRowWithName>(
      `select l.*, u.full_name as claimed_by_name, ${LEAD_AUTO_RELEASE_COLUMNS}
       from "${LEADS}" l left join "${USERS}" u on u.id = l.claimed_by ${LEAD_AUTO_RELEASE_JOIN} where l.id = $1`, [id]);
    return rows[0];
  };

  /** Read-your-writes: wait (bounded) until the read model reflects the version a command returned. */
  const awaitVersion = async (id: number, minVersion: number | undefined) => {
    if (minVersion === undefined) return;
    const deadline = Date.now() + readYourWritesMs;
    for (;;) {
      const { rows } = await pool.query<{ version: number }>(`select version from "${LEADS}" where id = $1`, [id]);
      if ((rows[0]?.version ?? 0) >= minVersion || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  app.get('/api/leads', { schema: { querystring: LeadListQuerySchema, response: { 200: LeadListResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const q = await withCustomFieldFilters(pool, req.query);
    if (q.leadId !== undefined) await awaitVersion(q.leadId, q.minVersion);
    // Time travel: the pool as it was then, from the lead versions read model.
    if (q.asOf) return poolAsOf(pool, q, actor.id, checkAsOf(q.asOf, now()));
    return readLivePool(pool, q, actor.id, now());
  });

  app.get('/api/leads/:id', { schema: { params: IdParamsSchema, querystring: OneQuery, response: { 200: LeadResponseSchema } } }, async (req) => {
    await req.actor();
    const { id } = req.params;
    if (req.query.asOf) {
      // As it was then: the lead's own events up to that instant, folded as the command side folds them.
      const until = new Date(req.query.asOf);
      const events = (await store.readStream(streamIdOf('lead', id))).filter((e) => eventTime(e) <= until);
      const state = foldLead(events.filter((e) => isEventType(e.type)).map((e) =>
        ({ type: e.type, data: parseEventData(e.type as LeadEvent['type'], e.data, e.metadata.schemaVersion) }) as LeadEvent));
      if (!state.exists) throw new ApiError(404, 'not_found', 'This lead did not exist at that time.');
      const { exists: _e, createdBy: _c, autoReleaseResumedAt: _r, autoReleaseWarnedFor: _w, ...lead } = state;
      const version = events[events.length - 1]?.streamVersion ?? 0;
      const names = await namesOf(pool, [lead.claimedBy]);
      // A past instant's lead: when it would go back to the pool is a question about now, not then.
      const claimedByName = lead.claimedBy === null ? null : names.get(lead.claimedBy) ?? null;
      return { lead: { ...lead, claimedByName, autoReleaseAt: null, version } satisfies Lead, version };
    }
    await awaitVersion(id, req.query.minVersion);
    const [row, policies] = await Promise.all([oneRow(id), loadPoolPolicies(pool)]);
    // A lead the drip still holds back does not exist yet for anyone but a manager.
    if (!row || (row.release_at != null && (await req.actor()).role !== 'manager')) throw new ApiError(404, 'not_found', 'Lead not found.');
    return { lead: leadFromRow(row, policies), version: row.version };
  });

  app.get('/api/leads/:id/history', { schema: { params: IdParamsSchema, response: { 200: LeadHistoryResponseSchema } } }, async (req) => {
    await req.actor();
    const events = await store.readStream(streamIdOf('lead', req.params.id));
    if (events.length === 0) throw new ApiError(404, 'not_found', 'Lead not found.');
    const names = await namesOf(pool, usersNamedIn(events));
    return { history: historyOf(events, names) };
  });
};

async function namesOf(pool: Pool, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const { rows } = await pool.query<{ id: number; full_name: string }>(`select id, full_name from "${USERS}" where id = any($1)`, [wanted]);
  return new Map(rows.map((r) => [r.id, r.full_name]));
}

/** One page of the pool as it is now, with its total and counts per lead type. */
export async function readLivePool(pool: Pool, q: LeadListParams, actorId: number, at: Date) {
  let page;
  try {
    page = leadPageSql(q, actorId, at, LEADS, USERS);
  } catch (err) {
    if (err instanceof BadCursorError) throw new ApiError(400, 'invalid_cursor', err.message, { field: 'cursor' });
    throw err;
  }
  const filter = leadFilterSql(q, actorId, at);
  const [rows, counts, policies] = await Promise.all([
    pool.query<LeadRowWithName & Record<string, unknown>>(page.sql, page.params),
    pool.query<{ lead_type: string; n: string }>(
      `select l.lead_type, count(*) as n from "${LEADS}" l ${filter.where} group by l.lead_type`, filter.params),
    loadPoolPolicies(pool),
  ]);
  const more = rows.rows.length > q.limit;
  const pageRows = rows.rows.slice(0, q.limit);
  const last = pageRows[pageRows.length - 1];
  const typeCounts = Object.fromEntries(counts.rows.map((c) => [c.lead_type, Number(c.n)]));
  return {
    leads: pageRows.map((r) => leadFromRow(r, policies)),
    total: Object.values(typeCounts).reduce((a, b) => a + b, 0),
    typeCounts,
    nextCursor: more && last
      ? encodeCursor(Array.from({ length: page.sortKeys }, (_, i) => {
        const v = last[`sort_${i}`];
        return v instanceof Date ? v.toISOString() : (v as string | number);
      }))
      : null,
  };
}
