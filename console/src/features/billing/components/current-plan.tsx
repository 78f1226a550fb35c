import { PLANS, type Billing } from '@leadfloor/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format-date';
import { STATUS_LABELS } from '../plan-labels';
import { SeatUsage } from './seat-usage';

const STATUS_TONES: Record<Billing['status'], BadgeTone> = { active: 'success', trialing: 'primary', past_due: 'warning', canceled: 'destructive' };

/** The plan in force, its status and seat use, and when a Stripe subscription renews. */
export function CurrentPlan({ billing }: { billing: Billing }) {
  const plan = PLANS[billing.includes.plan];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-muted">
          Your floor is on the <span className="font-semibold text-foreground">{plan.name}</span> plan
        </p>
        <Badge tone={STATUS_TONES[billing.status]}>{STATUS_LABELS[billing.status]}</Badge>
        {billing.source === 'stripe' && <Badge tone="outline">Billed through Stripe</Badge>}
      </div>
      <SeatUsage billing={billing} />
      {billing.status === 'past_due' && (
        <p className="text-sm text-warning-soft-foreground">The last payment failed. Stripe is retrying it; the plan stays in force meanwhile.</p>
      )}
      {billing.status === 'canceled' && billing.plan !== 'free' && (
        <p className="text-sm text-muted">The {PLANS[billing.plan].name} subscription ended: the floor has Free&apos;s seats until a plan is chosen again.</p>
      )}
      {billing.currentPeriodEnd && billing.status !== 'canceled' && (
        <p className="text-sm text-muted">Renews on {formatDate(billing.currentPeriodEnd)}.</p>
      )}
    </div>
  );
}
