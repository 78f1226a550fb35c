import { Link } from 'react-router';
import { Check, CreditCard } from 'lucide-react';
import { PLAN_FEATURE_LABELS, PLANS } from '@leadfloor/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { useBilling } from '../api/billing-queries';
import { CurrentPlan } from './current-plan';
import { ManageBillingButton } from './manage-billing-button';
import { PlanForm } from './plan-form';

/**
 * Settings' billing section: the plan, its seats in use and what it includes, for everyone. A
 * manager of a floor without Stripe sets plan and seats here; with Stripe, they go to
 * /subscribe for checkout or to Stripe's portal.
 */
export function BillingCard() {
  const { user } = useCurrentUser();
  const billing = useBilling();
  const isManager = user?.role === 'manager';
  const b = billing.data;

  return (
    <Card aria-labelledby="billing-title">
      <CardHeader titleId="billing-title" title="Plan and seats" description="What your floor pays for, and who holds its seats"
        action={<CreditCard aria-hidden className="size-5 shrink-0 text-muted" />} />
      <CardContent className="flex flex-col gap-5">
        {billing.isPending ? (
          <PanelLoading label="Loading your plan" rows={2} />
        ) : billing.error ? (
          <PanelError error={billing.error} what="Your plan" onRetry={() => billing.refetch()} />
        ) : (
          <>
            <CurrentPlan billing={billing.data} />
            <ul className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm text-foreground sm:grid-cols-2" aria-label={`${PLANS[billing.data.includes.plan].name} includes`}>
              {billing.data.includes.features.map((f) => (
                <li key={f} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                  <span>{PLAN_FEATURE_LABELS[f]}</span>
                </li>
              ))}
            </ul>
            {isManager && billing.data.provider === 'manual' && (
              <div className="border-t border-border pt-5">
                <PlanForm key={`${billing.data.includes.plan}:${billing.data.includes.seats}`} billing={billing.data} layout="compact" />
              </div>
            )}
          </>
        )}
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-3">
        <p className="text-muted">{isManager ? 'Compare the plans and what each includes.' : 'Only a manager can change the plan.'}</p>
        <div className="flex flex-wrap gap-2">
          {isManager && b?.portal && <ManageBillingButton />}
          <Link to="/subscribe" className={buttonClasses('secondary', 'sm')}>View plans</Link>
        </div>
      </CardFooter>
    </Card>
  );
}
