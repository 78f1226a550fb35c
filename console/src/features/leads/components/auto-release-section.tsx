import { useId } from 'react';
import type { Lead } from '@leadfloor/contracts';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useAutoReleaseExemption } from '../api/pool-policy-mutations';
import { HoldStatus } from './hold-status';

/**
 * The lead page's word on auto-release: when the lead goes back to the pool unless its holder
 * reaches the customer (or why it does not), and, for a manager, the switch that exempts it.
 */
export function AutoReleaseSection({ lead, meId, manager }: { lead: Lead; meId: number | undefined; manager: boolean }) {
  const exemption = useAutoReleaseExemption();
  const labelId = useId();
  const descriptionId = useId();
  const what = lead.autoReleaseExempt
    ? 'A manager exempted this lead: the floor’s auto-release leaves it with its holder.'
    : lead.autoReleaseAt
      ? `Goes back to the pool at ${formatDateTime(lead.autoReleaseAt)} unless its holder reaches the customer first.`
      : lead.claimedBy === null ? 'In the pool: nobody holds it.' : 'Not timed: the floor has no auto-release for its holder, or the customer was reached.';
  const change = (exempt: boolean) => exemption.mutate({ leadId: lead.id, exempt }, {
    onSuccess: () => toast({ title: exempt ? 'Lead exempted' : 'Auto-release back on', description: exempt ? `${lead.name} stays with its holder.` : `${lead.name} is timed again from now.`, variant: 'success' }),
    onError: (e) => toast({ title: 'Error', description: serverMessage(e) ?? 'Failed to change the auto-release. Please try again.', variant: 'destructive' }),
  });
  return (
    <section aria-labelledby={labelId} className="flex flex-col gap-3 border-t border-border pt-5">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={labelId} className="text-sm font-semibold text-foreground">Auto-release</h2>
          <p id={descriptionId} className="mt-0.5 text-sm text-muted">{what}</p>
        </div>
        {manager && (
          <div className="flex shrink-0 items-center gap-2">
            <span className="text-xs text-muted" aria-hidden>Exempt</span>
            <Switch
              checked={lead.autoReleaseExempt}
              disabled={exemption.isPending}
              onCheckedChange={change}
              aria-label="Exempt from auto-release"
              aria-describedby={descriptionId}
            />
          </div>
        )}
      </div>
      <HoldStatus lead={lead} meId={meId} />
    </section>
  );
}
