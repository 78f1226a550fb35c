import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PLANS, SetPlanBodySchema, type Billing, type SetPlanBody } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, serverMessage } from '../../../lib/api';
import { cx } from '../../../lib/cx';
import { useSetPlan, useStartCheckout } from '../api/billing-mutations';
import { monthlyTotalLabel, PLAN_LIST, priceLabel, seatRangeLabel, suggestedSeats } from '../plan-labels';
import { PlanDetails } from './plan-details';

type PlanId = SetPlanBody['plan'];

/**
 * A manager's choice of plan and seats. Without Stripe it sets them at once (PUT
 * /api/billing/plan); with Stripe it goes to Checkout for a paid plan (Free is reached by
 * cancelling in the billing portal). `cards` shows the plans side by side (/subscribe),
 * `compact` as a list (settings).
 */
export function PlanForm({ billing, layout }: { billing: Billing; layout: 'cards' | 'compact' }) {
  const stripe = billing.provider === 'stripe';
  const setPlan = useSetPlan();
  const checkout = useStartCheckout();
  const initial: PlanId = stripe && billing.includes.plan === 'free' ? 'team' : billing.includes.plan;
  const { register, handleSubmit, setValue, setError, watch, formState: { errors } } = useForm<SetPlanBody>({
    resolver: zodResolver(SetPlanBodySchema),
    defaultValues: { plan: initial, seats: suggestedSeats(PLANS[initial], billing) },
  });
  const chosen = PLANS[watch('plan')];
  const seats = watch('seats');
  const planField = register('plan', {
    onChange: (e: { target: { value: PlanId } }) => setValue('seats', suggestedSeats(PLANS[e.target.value], billing), { shouldValidate: true }),
  });
  const pending = setPlan.isPending || checkout.isPending;

  const refused = (error: unknown) => {
    const seatsProblem = error instanceof ApiError ? error.body?.errors?.find((e) => e.field === 'seats') : undefined;
    if (seatsProblem) return setError('seats', { message: seatsProblem.message }, { shouldFocus: true });
    toast({ title: 'Plan not changed', description: serverMessage(error) ?? 'Something went wrong. Please try again.', variant: 'destructive' });
  };
  const submit = handleSubmit((values) => {
    if (!stripe) {
      setPlan.mutate(values, {
        onSuccess: ({ billing: now }) => toast({
          title: 'Plan changed', description: `Your floor is on the ${PLANS[now.plan].name} plan with ${now.includes.seats} seats.`, variant: 'success',
        }),
        onError: refused,
      });
    } else if (values.plan !== 'free') {
      // Stripe's page takes over; the manager comes back to /checkout.
      checkout.mutate({ plan: values.plan, seats: values.seats }, { onSuccess: ({ url }) => window.location.assign(url), onError: refused });
    }
  });

  const seatsField = (
    <FormField
      label="Seats"
      error={errors.seats?.message}
      hint={`${chosen.name}: ${seatRangeLabel(chosen)}. ${billing.seatsUsed} ${billing.seatsUsed === 1 ? 'is' : 'are'} held by agents and team leads now.`}
      className={layout === 'cards' ? 'sm:max-w-xs' : undefined}
    >
      {(c) => <Input {...c} type="number" inputMode="numeric" min={chosen.seats.min} max={chosen.seats.max} readOnly={chosen.seats.min === chosen.seats.max}
        {...register('seats', { valueAsNumber: true })} />}
    </FormField>
  );
  const total = Number.isInteger(seats) && chosen.pricePerSeatCents > 0 ? monthlyTotalLabel(chosen, seats) : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Change plan" className="flex flex-col gap-5">
      {layout === 'cards' ? (
        <fieldset>
          <legend className="sr-only">Plan</legend>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            {PLAN_LIST.map((plan) => {
              const unavailable = stripe && plan.id === 'free';
              return (
                <label key={plan.id} className={cx(
                  'flex flex-col rounded-xl border bg-surface p-5 shadow-xs transition-colors',
                  chosen.id === plan.id ? 'border-primary ring-2 ring-primary/25' : 'border-border hover:border-ring',
                  unavailable ? 'cursor-not-allowed opacity-70' : 'cursor-pointer',
                )}>
                  <PlanDetails plan={plan} current={billing.includes.plan === plan.id} nameId={`plan-${plan.id}-name`}
                    control={<input type="radio" value={plan.id} disabled={unavailable} aria-labelledby={`plan-${plan.id}-name`}
                      className="size-4 accent-primary" {...planField} />} />
                  {unavailable && <p className="mt-3 text-xs text-muted">To return to Free, cancel the subscription in the billing portal.</p>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
          <FormField label="Plan">
            {(c) => (
              <Select {...c} {...planField}>
                {PLAN_LIST.map((plan) => <option key={plan.id} value={plan.id} disabled={stripe && plan.id === 'free'}>{plan.name} · {priceLabel(plan)}</option>)}
              </Select>
            )}
          </FormField>
          {seatsField}
        </div>
      )}
      <div className={cx('flex flex-col gap-4 sm:flex-row sm:items-end', layout === 'cards' ? 'sm:justify-between' : 'sm:justify-end')}>
        {layout === 'cards' && seatsField}
        <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-4">
          {total && <p className="text-sm text-muted">{total}</p>}
          <Button type="submit" disabled={pending}>
            {stripe ? (checkout.isPending ? 'Opening checkout...' : 'Continue to checkout') : setPlan.isPending ? 'Saving...' : 'Save plan'}
          </Button>
        </div>
      </div>
    </form>
  );
}
