import {
  FunnelDetailQuerySchema, FunnelDetailSchema, FunnelListQuerySchema, FunnelListSchema, IdParamsSchema,
  type FunnelDetail, type FunnelSummary,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type FunnelReadDeps = { pool: Pool; readYourWritesMs?: number };

type StepRow = {
  id: number; name: string; path: string;
  drafts: Record<string, { hash: string; savedAt: string }>; published: Record<string, string>;
  splitTest: { weights: Record<string, number>; startedAt: string } | null;
};
type Row = {
  id: number; name: string; description: string; slug: string; lead_type: string; status: string; owner_id: number; owner_name: string | null;
  metadata: FunnelDetail['metadata']; steps: StepRow[]; live: { slug: string } | null; published_version: number;
  last_published_at: Date | null; created_at: Date; updated_at: Date; version: number; leads: number; uniques: number; submissions: number;
};

// Leads its forms made; conversion: accepted submissions per unique visitor of the first live step.
const SELECT = `
  select f.*, u.full_name as owner_name,
         (select count(*)::int from funnel_leads_v1 l where l.funnel_id = f.id) as leads,
         (select count(distinct v.visitor)::int from funnel_visitors v where v.funnel_id = f.id and v.step_id = (f.live->'steps'->0->>'stepId')::int) as uniques,
         (select count(*)::int from funnel_submissions s where s.funnel_id = f.id and s.step_id = (f.live->'steps'->0->>'stepId')::int) as submissions
  from funnels_v1 f left join users_v1 u on u.id = f.owner_id`;

const mayRead = (actor: SessionActor, ownerId: number) => actor.role === 'manager' || actor.id === ownerId;

function summary(r: Row): FunnelSummary {
  return {
    id: r.id, name: r.name, description: r.description, slug: r.slug, status: r.status as FunnelSummary['status'], leadType: r.lead_type as FunnelSummary['leadType'],
    ownerId: r.owner_id, ownerName: r.owner_name ?? '', steps: r.steps.length, leads: r.leads,
    conversionPercent: r.uniques > 0 ? Math.round((r.submissions / r.uniques) * 1000) / 10 : null,
    publishedVersion: r.published_version, lastPublishedAt: r.last_published_at?.toISOString() ?? null,
    publishedUrl: r.live ? `/p/${r.live.slug}` : null,
    createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(), version: r.version,
  };
}

/**
 * The funnels list and the builder's view of one funnel, from `funnels_v1` (projector
 * funnels.ts), with each step's latest drafts read from the content-addressed pages. A manager
 * sees every funnel; anyone else their own.
 */
export const funnelReadRoutes: FastifyPluginAsyncZod<FunnelReadDeps> = async (app, { pool, readYourWritesMs = 2_000 }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/funnels', { schema: { querystring: FunnelListQuerySchema, response: { 200: FunnelListSchema } } }, async (req) => {
    const actor = await req.actor();
    const { status, limit, cursor } = req.query;
    const { rows } = await pool.query<Row>(
      `${SELECT} where ($1::int is null or f.owner_id = $1) and ($2::text is null or f.status = $2) and ($3::int is null or f.id < $3)
       order by f.id desc limit $4`,
      [actor.role === 'manager' ? null : actor.id, status ?? null, cursor ?? null, limit + 1]);
    const more = rows.length > limit;
    const items = more ? rows.slice(0, limit) : rows;
    return { funnels: items.map(summary), nextCursor: more ? items.at(-1)!.id : null };
  });

  app.get('/api/funnels/:id', {
    schema: {
      params: IdParamsSchema, querystring: FunnelDetailQuerySchema, response: { 200: FunnelDetailSchema },
      problems: { 403: "Only the funnel's owner or a manager sees it (funnel.not_owner).", 404: 'No such funnel (funnel.not_found).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { minVersion } = req.query;
    const deadline = Date.now() + readYourWritesMs;
    let row: Row | undefined;
    for (;;) {
      row = (await pool.query<Row>(`${SELECT} where f.id = $1`, [req.params.id])).rows[0];
      if (minVersion === undefined || (row?.version ?? 0) >= minVersion || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    if (!row) throw new ApiError(404, 'funnel.not_found', 'No such funnel.');
    if (!mayRead(actor, row.owner_id)) throw new ApiError(403, 'funnel.not_owner', "Only the funnel's owner or a manager sees it.");
    const hashes = [...new Set(row.steps.flatMap((s) => Object.values(s.drafts).map((d) => d.hash)))];
    const { rows: pages } = await pool.query<{ hash: string; data: unknown }>('select hash, data from page_contents where hash = any($1::text[])', [hashes]);
    const content = new Map(pages.map((p) => [p.hash, p.data]));
    return {
      ...summary(row),
      metadata: row.metadata,
      steps: row.steps.map((s, position) => ({
        id: s.id, name: s.name, path: s.path, position,
        drafts: Object.fromEntries(Object.entries(s.drafts).map(([v, d]) => [v, { hash: d.hash, content: content.get(d.hash) ?? null, savedAt: new Date(d.savedAt).toISOString() }])),
        published: s.published,
        splitTest: s.splitTest && { weights: s.splitTest.weights, startedAt: new Date(s.splitTest.startedAt).toISOString() },
        unpublishedChanges: Object.entries(s.drafts).some(([v, d]) => s.published[v] !== d.hash),
      })),
    };
  });
};
