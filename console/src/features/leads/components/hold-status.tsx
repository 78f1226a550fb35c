import { useQuery } from '@tanstack/react-query';
import { Layers, ShieldCheck, Timer } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format-date';
import { poolPolicyQuery } from '../api/pool-policy-queries';
import { countdown } from '../auto-release-countdown';
import { useTickingClock } from '../use-ticking-clock';

const TONES = { neutral: 'outline', warning: 'warning', danger: 'destructive' } as const;

/**
 * What the floor's rules mean for a held lead: when it goes back to the pool unless its holder
 * reaches the customer (a countdown that moves on its own), or that a manager exempted it; and,
 * on the signed-in agent's own leads, how many active leads they hold of the floor's cap.
 */
export function HoldStatus({ lead, meId }: { lead: Lead; meId: number | undefined }) {
  const mine = lead.claimedBy !== null && lead.claimedBy === meId;
  const policy = useQuery({ ...poolPolicyQuery, enabled: mine });
  const first = lead.autoReleaseAt ? countdown(lead.autoReleaseAt, new Date()) : null;
  const now = useTickingClock(first?.refreshMs ?? null);
  const tick = lead.autoReleaseAt ? countdown(lead.autoReleaseAt, now) : null;
  const cap = mine ? policy.data?.effective.maxActiveClaims ?? null : null;
  if (lead.claimedBy === null || (!tick && !lead.autoReleaseExempt && cap === null)) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="hold-status">
      {tick && (
        <Badge tone={TONES[tick.tone]} title={`Goes back to the pool at ${formatDateTime(lead.autoReleaseAt!)} unless the customer is contacted first`}>
          <Timer aria-hidden />
          <span>Auto-release {tick.label}</span>
        </Badge>
      )}
      {lead.autoReleaseExempt && (
        <Badge tone="neutral" title="A manager took this lead out of the floor's auto-release rule">
          <ShieldCheck aria-hidden />
          <span>Exempt from auto-release</span>
        </Badge>
      )}
      {cap !== null && policy.data && (
        <Badge tone={policy.data.activeClaims >= cap ? 'warning' : 'outline'} title="Your active leads (claimed, contacted, qualified) against the floor's cap">
          <Layers aria-hidden />
          <span>{policy.data.activeClaims} of {cap} claims</span>
        </Badge>
      )}
    </div>
  );
}
