import type { Lead } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import type { LeadActions } from '../use-lead-actions';

/**
 * Spec 2.7's buttons on the card face: 'Claim Lead' for an available lead; for the holder,
 * 'Mark as Contacted' on a claimed lead and 'Mark as Qualified' on a contacted one.
 */
export function LeadQuickActions({ lead, meId, actions }: { lead: Lead; meId: number | undefined; actions: LeadActions }) {
  const mine = lead.claimedBy !== null && lead.claimedBy === meId;
  if (lead.status === 'available') {
    const claiming = actions.pending === 'claim';
    return (
      <Button size="sm" disabled={claiming} onClick={() => actions.claim(lead)}>
        {claiming ? 'Claiming...' : 'Claim Lead'}
      </Button>
    );
  }
  const next = mine && lead.status === 'claimed' ? 'contacted' : mine && lead.status === 'contacted' ? 'qualified' : null;
  if (!next) return null;
  return (
    <Button size="sm" variant="secondary" disabled={actions.pending !== null} onClick={() => actions.setStatus(lead, next)}>
      {next === 'contacted' ? 'Mark as Contacted' : 'Mark as Qualified'}
    </Button>
  );
}
