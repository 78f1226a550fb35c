import { useId } from 'react';
import type { Lead } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useAssignNext } from '../api/pool-distribution-mutations';

/**
 * The lead page's word on how a lead in the pool reaches agents: held back by the drip, offered
 * to someone until a time, or open to all; a manager can offer it to the rotation's next agent
 * (moving a running offer on).
 */
export function DistributionSection({ lead, meId, manager }: { lead: Lead; meId: number | undefined; manager: boolean }) {
  const assign = useAssignNext();
  const labelId = useId();
  const what = lead.releaseAt
    ? `Bulk-created: the floor’s drip lets it into the pool at ${formatDateTime(lead.releaseAt)}. Agents do not see it before.`
    : lead.offer
      ? `Offered to ${lead.offer.userId === meId ? 'you' : 'an agent'} until ${formatDateTime(lead.offer.expiresAt)}: nobody else can claim it meanwhile.`
      : 'Open to every agent: first come, first served.';
  const offerNext = () => assign.mutate(lead.id, {
    onSuccess: ({ offeredTo }) => toast({ title: 'Lead offered', description: `${lead.name} is offered to ${offeredTo.fullName ?? 'the next agent'}.`, variant: 'success' }),
    onError: (e) => toast({ title: 'Not offered', description: serverMessage(e) ?? 'Failed to offer the lead. Please try again.', variant: 'destructive' }),
  });
  return (
    <section aria-labelledby={labelId} className="flex flex-col gap-3 border-t border-border pt-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={labelId} className="text-sm font-semibold text-foreground">Distribution</h2>
          <p className="mt-0.5 text-sm text-muted">{what}</p>
        </div>
        {manager && !lead.releaseAt && (
          <Button variant="secondary" size="sm" disabled={assign.isPending} onClick={offerNext}>
            {lead.offer ? 'Offer to the next agent' : 'Offer to an agent'}
          </Button>
        )}
      </div>
    </section>
  );
}
