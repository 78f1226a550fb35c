import { PLANS } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { useBilling } from '../api/billing-queries';
import { PLAN_LIST } from '../plan-labels';
import { CurrentPlan } from './current-plan';
import { ManageBillingButton } from './manage-billing-button';
import { PlanDetails } from './plan-details';
import { PlanForm } from './plan-form';

/**
 * /subscribe: the plans side by side with what each includes, the current one marked. A manager
 * chooses one: set at once on a floor without Stripe, through Stripe Checkout otherwise (and a
 * running subscription is changed in Stripe's portal). Everyone else reads them.
 */
export function SubscribePage() {
  const { user } = useCurrentUser();
  const billing = useBilling();
  const isManager = user?.role === 'manager';
  const b = billing.data;
  const subscribed = b?.source === 'stripe' && b.status !== 'canceled';

  return (
    <>
      <PageHeader heading="Subscription" subheading="Choose the plan for your floor" actions={isManager && b?.portal ? <ManageBillingButton /> : undefined} />
      {billing.isPending ? (
        <Card><CardContent><PanelLoading label="Loading your plan" rows={2} /></CardContent></Card>
      ) : billing.error ? (
        <Card><CardContent><PanelError error={billing.error} what="Your plan" onRetry={() => billing.refetch()} /></CardContent></Card>
      ) : (
        <div className="flex flex-col gap-6">
          <Card aria-labelledby="current-plan-title">
            <CardHeader titleId="current-plan-title" title="Current plan" description="Agents and team leads each hold a seat; managers hold none." />
            <CardContent><CurrentPlan billing={billing.data} /></CardContent>
          </Card>
          <section aria-labelledby="plans-title" className="flex flex-col gap-3">
            <h2 id="plans-title" className="text-base font-semibold text-foreground">Plans</h2>
            {isManager && !subscribed ? (
              <PlanForm key={`${billing.data.includes.plan}:${billing.data.includes.seats}`} billing={billing.data} layout="cards" />
            ) : (
              <>
                <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
                  {PLAN_LIST.map((plan) => (
                    <Card key={plan.id} className="p-5"><PlanDetails plan={plan} current={billing.data.includes.plan === plan.id} /></Card>
                  ))}
                </div>
                <p className="text-sm text-muted">
                  {isManager
                    ? `The ${PLANS[billing.data.plan].name} subscription is managed in Stripe: change its plan or seats, or cancel it, with Manage billing.`
                    : 'Only a manager can change the plan.'}
                </p>
              </>
            )}
          </section>
        </div>
      )}
    </>
  );
}
