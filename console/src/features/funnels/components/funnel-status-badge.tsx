import type { FunnelStatus } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { FUNNEL_STATUS_LABELS, FUNNEL_STATUS_TONES } from '../funnel-status';

export function FunnelStatusBadge({ status }: { status: FunnelStatus }) {
  return <Badge tone={FUNNEL_STATUS_TONES[status]}>{FUNNEL_STATUS_LABELS[status]}</Badge>;
}
