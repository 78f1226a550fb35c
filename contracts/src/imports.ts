import { z } from 'zod';
import { ImportMatchOnSchema, ImportModeSchema, LeadTypeSchema } from '@leadfloor/events';
import { IdQuerySchema } from './scalars';

export { ImportMatchOnSchema, ImportModeSchema };
export type ImportMode = z.infer<typeof ImportModeSchema>;
export type ImportMatchOn = z.infer<typeof ImportMatchOnSchema>;

/** The most data rows one file may hold; a larger file is refused at upload (413). */
export const IMPORT_MAX_ROWS = 100_000;
/** The largest file accepted, in bytes (100,000 wide rows fit). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** Lead fields a column can fill; `custom:<name>` fills a custom field; `ignore` drops the column. */
/** `tags`: one cell, tags split on `;` or `,`; `priority`: low, medium or high. */
export const IMPORT_LEAD_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'state', 'leadType', 'source', 'notes', 'funnelSource', 'funnelCampaignId', 'tags', 'priority'] as const;
export const ImportTargetSchema = z.union([
  z.enum([...IMPORT_LEAD_FIELDS, 'ignore']),
  z.string().regex(/^custom:[a-z][a-z0-9_]{0,39}$/, 'A lead field, custom:<field name> or ignore'),
]);
export type ImportTarget = z.infer<typeof ImportTargetSchema>;

/** Column header -> what it fills. */
export const ImportColumnMapSchema = z.record(z.string().max(200), ImportTargetSchema)
  .refine((m) => Object.keys(m).length <= 200, 'At most 200 columns');

export const ImportStatusSchema = z.enum(['uploaded', 'mapped', 'running', 'completed', 'failed', 'undoing', 'undone']);
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

/**
 * PUT /api/imports/{id}/mapping. `leadType`: the type of rows whose file has no lead type column
 * (or an empty cell). `saveAs`: also keep this mapping under a name for later files.
 */
export const ImportMappingBodySchema = z.strictObject({
  columns: ImportColumnMapSchema,
  mode: ImportModeSchema,
  matchOn: ImportMatchOnSchema,
  leadType: LeadTypeSchema,
  saveAs: z.string().trim().min(1, 'Name the mapping').max(80, 'At most 80 characters').optional(),
});
export type ImportMappingBody = z.input<typeof ImportMappingBodySchema>;

export const ImportCountsSchema = z.object({
  processed: z.number().int(), created: z.number().int(), updated: z.number().int(), skipped: z.number().int(), failed: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportRowOutcomeSchema = z.enum(['created', 'updated', 'skipped', 'failed']);
export type ImportRowOutcome = z.infer<typeof ImportRowOutcomeSchema>;
export const ImportIssueSchema = z.object({ row: z.number().int(), outcome: ImportRowOutcomeSchema, reason: z.string() });

/**
 * The latest dry run (POST /api/imports/{id}/dry-run, a background job): the very planning of the
 * run, nothing applied. `counts.processed` grows as it reads the file; once `completed`, the counts
 * say what the run would create, update, skip and fail, and `issues` the first rows skipped or
 * failing, with why.
 */
export const ImportDryRunSchema = z.object({
  run: z.number().int(),
  status: z.enum(['running', 'completed']),
  counts: ImportCountsSchema,
  issues: z.array(ImportIssueSchema),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportDryRun = z.infer<typeof ImportDryRunSchema>;

/** The undo (POST /api/imports/{id}/undo, a background job): leads to compensate, done so far, reverted, kept. */
export const ImportUndoSchema = z.object({
  leads: z.number().int(), processed: z.number().int(), reverted: z.number().int(), kept: z.number().int(), startedAt: z.string(),
});
export type ImportUndo = z.infer<typeof ImportUndoSchema>;

export const ImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  sizeBytes: z.number().int(),
  status: ImportStatusSchema,
  /** Data rows in the file (the header row not counted). */
  rows: z.number().int(),
  columns: z.array(z.string()),
  /** The first rows, cell by cell, to map by. */
  sample: z.array(z.array(z.string())),
  mapping: ImportColumnMapSchema.nullable(),
  mode: ImportModeSchema.nullable(),
  matchOn: ImportMatchOnSchema.nullable(),
  leadType: LeadTypeSchema.nullable(),
  counts: ImportCountsSchema,
  /** The latest dry run while the import has not started (null: none asked for with this mapping). */
  dryRun: ImportDryRunSchema.nullable(),
  /** The undo, once asked for (status `undoing`, then `undone`). */
  undo: ImportUndoSchema.nullable(),
  error: z.string().nullable(),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** Until when the import can be undone (30 days after it finished); null: not undoable. */
  undoableUntil: z.string().nullable(),
});
export type Import = z.infer<typeof ImportSchema>;

export const ImportParamsSchema = z.object({ id: IdQuerySchema });
export const ImportResponseSchema = z.object({ import: ImportSchema });
export const ImportListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().regex(/^\d{1,10}$/, 'not a cursor').optional(),
});
export const ImportListResponseSchema = z.object({ imports: z.array(ImportSchema), nextCursor: z.string().nullable() });

/** GET /api/imports/{id}/kept: the leads an undo kept (claimed or worked since, or imported values changed since), with why; paged by lead id. */
export const ImportKeptQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().regex(/^\d{1,10}$/, 'not a cursor').optional(),
});
export const ImportKeptLeadSchema = z.object({ leadId: z.number().int(), name: z.string(), reason: z.string() });
export const ImportKeptResponseSchema = z.object({ kept: z.array(ImportKeptLeadSchema), nextCursor: z.string().nullable() });

export const ImportMappingSavedSchema = z.object({
  id: z.number().int(), name: z.string(), columns: ImportColumnMapSchema, mode: ImportModeSchema, matchOn: ImportMatchOnSchema,
  leadType: LeadTypeSchema, createdAt: z.string(),
});
export type SavedImportMapping = z.infer<typeof ImportMappingSavedSchema>;
export const ImportMappingListResponseSchema = z.object({ mappings: z.array(ImportMappingSavedSchema) });

/** The multipart form of an upload, as the API document shows it. */
export const ImportUploadBodySchema = z.strictObject({
  file: z.string().meta({ format: 'binary', description: 'A CSV (UTF-8, comma, semicolon or tab separated) or XLSX file: a header row, then at most 100,000 rows.' }),
}).nullish();
