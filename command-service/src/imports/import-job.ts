import type { RecordedEvent } from '@leadfloor/events';
import { defineJobQueue, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import { z } from 'zod';
import type { Reactor, ReactorLogger } from '../reactors/reactor-runner';
import { customFieldAggregate } from '../custom-fields/decide-custom-field';
import { customFieldStream } from '../custom-fields/custom-field-set';
import { reserveDripRelease } from '../pool-distribution/drip-release';
import { loadState } from '../shared/load-state';
import { importAggregate, importStream } from './import-aggregate';
import { dryRunJobId, ImportDryRunJob, runDryRun } from './import-dry-run';
import { ImportUndoJob, runUndo, undoJobId } from './import-undo';
import type { RowPlan } from './import-plan';
import { applyRow, inParallel, loadImport, planFile, rowCommandId, rowCommands, settingsOf, type ImportRunDeps } from './import-run';

/** One run of one import; its id is the import's, so a redelivered start is one job. */
export const ImportRunJob = defineJobQueue({
  name: 'lead-import',
  payload: z.strictObject({ importId: z.number().int().positive() }),
  retry: { attempts: 10, backoff: { type: 'exponential', delayMs: 2_000 } },
});

/** Rows of different leads applied at once: their appends share the store's group commits. */
const APPLY_CONCURRENCY = 16;

type Counts = { processed: number; created: number; updated: number; skipped: number; failed: number };

async function recordCounts(deps: ImportRunDeps, importId: number): Promise<Counts> {
  const { rows } = await deps.pool.query<Counts>(
    `update imports i set processed = c.total, created = c.created, updated = c.updated, skipped = c.skipped, failed = c.failed
     from (select count(*)::int as total, count(*) filter (where outcome = 'created')::int as created,
                  count(*) filter (where outcome = 'updated')::int as updated, count(*) filter (where outcome = 'skipped')::int as skipped,
                  count(*) filter (where outcome = 'failed')::int as failed
           from import_rows where import_id = $1) c
     where i.id = $1 returning i.processed, i.created, i.updated, i.skipped, i.failed`, [importId]);
  return rows[0]!;
}

/**
 * Runs an import to its end. Each chunk's plans are written to `import_rows` first, then applied
 * row by row under a command id per (import, row), then marked applied, the chunk at once. Killed at any point, the
 * next run re-applies what was written but not marked (the command id makes a row that did land
 * answer its first result, with no second event), and plans only the rows not yet written: no
 * row is ever applied twice.
 */
export async function runImport(deps: ImportRunDeps, importId: number): Promise<void> {
  const imp = await loadImport(deps.pool, importId);
  if (!imp || imp.status !== 'running') return;
  const settings = settingsOf(imp);
  if (!settings) return;
  const { state: fieldSet } = await loadState(deps.store, customFieldAggregate, customFieldStream);

  // Rows are applied several at a time, then marked applied in one statement (a row's refusal
  // makes it failed, with why): one round trip per chunk, not per row. Killed before the mark,
  // a restart applies those rows again under their command ids, which answer the first result.
  const apply = async (rows: { row: number; plan: RowPlan; leadId: number | null }[]) => {
    const refusals: { row: number; reason: string }[] = [];
    await inParallel(rows, APPLY_CONCURRENCY, async (r) => {
      const commands = rowCommands(r, imp, fieldSet, r.row, deps.now().toISOString());
      const refused = await applyRow(deps, commands, r.leadId ?? 0, rowCommandId(imp.id, r.row), imp.created_by);
      if (refused !== null) refusals.push({ row: r.row, reason: refused });
    });
    if (rows.length === 0) return;
    await deps.pool.query(
      `update import_rows r set applied = true, outcome = case when o.reason is null then r.outcome else 'failed' end, reason = coalesce(o.reason, r.reason)
       from (select x.row, f.reason from unnest($2::int[]) as x(row) left join jsonb_to_recordset($3::jsonb) as f(row int, reason text) on f.row = x.row) o
       where r.import_id = $1 and r.row_number = o.row`,
      [imp.id, rows.map((r) => r.row), JSON.stringify(refusals)]);
  };

  // What an interrupted run wrote but may not have applied.
  const { rows: pending } = await deps.pool.query<{ row_number: number; lead_id: number; after: RowPlan }>(
    `select row_number, lead_id, after from import_rows where import_id = $1 and not applied and outcome in ('created', 'updated')`, [imp.id]);
  await apply(pending.map((p) => ({ row: p.row_number, plan: p.after, leadId: p.lead_id })));
  const { rows: recorded } = await deps.pool.query<{ row_number: number }>('select row_number from import_rows where import_id = $1', [imp.id]);

  await planFile(deps, imp, settings, {
    done: new Set(recorded.map((r) => r.row_number)),
    apply: async (chunk) => {
      const creates = chunk.filter((p) => p.plan.outcome === 'created');
      const first = creates.length > 0 ? await deps.store.reserveIds('lead', creates.length) : 0;
      // The floor's drip, if it has one: each new lead enters the pool at its slot, behind earlier bulk loads.
      const slots = await reserveDripRelease(deps, creates.length, {
        actorId: imp.created_by, correlationId: `import-${imp.id}`, commandId: `import:${imp.id}:drip:${creates[0]?.row ?? 0}`,
      });
      creates.forEach((p, i) => {
        p.leadId = first + i;
        if (slots[i] && p.plan.outcome === 'created') p.plan = { ...p.plan, releaseAt: slots[i] };
      });
      await deps.pool.query(
        `insert into import_rows (import_id, row_number, outcome, lead_id, reason, cells, before, after, applied)
         select $1, r.row_number, r.outcome, r.lead_id, r.reason, r.cells, r.before, r.after, r.outcome not in ('created', 'updated')
         from jsonb_to_recordset($2::jsonb) as r(row_number int, outcome text, lead_id int, reason text, cells jsonb, before jsonb, after jsonb)
         on conflict do nothing`,
        [imp.id, JSON.stringify(chunk.map((p) => ({
          row_number: p.row, outcome: p.plan.outcome, lead_id: p.leadId,
          reason: p.plan.outcome === 'skipped' || p.plan.outcome === 'failed' ? p.plan.reason : null,
          // The failed rows' cells make errors.csv, ready to fix and upload again.
          cells: p.plan.outcome === 'failed' ? p.cells : null,
          before: p.plan.outcome === 'updated' ? p.plan.before : null,
          after: p.plan.outcome === 'created' || p.plan.outcome === 'updated' ? p.plan : null,
        })))]);
      await apply(chunk.filter((p) => p.plan.outcome === 'created' || p.plan.outcome === 'updated'));
      const counts = await recordCounts(deps, imp.id);
      await deps.handle(importAggregate, importStream(imp.id), {
        type: 'RecordImportProgress', data: { importId: imp.id, ...counts }, meta: { now: deps.now().toISOString() },
      }, { actorId: null, correlationId: `import-${imp.id}` });
    },
  });
  await recordCounts(deps, imp.id);
  const { rows: [c] } = await deps.pool.query<{ created: number; updated: number; skipped: number; failed: number }>(
    `update imports set status = 'completed', finished_at = coalesce(finished_at, $2) where id = $1 returning created, updated, skipped, failed`,
    [imp.id, deps.now()]);
  await deps.handle(importAggregate, importStream(imp.id), {
    type: 'CompleteImport', data: { importId: imp.id, ...c! }, meta: { now: deps.now().toISOString() },
  }, { actorId: null, correlationId: `import-${imp.id}`, commandId: `import:${imp.id}:complete` });
}

/** A started import's run, dry run or undo, enqueued from the log (a redelivered start is the same job id). */
export function importReactor({ jobs }: { jobs: Jobs }): Reactor {
  return {
    name: 'lead_import_runs_v1',
    handles: ['ImportStarted', 'ImportDryRunStarted', 'ImportUndoStarted'],
    async react(e: RecordedEvent) {
      const { importId, run } = e.data as { importId: number; run?: number };
      if (e.type === 'ImportDryRunStarted') await jobs.queue(ImportDryRunJob).enqueue({ importId, run: run! }, { jobId: dryRunJobId(importId, run!) });
      else if (e.type === 'ImportUndoStarted') await jobs.queue(ImportUndoJob).enqueue({ importId }, { jobId: undoJobId(importId) });
      else await jobs.queue(ImportRunJob).enqueue({ importId }, { jobId: `lead-import-${importId}` });
    },
  };
}

/**
 * Works import runs, dry runs and undos. On start, re-enqueues those a lost job store forgot
 * (the job id dedupes one that exists).
 */
export function workImports(jobs: Jobs, deps: ImportRunDeps & { logger?: ReactorLogger }): Promise<void> {
  jobs.work(ImportRunJob, async ({ importId }) => runImport(deps, importId), { concurrency: 1 });
  jobs.work(ImportDryRunJob, async ({ importId, run }) => runDryRun(deps, importId, run), { concurrency: 1 });
  jobs.work(ImportUndoJob, async ({ importId }) => runUndo(deps, importId), { concurrency: 1 });
  return deps.pool.query<{ id: number; status: string; dry_run_no: number; dry_run_status: string | null }>(
    `select id, status, dry_run_no, dry_run_status from imports where status in ('running', 'undoing') or dry_run_status = 'running'`)
    .then(async ({ rows }) => {
      for (const r of rows) {
        if (r.status === 'running') await jobs.queue(ImportRunJob).enqueue({ importId: r.id }, { jobId: `lead-import-${r.id}` });
        else if (r.status === 'undoing') await jobs.queue(ImportUndoJob).enqueue({ importId: r.id }, { jobId: undoJobId(r.id) });
        else if (r.dry_run_no > 0) await jobs.queue(ImportDryRunJob).enqueue({ importId: r.id, run: r.dry_run_no }, { jobId: dryRunJobId(r.id, r.dry_run_no) });
      }
    })
    .catch((err: unknown) => {
      if ((err as { code?: string }).code !== '42P01') deps.logger?.error({ err }, 'import runs not reconciled');
    });
}
