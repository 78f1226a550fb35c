import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

export const ImportModeSchema = z.enum(['create', 'create_or_update', 'update_only']);
export type ImportMode = z.infer<typeof ImportModeSchema>;
export const ImportMatchOnSchema = z.enum(['email', 'phone']);
export type ImportMatchOn = z.infer<typeof ImportMatchOnSchema>;

/**
 * A lead import's stream (`import-<id>`): the business facts of a bulk load. The file stays on
 * disk and each row's outcome in the command-side `import_rows` table (big data stays out of the
 * log); the leads themselves get LeadCreated (with `importId`), LeadDetailsEdited and
 * LeadCustomFieldsChanged on their own streams, and an undo compensates them there.
 */
export const importEventSchemas = {
  ImportStarted: z.object({ importId: id, mode: ImportModeSchema, matchOn: ImportMatchOnSchema, rows: z.number().int().nonnegative(), by: id, at }),
  // The run's counts so far, after each chunk of rows: what the importer's progress bar shows live.
  ImportProgressed: z.object({
    importId: id, processed: z.number().int(), created: z.number().int(), updated: z.number().int(), skipped: z.number().int(), failed: z.number().int(), at,
  }),
  ImportCompleted: z.object({
    importId: id, created: z.number().int(), updated: z.number().int(), skipped: z.number().int(), failed: z.number().int(), at,
  }),
  // A dry run (the run's own planning, nothing applied) as a job: `run` numbers the import's dry runs
  // (a new mapping asks for a new one); its progress and outcome go to the importer like the run's.
  ImportDryRunStarted: z.object({ importId: id, run: id, rows: z.number().int().nonnegative(), by: id, at }),
  ImportDryRunProgressed: z.object({
    importId: id, run: id, processed: z.number().int(), created: z.number().int(), updated: z.number().int(), skipped: z.number().int(), failed: z.number().int(), at,
  }),
  ImportDryRunCompleted: z.object({
    importId: id, run: id, processed: z.number().int(), created: z.number().int(), updated: z.number().int(), skipped: z.number().int(), failed: z.number().int(), at,
  }),
  // An undo as a job: `leads` rows to compensate; progress after each chunk of them; ImportUndone at its end.
  ImportUndoStarted: z.object({ importId: id, leads: z.number().int().nonnegative(), by: id, at }),
  ImportUndoProgressed: z.object({ importId: id, processed: z.number().int(), reverted: z.number().int(), kept: z.number().int(), at }),
  ImportUndone: z.object({ importId: id, reverted: z.number().int(), kept: z.number().int(), by: id, at }),
} as const;

export type ImportEventType = keyof typeof importEventSchemas;
export type ImportEvent = { [T in ImportEventType]: { type: T; data: z.infer<(typeof importEventSchemas)[T]> } }[ImportEventType];
