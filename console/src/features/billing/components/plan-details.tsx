import type { ReactNode } from 'react';
import { PLAN_FEATURE_LABELS, type Plan } from '@leadfloor/contracts';
import { Check } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { seatPrice, seatRangeLabel } from '../plan-labels';

/** One plan as /subscribe shows it: name, price, seats and what it includes. */
/** `control`: a manager's choice of this plan (a radio), shown before its name. */
export function PlanDetails({ plan, current, nameId, control }: { plan: Plan; current: boolean; nameId?: string; control?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2.5">
          {control}
          <h3 id={nameId} className="text-lg font-semibold text-foreground">{plan.name}</h3>
        </div>
        {current && <Badge tone="primary">Current plan</Badge>}
      </div>
      <p className="text-sm text-muted">{plan.description}</p>
      <div>
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="text-2xl font-semibold tracking-tight text-foreground">{seatPrice(plan)}</span>
          <span className="text-sm text-muted">{plan.pricePerSeatCents === 0 ? 'per month' : 'per seat / month'}</span>
        </p>
        <p className="text-sm text-muted">{seatRangeLabel(plan)}</p>
      </div>
      <ul className="flex flex-col gap-2 text-sm text-foreground" aria-label={`${plan.name} includes`}>
        {plan.features.map((f) => (
          <li key={f} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{PLAN_FEATURE_LABELS[f]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
