import { useId, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { Import } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { useUndoImport } from '../api/import-mutations';
import { importHistoryQuery, importQuery, keptQuery } from '../api/import-queries';
import { JobProgress } from './import-progress';
import { STATUS_LABELS } from '../import-labels';

/** Past imports, newest first: counts, errors.csv, and undo within 30 days (with what it kept, and why). */
export function ImportHistory({ onOpen }: { onOpen: (imp: Import) => void }) {
  const titleId = useId();
  const query = useInfiniteQuery(importHistoryQuery());
  const [undoing, setUndoing] = useState<Import | null>(null);
  const imports = query.data?.pages.flatMap((p) => p.imports) ?? [];
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader titleId={titleId} title="Import history" description="Every file imported, with what it did." />
      <CardContent className="px-0 py-2">
        {query.error && !query.data ? <PanelError error={query.error} what="Import history" onRetry={() => void query.refetch()} />
          : !query.data ? <div className="px-5 py-2"><PanelLoading label="Loading import history" rows={2} /></div>
          : imports.length === 0 ? <PanelEmpty icon={<History aria-hidden className="size-5" />}>No imports yet. Upload a file to start.</PanelEmpty>
          : (
            <ul className="divide-y divide-border">
              {imports.map((imp) => <HistoryRow key={imp.id} imp={imp} onOpen={() => onOpen(imp)} onUndo={() => setUndoing(imp)} />)}
            </ul>
          )}
        {query.hasNextPage && (
          <div className="flex justify-center border-t border-border pt-2">
            <Button variant="ghost" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>Load more</Button>
          </div>
        )}
      </CardContent>
      {undoing && <UndoDialog imp={undoing} onClose={() => setUndoing(null)} />}
    </Card>
  );
}

function HistoryRow({ imp, onOpen, onUndo }: { imp: Import; onOpen: () => void; onUndo: () => void }) {
  const status = STATUS_LABELS[imp.status];
  const undoable = imp.undoableUntil !== null && Date.parse(imp.undoableUntil) > Date.now();
  const c = imp.counts;
  return (
    <li className="flex flex-col gap-2 px-5 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium text-foreground" title={imp.fileName}>{imp.fileName}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-xs text-muted">
        {formatDateTime(imp.createdAt)} · {imp.createdByName ?? 'A manager'} · {formatCount(imp.rows)} rows
        {imp.status !== 'uploaded' && imp.status !== 'mapped' && ` · ${formatCount(c.created)} created, ${formatCount(c.updated)} updated, ${formatCount(c.skipped)} skipped, ${formatCount(c.failed)} failed`}
      </p>
      <div className="flex flex-wrap gap-2">
        {(imp.status === 'uploaded' || imp.status === 'mapped' || imp.status === 'running') && <Button size="sm" variant="secondary" onClick={onOpen}>Open</Button>}
        {c.failed > 0 && <a className="inline-flex h-8 items-center text-sm font-medium text-primary hover:underline" href={`/api/imports/${imp.id}/errors.csv`} download>errors.csv</a>}
        {imp.status === 'completed' && undoable && <Button size="sm" variant="ghost" onClick={onUndo}>Undo</Button>}
      </div>
    </li>
  );
}

/**
 * The undo, a background job: asked for here, its progress bar moves with the /ws messages of its
 * chunks; at the end, how many leads went back and the ones kept, with why. Closed while it runs,
 * the history row says "Undoing" until it is done.
 */
function UndoDialog({ imp, onClose }: { imp: Import; onClose: () => void }) {
  const undo = useUndoImport();
  const live = useQuery({ ...importQuery(imp.id), enabled: undo.isSuccess }).data;
  const undoState = live?.undo && (live.status === 'undoing' || live.status === 'undone') ? live.undo : null;
  return (
    <Dialog open onClose={onClose} title={`Undo ${imp.fileName}?`}
      description="Leads this import made are taken back, and values it changed get their old ones, unless someone has claimed, worked or changed them since: those stay, listed here.">
      {undoState && live?.status === 'undone' ? <UndoResult importId={imp.id} undo={undoState} onClose={onClose} /> : undoState ? (
        <div className="flex flex-col gap-3">
          <JobProgress label="Undo progress" title="Undoing..." done={undoState.processed} total={undoState.leads} unit="leads" />
          <div className="flex justify-end"><Button variant="ghost" onClick={onClose}>Close, keep undoing</Button></div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {undo.error && <p role="alert" className="text-sm text-destructive">{serverMessage(undo.error) ?? 'The import could not be undone.'}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>Cancel</Button>
            <Button variant="destructive" disabled={undo.isPending || undo.isSuccess} onClick={() => undo.mutate(imp.id)}>
              {undo.isPending || undo.isSuccess ? 'Undoing...' : 'Undo import'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function UndoResult({ importId, undo, onClose }: { importId: number; undo: NonNullable<Import['undo']>; onClose: () => void }) {
  const kept = useInfiniteQuery({ ...keptQuery(importId), enabled: undo.kept > 0 });
  const leads = kept.data?.pages.flatMap((p) => p.kept) ?? [];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-foreground">{formatCount(undo.reverted)} leads reverted.</p>
      {undo.kept > 0 && (
        <>
          <p className="text-sm font-medium text-foreground">Kept ({formatCount(undo.kept)}):</p>
          {kept.error && !kept.data ? <p role="alert" className="text-sm text-destructive">{serverMessage(kept.error) ?? 'The kept leads could not be loaded.'}</p>
            : !kept.data ? <PanelLoading label="Loading the kept leads" rows={2} /> : (
              <ul className="max-h-56 overflow-y-auto rounded-lg border border-border text-sm">
                {leads.map((k) => <li key={k.leadId} className="border-b border-border px-3 py-1.5 last:border-0"><span className="font-medium">{k.name}</span> <span className="text-muted">{k.reason}</span></li>)}
              </ul>
            )}
          {kept.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="ghost" size="sm" disabled={kept.isFetchingNextPage} onClick={() => void kept.fetchNextPage()}>Load more</Button>
            </div>
          )}
        </>
      )}
      <div className="flex justify-end"><Button onClick={onClose}>Done</Button></div>
    </div>
  );
}
