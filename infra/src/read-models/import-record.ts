import type { Import } from '@leadfloor/contracts';
import type { Pool } from '../postgres/pool';

/** How long after it finished an import can be undone (the import aggregate enforces the same). */
const UNDO_DAYS = 30;

type Row = {
  id: number; file_name: string; format: 'csv' | 'xlsx'; size_bytes: string; status: Import['status']; rows: number; columns: string[];
  sample: string[][]; mapping: Import['mapping']; mode: Import['mode']; match_on: Import['matchOn']; lead_type: Import['leadType'];
  processed: number; created: number; updated: number; skipped: number; failed: number; error: string | null; created_by: number;
  created_by_name: string | null; created_at: Date; started_at: Date | null; finished_at: Date | null; undone_at: Date | null;
  dry_run_no: number; dry_run_status: 'running' | 'completed' | null; dry_run_counts: Import['counts'] | null; dry_run_issues: NonNullable<Import['dryRun']>['issues'] | null;
  dry_run_started_at: Date | null; dry_run_finished_at: Date | null;
  undo_leads: number | null; undo_processed: number; undo_reverted: number; undo_kept: number; undo_started_at: Date | null;
};
const NO_COUNTS = { processed: 0, created: 0, updated: 0, skipped: 0, failed: 0 };

const SELECT = `select i.*, u.full_name as created_by_name from imports i left join users_v1 u on u.id = i.created_by`;
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function toImport(r: Row): Import {
  const undoable = r.status === 'completed' && r.finished_at !== null;
  return {
    id: r.id, fileName: r.file_name, format: r.format, sizeBytes: Number(r.size_bytes), status: r.status, rows: r.rows, columns: r.columns,
    sample: r.sample, mapping: r.mapping, mode: r.mode, matchOn: r.match_on, leadType: r.lead_type,
    counts: { processed: r.processed, created: r.created, updated: r.updated, skipped: r.skipped, failed: r.failed },
    dryRun: r.dry_run_status === null || r.dry_run_started_at === null ? null : {
      run: r.dry_run_no, status: r.dry_run_status, counts: r.dry_run_counts ?? NO_COUNTS, issues: r.dry_run_issues ?? [],
      startedAt: r.dry_run_started_at.toISOString(), finishedAt: iso(r.dry_run_finished_at),
    },
    undo: r.undo_leads === null || r.undo_started_at === null ? null : {
      leads: r.undo_leads, processed: r.undo_processed, reverted: r.undo_reverted, kept: r.undo_kept, startedAt: r.undo_started_at.toISOString(),
    },
    error: r.error, createdBy: r.created_by, createdByName: r.created_by_name, createdAt: r.created_at.toISOString(),
    startedAt: iso(r.started_at), finishedAt: iso(r.finished_at), undoneAt: iso(r.undone_at),
    undoableUntil: undoable ? new Date(r.finished_at!.getTime() + UNDO_DAYS * 86_400_000).toISOString() : null,
  };
}

/** One import as the API shows it (the command side's `imports` table: the wizard's state and the run's counts). */
export async function readImport(pool: Pool, id: number): Promise<Import | null> {
  const { rows } = await pool.query<Row>(`${SELECT} where i.id = $1`, [id]);
  return rows[0] ? toImport(rows[0]) : null;
}

/** The leads an undo kept, with why, by lead id (keyset-paged). */
export async function readKeptLeads(pool: Pool, importId: number, limit: number, after: number | null) {
  const { rows } = await pool.query<{ lead_id: number; undo_name: string | null; undo_reason: string | null }>(
    `select lead_id, undo_name, undo_reason from import_rows where import_id = $1 and undo = 'kept' and ($2::int is null or lead_id > $2)
     order by lead_id limit $3`, [importId, after, limit + 1]);
  const kept = rows.slice(0, limit).map((r) => ({ leadId: r.lead_id, name: r.undo_name ?? '', reason: r.undo_reason ?? '' }));
  return { kept, nextCursor: rows.length > limit ? String(kept[kept.length - 1]!.leadId) : null };
}

/** The history, newest first, keyset-paged by id. */
export async function readImports(pool: Pool, limit: number, before: number | null): Promise<{ imports: Import[]; nextCursor: string | null }> {
  const { rows } = await pool.query<Row>(`${SELECT} where ($1::int is null or i.id < $1) order by i.id desc limit $2`, [before, limit + 1]);
  const page = rows.slice(0, limit).map(toImport);
  return { imports: page, nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}
