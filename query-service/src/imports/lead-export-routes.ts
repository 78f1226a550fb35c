import { LeadListQuerySchema } from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough, Readable } from 'node:stream';
import { z } from 'zod';
import { withCustomFieldFilters } from '../leads/custom-field-filters';
import { leadFilterSql, type LeadListParams } from '../leads/lead-list-sql';
import { readCustomFields } from './import-read-routes';
import { csvLine, neutralizeCell } from './spreadsheet-cells';

/** The pool's own filters; paging and sorting are the export's (every matching lead, by id). */
const ExportQuerySchema = LeadListQuerySchema.omit({ sort: true, limit: true, cursor: true, minVersion: true, leadId: true });

const BATCH = 1000;
const COLUMNS = ['id', 'name', 'email', 'phone', 'address', 'city', 'state', 'leadType', 'status', 'source', 'priority', 'stage',
  'score', 'tags', 'nextFollowUp', 'claimedBy', 'createdAt', 'notes', 'funnelSource', 'funnelCampaignId'] as const;

type ExportRow = Record<string, unknown> & { id: number; values: Record<string, unknown> | null };

const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.join(', ');
  return String(v);
};

/**
 * The leads matching the pool's filters, as CSV or XLSX, streamed in batches by id (never the
 * whole list in memory), one column per lead field and per custom field. Every text cell is
 * neutralised against formula injection. Managers and team leads export; agents work the pool.
 */
export const leadExportRoutes: FastifyPluginAsyncZod<{ pool: Pool; now: () => Date }> = async (app, { pool, now }) => {
  app.addHook('onRequest', requireSignedIn);

  async function* batches(q: LeadListParams, actorId: number): AsyncGenerator<ExportRow[]> {
    const { where, params } = leadFilterSql(q, actorId, now());
    const after = params.length + 1;
    let last = 0;
    for (;;) {
      const { rows } = await pool.query<ExportRow>(
        `select l.*, u.full_name as claimed_by_name, c.values from lead_pool_v1 l
         left join users_v1 u on u.id = l.claimed_by left join lead_custom_fields_v1 c on c.lead_id = l.id
         ${where ? `${where} and` : 'where'} l.id > $${after} order by l.id limit ${BATCH}`, [...params, last]);
      if (rows.length === 0) return;
      yield rows;
      last = rows[rows.length - 1]!.id;
    }
  }
  const cellsOf = (r: ExportRow, custom: string[]) => [
    String(r.id), text(r.name), text(r.email), text(r.phone), text(r.address), text(r.city), text(r.state), text(r.lead_type), text(r.status),
    text(r.source), text(r.priority), text(r.stage), text(r.score), text(r.tags), text(r.next_follow_up), text(r.claimed_by_name),
    text(r.created_at), text(r.notes), text(r.funnel_source), text(r.funnel_campaign_id), ...custom.map((name) => text(r.values?.[name])),
  ];
  const prepare = async (req: { actor(): Promise<{ id: number; role: string }>; query: unknown }) => {
    const actor = await req.actor();
    if (actor.role !== 'manager' && actor.role !== 'teamLead') throw new ApiError(403, 'export.forbidden', 'Managers and team leads export leads.');
    const q = await withCustomFieldFilters(pool, { ...(req.query as object), sort: 'newest', limit: 1 } as LeadListParams);
    const fields = await readCustomFields(pool, q.typeFilter ? { leadType: q.typeFilter } : {});
    const custom = [...new Set(fields.map((f) => f.name))];
    return { actor, q, custom };
  };
  const stamp = () => now().toISOString().slice(0, 10);
  const problems = { 403: 'Managers and team leads only (export.forbidden).' };

  app.get('/api/leads/export.csv', { schema: { querystring: ExportQuerySchema, response: { 200: z.unknown().meta({ description: 'The leads as CSV (UTF-8 with a BOM), an attachment.' }) }, problems } }, async (req, reply) => {
    const { actor, q, custom } = await prepare(req);
    async function* lines() {
      yield `\uFEFF${csvLine([...COLUMNS, ...custom])}`;
      for await (const rows of batches(q, actor.id)) yield rows.map((r) => csvLine(cellsOf(r, custom))).join('');
    }
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="leads-${stamp()}.csv"`).send(Readable.from(lines()));
  });

  app.get('/api/leads/export.xlsx', { schema: { querystring: ExportQuerySchema, response: { 200: z.unknown().meta({ description: 'The leads as an Excel workbook, an attachment.' }) }, problems } }, async (req, reply) => {
    const { actor, q, custom } = await prepare(req);
    const out = new PassThrough();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = book.addWorksheet('Leads');
    void (async () => {
      sheet.addRow([...COLUMNS, ...custom]).commit();
      for await (const rows of batches(q, actor.id)) {
        // Written as text cells; a leading apostrophe keeps a formula-looking value inert in every reader.
        for (const r of rows) sheet.addRow(cellsOf(r, custom).map(neutralizeCell)).commit();
      }
      sheet.commit();
      await book.commit();
    })().catch((err: unknown) => { req.log.error({ err }, 'export failed'); out.destroy(err as Error); });
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="leads-${stamp()}.xlsx"`).send(out);
  });
};
