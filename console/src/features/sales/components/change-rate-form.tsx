import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AdjustCommissionRateBodySchema, type Sale } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useCommissionStep } from '../use-commission-step';

type RateForm = z.input<typeof AdjustCommissionRateBodySchema>;

/** A manager re-rates a pending commission (the server recomputes it and records who changed it). */
export function ChangeRateForm({ sale }: { sale: Sale }) {
  const step = useCommissionStep();
  const { register, handleSubmit, formState: { errors } } = useForm<RateForm, unknown, z.output<typeof AdjustCommissionRateBodySchema>>({
    resolver: zodResolver(AdjustCommissionRateBodySchema),
    defaultValues: { commissionRate: sale.commissionRate },
  });
  return (
    <form
      onSubmit={handleSubmit(({ commissionRate }) => step.run(sale, { kind: 'rate', commissionRate }))}
      noValidate
      aria-label="Change the commission rate"
      className="flex flex-wrap items-end gap-3 border-t border-border pt-4"
    >
      <FormField label="Commission rate (%)" error={errors.commissionRate?.message} className="w-44">
        {(c) => <Input {...c} {...register('commissionRate', { valueAsNumber: true })} type="number" min={0} max={100} step={0.01} />}
      </FormField>
      <Button type="submit" variant="secondary" disabled={step.pendingKind !== null}>{step.doing ?? 'Change rate'}</Button>
    </form>
  );
}
