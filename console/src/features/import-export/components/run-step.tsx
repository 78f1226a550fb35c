import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import type { Import, ImportDryRun } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format-number';
import { useDryRun, useRunImport } from '../api/import-mutations';
import { importQuery } from '../api/import-queries';
import { MODE_LABELS } from '../import-labels';
import { ImportCounts } from './import-counts';
import { ImportProgress, JobProgress } from './import-progress';

/**
 * Step 3 and 4: the dry run (what would be created, updated, skipped and why, nothing changed),
 * then the run. Both are background jobs whose progress bars move with the /ws messages of their
 * chunks; leaving the page and coming back finds them where they are.
 */
export function RunStep({ importId, onEditMapping, onDone }: { importId: number; onEditMapping: (imp: Import) => void; onDone: () => void }) {
  const imp = useQuery(importQuery(importId)).data;
  const dryRun = useDryRun();
  const run = useRunImport();
  if (!imp) return null;
  const started = imp.status !== 'uploaded' && imp.status !== 'mapped';
  const checking = imp.dryRun?.status === 'running' || dryRun.isPending;
  const report = imp.dryRun?.status === 'completed' ? imp.dryRun : null;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">
        {imp.fileName}: {formatCount(imp.rows)} rows, {MODE_LABELS[imp.mode ?? 'create'].toLowerCase()}, matched on {imp.matchOn}.
      </p>
      {!started && (
        <>
          {imp.dryRun?.status === 'running' ? (
            <JobProgress label="Dry run progress" title="Checking..." done={imp.dryRun.counts.processed} total={imp.rows} unit="rows" />
          ) : report ? <DryRunReport report={report} /> : (
            <p className="text-sm text-foreground">Check what the import will do first: the dry run reads the whole file and changes nothing.</p>
          )}
          {(dryRun.error ?? run.error) && (
            <p role="alert" className="text-sm text-destructive">{serverMessage(dryRun.error ?? run.error) ?? 'That did not work. Try again.'}</p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => onEditMapping(imp)}>Change mapping</Button>
            <Button variant="secondary" disabled={checking} onClick={() => dryRun.mutate(imp.id)}>{checking ? 'Checking...' : report ? 'Dry run again' : 'Dry run'}</Button>
            <Button disabled={!report || run.isPending} onClick={() => run.mutate(imp.id)}>Run import</Button>
          </div>
        </>
      )}
      {started && <Started imp={imp} onDone={onDone} />}
    </div>
  );
}

function Started({ imp, onDone }: { imp: Import; onDone: () => void }) {
  return (
    <>
      <ImportProgress imp={imp} />
      {imp.status === 'undoing' && imp.undo && (
        <JobProgress label="Undo progress" title="Undoing..." done={imp.undo.processed} total={imp.undo.leads} unit="leads" />
      )}
      {imp.status !== 'running' && imp.status !== 'undoing' && (
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm font-medium text-foreground">
            <CircleCheck aria-hidden className="size-5 text-success-soft-foreground" /> Import {imp.status === 'undone' ? 'undone' : 'finished'}.
          </p>
          <ImportCounts counts={imp.counts} />
          <div className="flex flex-wrap justify-end gap-2">
            {imp.counts.failed > 0 && <a className="text-sm font-medium text-primary underline-offset-4 hover:underline" href={`/api/imports/${imp.id}/errors.csv`} download>Download failed rows (errors.csv)</a>}
            <Button onClick={onDone}>Import another file</Button>
          </div>
        </div>
      )}
    </>
  );
}

function DryRunReport({ report }: { report: Pick<ImportDryRun, 'counts' | 'issues'> }) {
  return (
    <section aria-label="Dry run" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-foreground">Dry run: what the import would do</h3>
      <ImportCounts counts={report.counts} />
      {report.issues.length > 0 && (
        <div className="max-h-64 overflow-y-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Rows that would be skipped or fail</caption>
            <thead className="sticky top-0 bg-surface-muted text-xs text-muted">
              <tr><th scope="col" className="px-3 py-2 font-medium">Row</th><th scope="col" className="px-3 py-2 font-medium">Outcome</th><th scope="col" className="px-3 py-2 font-medium">Why</th></tr>
            </thead>
            <tbody>
              {report.issues.map((i) => (
                <tr key={i.row} className="border-t border-border">
                  <td className="px-3 py-1.5 tabular-nums">{i.row}</td>
                  <td className="px-3 py-1.5">{i.outcome === 'failed' ? 'Fails' : 'Skipped'}</td>
                  <td className="px-3 py-1.5 break-words text-muted">{i.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
