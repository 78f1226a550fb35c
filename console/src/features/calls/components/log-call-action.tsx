import type { Lead } from '@leadfloor/contracts';
import { LogCallButton } from './log-call-button';

/** The lead card's 'Log call', for the agent who holds the lead (the server logs calls only on those). */
export function LogCallAction({ lead, meId }: { lead: Lead; meId: number | undefined }) {
  if (meId === undefined || lead.claimedBy !== meId) return null;
  return <LogCallButton lead={lead} size="sm" variant="secondary" />;
}
