import type { FunnelStatus } from '@leadfloor/contracts';
import type { BadgeTone } from '../../components/ui/badge';

export const FUNNEL_STATUS_LABELS: Record<FunnelStatus, string> = { draft: 'Draft', active: 'Live', paused: 'Paused', archived: 'Archived' };
export const FUNNEL_STATUS_TONES: Record<FunnelStatus, BadgeTone> = { draft: 'neutral', active: 'success', paused: 'warning', archived: 'outline' };
