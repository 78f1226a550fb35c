import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatCents } from '../../../lib/dollars';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import type { ExplainRequest } from '../api/analytics-keys';
import { explainQuery } from '../api/analytics-queries';
import { sourceLabel } from '../analytics-filters';
import { durationLabel } from '../duration-label';

const STATUS_LABEL: Record<string, string> = {
  available: 'In the pool', claimed: 'Claimed', contacted: 'Contacted', qualified: 'Qualified', sold: 'Sold', lost: 'Lost',
};

const AT_LABEL: Record<ExplainRequest['figure'], string> = {
  created: 'Created', claimed: 'First claimed', contacted: 'First contacted', qualified: 'Qualified', sold: 'Sold', lost: 'Lost',
  timeToClaim: 'First claimed', timeToFirstContact: 'First contacted', stage: 'Entered stage',
};

/** "Explain this number": the leads behind a figure, keyset page after page, each linking to the lead and its history. */
export function ExplainDialog({ explaining, onClose }: { explaining: { title: string; request: ExplainRequest } | null; onClose: () => void }) {
  return (
    <Dialog open={explaining !== null} onClose={onClose} title={explaining?.title ?? ''} maxWidth="max-w-[760px]"
      description="The leads behind this figure. Open a lead to see every event of its history.">
      {explaining && <ExplainRows request={explaining.request} />}
    </Dialog>
  );
}

function ExplainRows({ request }: { request: ExplainRequest }) {
  const q = useInfiniteQuery(explainQuery(request));
  if (q.isPending) return <PanelLoading label="Loading the leads behind the figure" rows={4} />;
  if (q.isError) return <PanelError error={q.error} what="The explanation" onRetry={() => void q.refetch()} />;
  const first = q.data.pages[0]!;
  const rows = q.data.pages.flatMap((p) => p.rows);
  const timed = request.figure === 'timeToClaim' || request.figure === 'timeToFirstContact' || request.figure === 'stage';
  const sold = request.figure === 'sold' || first.revenueCents > 0;
  if (rows.length === 0) return <PanelEmpty>No leads make up this figure.</PanelEmpty>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-foreground" aria-live="polite">
        <strong className="tabular-nums">{formatCount(first.total)}</strong> {first.total === 1 ? 'lead' : request.figure === 'stage' ? 'stays' : 'leads'}
        {sold && first.revenueCents > 0 && <> · revenue <strong className="tabular-nums">{formatCents(first.revenueCents)}</strong></>}
        {rows.length < first.total && <span className="text-muted"> · showing {formatCount(rows.length)}</span>}
      </p>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {rows.map((r, i) => (
          <li key={`${r.leadId}-${i}`} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2.5 text-sm">
            <Link to={`/leads/${r.leadId}`} className="min-w-0 truncate font-medium text-primary-soft-foreground hover:underline">{r.leadName}</Link>
            <span className="text-right text-muted tabular-nums">
              {timed ? durationLabel(r.durationSeconds) : r.revenueCents > 0 ? formatCents(r.revenueCents) : r.status === 'sold' ? 'No sale recorded' : STATUS_LABEL[r.status]}
            </span>
            <span className="col-span-2 text-xs text-muted">
              {AT_LABEL[request.figure]} {formatDateTime(r.at)} · {LEAD_TYPE_LABELS[r.leadType]} · {sourceLabel(r.source)}
              {r.agentName ? ` · ${r.agentName}` : ' · in the pool'}
            </span>
          </li>
        ))}
      </ul>
      {q.hasNextPage && (
        <Button variant="secondary" size="sm" className="self-center" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {q.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </div>
  );
}
