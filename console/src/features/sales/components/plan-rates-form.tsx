import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SetCommissionPlanBodySchema, type CommissionPlanSchema } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { useSetCommissionPlan } from '../api/sale-mutations';

const RatesSchema = SetCommissionPlanBodySchema.shape.rates;
type Rates = z.input<typeof RatesSchema>;
const TYPES = Object.keys(LEAD_TYPE_LABELS) as (keyof Rates)[];

type PlanRatesFormProps = { plan: z.infer<typeof CommissionPlanSchema>; teamId: number; teamName: string | undefined; onDone: () => void };

/** A manager sets a team's rates (PUT /api/commission-plan, checked with its body schema). */
export function PlanRatesForm({ plan, teamId, teamName, onDone }: PlanRatesFormProps) {
  const save = useSetCommissionPlan();
  const { register, handleSubmit, formState: { errors } } = useForm<Rates, unknown, z.output<typeof RatesSchema>>({
    resolver: zodResolver(RatesSchema),
    defaultValues: plan.rates,
  });
  const handleSave = handleSubmit((rates) =>
    save.mutate({ teamId, rates }, {
      onSuccess: () => {
        toast({ title: 'Commission plan saved', description: `New sales${teamName ? ` of ${teamName}` : ''} use these rates; recorded sales keep theirs.`, variant: 'success' });
        onDone();
      },
      onError: (error) => {
        const reason = serverMessage(error);
        toast({ title: 'Error', description: `Failed to save the commission plan. ${reason ?? 'Please try again.'}`, variant: 'destructive' });
      },
    }),
  );
  return (
    <form onSubmit={handleSave} noValidate aria-label="Commission rates" className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {TYPES.map((type) => (
          <FormField key={type} label={`${LEAD_TYPE_LABELS[type]} (%)`} error={errors[type]?.message}>
            {(c) => <Input {...c} {...register(type, { valueAsNumber: true })} type="number" min={0} max={100} step={0.01} />}
          </FormField>
        ))}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save rates'}</Button>
      </div>
    </form>
  );
}
