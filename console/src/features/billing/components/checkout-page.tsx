import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import { CheckoutSessionIdSchema, PLANS, type Billing } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useBilling } from '../api/billing-queries';
import { CurrentPlan } from './current-plan';

/** Stripe has confirmed the Checkout Session `sessionId`: its webhook reached the floor's billing. */
export const isConfirmed = (b: Billing, sessionId: string) =>
  b.checkout?.sessionId === sessionId && b.checkout.status === 'completed' && b.source === 'stripe' && (b.status === 'active' || b.status === 'trialing');

function Outcome({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      {icon}
      <h2 className="text-lg font-semibold text-foreground">{title}</h2>
      <div className="max-w-md text-sm text-muted">{children}</div>
      <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  );
}

const backToPlans = <Link to="/subscribe" className={buttonClasses('secondary')}>Back to plans</Link>;

/**
 * /checkout: where Stripe sends the manager back. After a payment (`?session_id=`) it waits for
 * Stripe's word (the webhook) to reach the floor's billing: the live "billing changed" message
 * refetches it, and a poll every 2 s covers a socket that is down. After a cancel
 * (`?canceled=1`) nothing changed. Anyone else landing here sees the plan in force.
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const parsed = CheckoutSessionIdSchema.safeParse(params.get('session_id'));
  const sessionId = parsed.success ? parsed.data : null;
  const canceled = params.get('canceled') === '1';
  const billing = useBilling({ waiting: (b) => sessionId !== null && !isConfirmed(b, sessionId) });

  let body: ReactNode;
  if (billing.isPending) body = <PanelLoading label="Loading your plan" rows={2} />;
  else if (billing.error) body = <PanelError error={billing.error} what="Your plan" onRetry={() => billing.refetch()} />;
  else if (canceled) {
    body = (
      <Outcome icon={<CircleX aria-hidden className="size-10 text-muted" />} title="Checkout canceled" actions={backToPlans}>
        Nothing was charged. Your floor stays on the {PLANS[billing.data.includes.plan].name} plan.
      </Outcome>
    );
  } else if (sessionId && isConfirmed(billing.data, sessionId)) {
    const { includes } = billing.data;
    body = (
      <Outcome icon={<CircleCheck aria-hidden className="size-10 text-success" />} title={`You're on the ${PLANS[includes.plan].name} plan`}
        actions={<><Link to="/" className={buttonClasses()}>Go to the dashboard</Link>{backToPlans}</>}>
        Stripe confirmed your payment: the floor has {includes.seats} seats from now on.
      </Outcome>
    );
    body = <>{body}<div className="border-t border-border pt-5"><CurrentPlan billing={billing.data} /></div></>;
  } else if (sessionId) {
    body = (
      <Outcome icon={<Spinner label="Waiting for Stripe" className="size-10" />} title="Confirming your payment" actions={backToPlans}>
        Stripe is confirming the checkout. This page updates by itself as soon as it does; it usually takes a few seconds.
      </Outcome>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <CurrentPlan billing={billing.data} />
        <p className="text-sm text-muted">
          {billing.data.provider === 'stripe' ? 'There is no checkout to confirm here.' : 'Plans on this floor are set by a manager, without checkout.'}
        </p>
        <div>{backToPlans}</div>
      </div>
    );
  }

  return (
    <>
      <PageHeader heading="Checkout" subheading="Your subscription" />
      <Card aria-label="Checkout" className="max-w-3xl">
        <CardContent>{body}</CardContent>
      </Card>
    </>
  );
}
