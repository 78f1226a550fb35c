import { Hand, Hourglass } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format-date';

/**
 * How a lead in the pool is reaching agents: offered to one of them (round-robin or weighted),
 * or held back by the drip until its instant (only managers see those).
 */
export function PoolEntryStatus({ lead, meId }: { lead: Lead; meId: number | undefined }) {
  if (lead.claimedBy !== null) return null;
  if (lead.releaseAt) {
    return (
      <Badge tone="outline" title="Bulk-created: the floor's drip lets it into the pool then; agents do not see it before">
        <Hourglass aria-hidden />
        <span>Enters the pool {formatDateTime(lead.releaseAt)}</span>
      </Badge>
    );
  }
  if (!lead.offer) return null;
  const mine = lead.offer.userId === meId;
  return (
    <Badge tone={mine ? 'primary' : 'outline'} title={`Nobody else can claim it until ${formatDateTime(lead.offer.expiresAt)}`}>
      <Hand aria-hidden />
      <span>{mine ? 'Offered to you' : 'Offered to an agent'}</span>
    </Badge>
  );
}
