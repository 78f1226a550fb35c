import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, serverMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format-date';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { useRecordSale } from '../api/sale-mutations';
import { commissionPlanQuery, saleListQuery } from '../api/sale-queries';
import { dollarsToCents, formatCents } from '../../../lib/dollars';
import { estimateCommissionCents, formatRate } from '../money';
import {
  formFieldOf, RecordSaleFormSchema, toRecordSaleBody, type RecordSaleFormOutput, type RecordSaleFormValues,
} from '../record-sale-form';
import { SALE_STATUS_LABELS } from '../sale-labels';

type FormProps = { lead: Lead; onRecorded: () => void; onCancel: () => void };

/** A sale already on this lead: recording another is allowed (a second deal), but said first. */
function EarlierSaleNotice({ leadId }: { leadId: number }) {
  const { data } = useInfiniteQuery(saleListQuery({ leadId }));
  const earlier = data?.pages[0]?.find((s) => s.status !== 'rejected');
  if (!earlier) return null;
  return (
    <p className="flex gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        A sale of {formatCents(earlier.amountCents)} was already recorded on this lead on {formatDateTime(earlier.saleDate)} (
        {SALE_STATUS_LABELS[earlier.status]}). Record another only for a second deal.
      </span>
    </p>
  );
}

/** What the commission will be, as the amount and rate are typed (the server's figure is recorded). */
function CommissionPreview({ control, planRate, canSetRate }: { control: Control<RecordSaleFormValues, unknown, RecordSaleFormOutput>; planRate: number | undefined; canSetRate: boolean }) {
  const [amount, typedRate] = useWatch({ control, name: ['amount', 'commissionRate'] });
  const cents = dollarsToCents(amount);
  const rate = canSetRate && typedRate.trim() !== '' ? Number(typedRate) : planRate;
  const known = cents !== null && rate !== undefined && Number.isFinite(rate);
  return (
    <p aria-live="polite" className="rounded-lg bg-surface-muted px-3 py-2 text-sm text-muted sm:col-span-2">
      Commission:{' '}
      <span className="font-semibold text-foreground">{known ? formatCents(estimateCommissionCents(cents, rate)) : '—'}</span>
      {known && ` (${formatRate(rate)} of ${formatCents(cents)})`}
    </p>
  );
}

function RecordSaleFields({ lead, planRate, onRecorded, onCancel }: FormProps & { planRate: number | undefined }) {
  const { user } = useCurrentUser();
  // The server lets a manager of the seller's team set a rate; an agent's sale takes the plan's.
  const canSetRate = user?.role === 'manager';
  const record = useRecordSale();
  const { register, handleSubmit, setError, control, formState: { errors } } = useForm<RecordSaleFormValues, unknown, RecordSaleFormOutput>({
    resolver: zodResolver(RecordSaleFormSchema),
    defaultValues: { amount: '', commissionRate: planRate === undefined ? '' : String(planRate), notes: '' },
  });
  const typeLabel = LEAD_TYPE_LABELS[lead.leadType];

  const handleRecord = handleSubmit((values) =>
    record.mutate(toRecordSaleBody(values, { leadId: lead.id, planRate, canSetRate }), {
      onSuccess: ({ sale }) => {
        toast({
          title: 'Sale recorded',
          description: `${lead.name}: ${formatCents(sale.amountCents)} at ${formatRate(sale.commissionRate)}, a commission of ${formatCents(sale.commissionCents)} pending approval.`,
          variant: 'success',
        });
        onRecorded();
      },
      onError: (error) => {
        const reason = serverMessage(error);
        toast({ title: 'Error', description: reason ? `Failed to record the sale. ${reason}` : 'Failed to record the sale. Please try again.', variant: 'destructive' });
        if (error instanceof ApiError) {
          for (const { field, message } of error.body?.errors ?? []) {
            const name = formFieldOf(field);
            if (name) setError(name, { message });
          }
        }
      },
    }),
  );

  const rateHint = canSetRate
    ? `Your team's plan pays ${planRate === undefined ? 'its rate' : formatRate(planRate)} on ${typeLabel} leads; change it for this sale only.`
    : `From your team's plan for ${typeLabel} leads. Only a manager can change it.`;

  return (
    <form onSubmit={handleRecord} noValidate aria-label="Record Sale" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <EarlierSaleNotice leadId={lead.id} />
      </div>
      <FormField label="Sale amount (USD)" error={errors.amount?.message}>
        {(c) => <Input {...c} {...register('amount')} inputMode="decimal" autoComplete="off" placeholder="e.g. 12,500" autoFocus />}
      </FormField>
      <FormField label="Commission rate (%)" hint={rateHint} error={errors.commissionRate?.message}>
        {(c) =>
          canSetRate ? (
            <Input {...c} {...register('commissionRate')} inputMode="decimal" autoComplete="off" />
          ) : (
            <Input {...c} value={planRate === undefined ? "Your team's plan" : String(planRate)} readOnly aria-readonly className="bg-surface-muted" />
          )
        }
      </FormField>
      <CommissionPreview control={control} planRate={planRate} canSetRate={canSetRate} />
      <FormField label="Notes" hint="Optional" error={errors.notes?.message} className="sm:col-span-2">
        {(c) => <Textarea {...c} {...register('notes')} rows={3} placeholder="What was sold, terms, anything a manager should know" />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={record.isPending}>{record.isPending ? 'Recording...' : 'Record Sale'}</Button>
      </div>
    </form>
  );
}

/**
 * The Record Sale form: amount, rate (the team plan's for the lead's type; a manager may set
 * another) and notes, validated with the body schema the server validates.
 */
export function RecordSaleForm(props: FormProps) {
  const { user } = useCurrentUser();
  const plan = useQuery(commissionPlanQuery(user?.teamId ?? null));
  if (plan.isPending) return <div className="flex justify-center py-6"><Spinner label="Loading your commission plan" /></div>;
  return <RecordSaleFields {...props} planRate={plan.data?.rates[props.lead.leadType]} />;
}
