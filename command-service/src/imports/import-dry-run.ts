import type { ImportCounts } from '@leadfloor/contracts';
import { defineJobQueue } from '@leadfloor/infra/jobs/job-queue';
import { z } from 'zod';
import { importAggregate, importStream } from './import-aggregate';
import { loadImport, planFile, settingsOf, type ImportRunDeps } from './import-run';

/** One dry run of one import: its id is the import's and the run's number, so a redelivered start is one job. */
export const ImportDryRunJob = defineJobQueue({
  name: 'lead-import-dry-run',
  payload: z.strictObject({ importId: z.number().int().positive(), run: z.number().int().positive() }),
  retry: { attempts: 10, backoff: { type: 'exponential', delayMs: 2_000 } },
});
export const dryRunJobId = (importId: number, run: number) => `lead-import-dry-run-${importId}-${run}`;

/** Thrown from a chunk's progress when the dry run is no longer the import's current one: it stops there. */
class Superseded extends Error {}

/**
 * Runs dry run `run` of an import: the run's own planning over the whole file (planFile), nothing
 * applied. After each chunk the counts so far go to the import's row and, as ImportDryRunProgressed,
 * to the importer over /ws; at the end the counts and the first issues. A dry run that a new
 * mapping, a newer dry run or the run itself has replaced stops at its next chunk. Killed, it
 * starts again from the first row (it changed nothing, and its counts restart from zero): no row
 * is counted twice.
 */
export async function runDryRun(deps: ImportRunDeps, importId: number, run: number): Promise<void> {
  const imp = await loadImport(deps.pool, importId);
  const settings = imp && settingsOf(imp);
  if (!imp || !settings || imp.status !== 'mapped') return;
  const current = async (sql: string, params: unknown[]) =>
    (await deps.pool.query(`${sql} where id = $1 and dry_run_no = $2 and dry_run_status = 'running' and status = 'mapped'`, [importId, run, ...params])).rowCount === 1;
  const record = (type: 'RecordImportDryRunProgress' | 'CompleteImportDryRun', counts: ImportCounts, commandId?: string) =>
    deps.handle(importAggregate, importStream(importId), {
      type, data: { importId, run, ...counts }, meta: { now: deps.now().toISOString() },
    }, { actorId: null, correlationId: `import-${importId}-dry-run-${run}`, ...(commandId ? { commandId } : {}) });

  const completeId = `import:${importId}:dry-run:${run}:complete`;
  const { rows: [mine] } = await deps.pool.query<{ status: string | null; counts: ImportCounts | null }>(
    'select dry_run_status as status, dry_run_counts as counts from imports where id = $1 and dry_run_no = $2', [importId, run]);
  // Killed after its outcome was stored, before it was told: tell it (the command id makes that once).
  if (mine?.status === 'completed' && mine.counts) return void await record('CompleteImportDryRun', mine.counts, completeId);
  if (!(await current('update imports set dry_run_counts = null, dry_run_issues = null', []))) return;
  let result;
  try {
    result = await planFile(deps, imp, settings, {
      progress: async (counts) => {
        if (!(await current('update imports set dry_run_counts = $3', [JSON.stringify(counts)]))) throw new Superseded();
        await record('RecordImportDryRunProgress', counts);
      },
    });
  } catch (err) {
    if (err instanceof Superseded) return;
    throw err;
  }
  if (!(await current(`update imports set dry_run_status = 'completed', dry_run_counts = $3, dry_run_issues = $4, dry_run_finished_at = $5`,
    [JSON.stringify(result.counts), JSON.stringify(result.issues), deps.now()]))) return;
  await record('CompleteImportDryRun', result.counts, completeId);
}
