import {
  CustomFieldListQuerySchema, CustomFieldListResponseSchema, IdParamsSchema, ImportKeptQuerySchema, ImportKeptResponseSchema, ImportListQuerySchema, ImportListResponseSchema,
  ImportMappingListResponseSchema, ImportParamsSchema, ImportResponseSchema, LeadCustomFieldsQuerySchema, LeadCustomFieldsResponseSchema, type CustomField,
} from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { readImport, readImports, readKeptLeads } from '@leadfloor/infra/read-models/import-record';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { csvLine } from './spreadsheet-cells';

type FieldRow = {
  id: number; name: string; lead_type: CustomField['leadType']; label: string; field_type: CustomField['fieldType']; required: boolean;
  placeholder: string | null; options: string[]; sort_order: number; active: boolean;
};
const toField = (r: FieldRow): CustomField => ({
  id: r.id, name: r.name, leadType: r.lead_type, label: r.label, fieldType: r.field_type, required: r.required,
  placeholder: r.placeholder, options: r.options, order: r.sort_order, active: r.active,
});

export async function readCustomFields(pool: Pool, filter: { leadType?: string; active?: boolean }): Promise<CustomField[]> {
  const { rows } = await pool.query<FieldRow>(
    `select * from custom_fields_v1 where ($1::text is null or lead_type = $1) and ($2::boolean is null or active = $2)
     order by lead_type, sort_order, id`, [filter.leadType ?? null, filter.active ?? null]);
  return rows.map(toField);
}

/** How long a read waits for the read model to reach a write's version. */
const READ_YOUR_WRITES_MS = 2_000;

const managerOnly = async (req: { actor(): Promise<{ role: string }> }) => {
  if ((await req.actor()).role !== 'manager') throw new ApiError(403, 'import.manager_only', 'Only a manager sees imports.');
};

/**
 * Reads of imports (one, the history, a run's failed rows as CSV, the leads an undo kept, saved mappings) and of custom
 * fields (the definitions, a lead's values). Imports are the managers'; fields are everyone's.
 */
export const importReadRoutes: FastifyPluginAsyncZod<{ pool: Pool }> = async (app, { pool }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/custom-fields', { schema: { querystring: CustomFieldListQuerySchema, response: { 200: CustomFieldListResponseSchema } } }, async (req) => {
    await req.actor();
    const { minVersion } = req.query;
    if (minVersion !== undefined) {
      const deadline = Date.now() + READ_YOUR_WRITES_MS;
      for (;;) {
        const { rows } = await pool.query<{ v: number | null }>('select max(version) as v from custom_fields_v1');
        if ((rows[0]?.v ?? 0) >= minVersion || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    return { fields: await readCustomFields(pool, req.query) };
  });

  // A lead the pool already shows but whose values row is not written yet (another projection,
  // a moment behind) is waited for, bounded, instead of answered 404; so is `minVersion`, the
  // version the reader's own change of the values answered (read-your-writes).
  app.get('/api/leads/:id/custom-fields', {
    schema: {
      params: IdParamsSchema, querystring: LeadCustomFieldsQuerySchema, response: { 200: LeadCustomFieldsResponseSchema },
      problems: { 404: 'No such lead (lead.not_found).' },
    },
  }, async (req) => {
    await req.actor();
    const deadline = Date.now() + READ_YOUR_WRITES_MS;
    for (;;) {
      const { rows } = await pool.query<{ lead_type: string; values: Record<string, string | number | boolean>; version: number }>(
        'select lead_type, values, version from lead_custom_fields_v1 where lead_id = $1', [req.params.id]);
      const row = rows[0];
      const late = Date.now() > deadline;
      if (row && (row.version >= (req.query.minVersion ?? 0) || late)) {
        return { values: row.values, fields: await readCustomFields(pool, { leadType: row.lead_type, active: true }), version: row.version };
      }
      if (!row && (late || (await pool.query('select 1 from lead_pool_v1 where id = $1', [req.params.id])).rowCount === 0)) {
        throw new ApiError(404, 'lead.not_found', 'No such lead.');
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  });

  app.get('/api/imports', { schema: { querystring: ImportListQuerySchema, response: { 200: ImportListResponseSchema }, problems: { 403: 'Managers only (import.manager_only).' } } }, async (req) => {
    await managerOnly(req);
    return readImports(pool, req.query.limit, req.query.cursor ? Number(req.query.cursor) : null);
  });

  app.get('/api/imports/:id', {
    schema: { params: ImportParamsSchema, response: { 200: ImportResponseSchema }, problems: { 403: 'Managers only (import.manager_only).', 404: 'No such import (import.not_found).' } },
  }, async (req) => {
    await managerOnly(req);
    const imp = await readImport(pool, req.params.id);
    if (!imp) throw new ApiError(404, 'import.not_found', 'No such import.');
    return { import: imp };
  });

  app.get('/api/imports/:id/kept', {
    schema: {
      params: ImportParamsSchema, querystring: ImportKeptQuerySchema, response: { 200: ImportKeptResponseSchema },
      problems: { 403: 'Managers only (import.manager_only).', 404: 'No such import (import.not_found).' },
    },
  }, async (req) => {
    await managerOnly(req);
    if (!(await readImport(pool, req.params.id))) throw new ApiError(404, 'import.not_found', 'No such import.');
    return readKeptLeads(pool, req.params.id, req.query.limit, req.query.cursor ? Number(req.query.cursor) : null);
  });

  app.get('/api/import-mappings', { schema: { response: { 200: ImportMappingListResponseSchema }, problems: { 403: 'Managers only (import.manager_only).' } } }, async (req) => {
    await managerOnly(req);
    const { rows } = await pool.query(
      `select id, name, columns, mode, match_on as "matchOn", lead_type as "leadType", created_at as "createdAt" from import_mappings order by name limit 200`);
    return { mappings: rows.map((r: { createdAt: Date }) => ({ ...r, createdAt: r.createdAt.toISOString() })) as never };
  });

  // The failed rows as the file had them, plus why: fix the cells and upload this file again.
  app.get('/api/imports/:id/errors.csv', {
    schema: {
      params: ImportParamsSchema, response: { 200: z.unknown().meta({ description: 'The failed rows as CSV: row, error, then the file\'s columns.' }) },
      problems: { 403: 'Managers only (import.manager_only).', 404: 'No such import (import.not_found).' },
    },
  }, async (req, reply) => {
    await managerOnly(req);
    const imp = await readImport(pool, req.params.id);
    if (!imp) throw new ApiError(404, 'import.not_found', 'No such import.');
    async function* lines() {
      yield `\uFEFF${csvLine(['row', 'error', ...imp!.columns])}`;
      let after = 0;
      for (;;) {
        const { rows } = await pool.query<{ row_number: number; reason: string; cells: string[] | null }>(
          `select row_number, reason, cells from import_rows where import_id = $1 and outcome = 'failed' and row_number > $2
           order by row_number limit 1000`, [imp!.id, after]);
        if (rows.length === 0) return;
        for (const r of rows) yield csvLine([String(r.row_number), r.reason, ...(r.cells ?? [])]);
        after = rows[rows.length - 1]!.row_number;
      }
    }
    return reply.type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-${imp.id}-errors.csv"`)
      .send(Readable.from(lines()));
  });
};
