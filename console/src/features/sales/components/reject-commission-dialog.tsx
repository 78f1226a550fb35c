import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { RejectCommissionBodySchema, type Sale } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { formatCents } from '../../../lib/dollars';

type RejectProps = { open: boolean; sale: Sale; busy: boolean; onClose: () => void; onReject: (reason: string) => void };
type RejectForm = z.input<typeof RejectCommissionBodySchema>;

function RejectForm({ busy, onClose, onReject }: Pick<RejectProps, 'busy' | 'onClose' | 'onReject'>) {
  const { register, handleSubmit, formState: { errors } } = useForm<RejectForm, unknown, z.output<typeof RejectCommissionBodySchema>>({
    resolver: zodResolver(RejectCommissionBodySchema),
    defaultValues: { reason: '' },
  });
  return (
    <form onSubmit={handleSubmit(({ reason }) => onReject(reason))} noValidate aria-label="Reject commission" className="flex flex-col gap-4">
      <FormField label="Reason" hint="The agent sees it beside the sale." error={errors.reason?.message}>
        {(c) => <Textarea {...c} {...register('reason')} rows={3} maxLength={500} autoFocus placeholder="e.g. The client cancelled within the cooling-off period" />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="destructive" disabled={busy}>{busy ? 'Rejecting...' : 'Reject commission'}</Button>
      </div>
    </form>
  );
}

/** Rejecting needs a reason (the server requires one) and takes back the points the sale earned. */
export function RejectCommissionDialog({ open, sale, busy, onClose, onReject }: RejectProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Reject commission"
      description={`${formatCents(sale.commissionCents)} for ${sale.userName ?? 'the agent'} on ${sale.leadName ?? `lead #${sale.leadId}`}. A rejected commission cannot be approved again, and the sale's points are taken back.`}
      maxWidth="max-w-[520px]"
    >
      <RejectForm busy={busy} onClose={onClose} onReject={onReject} />
    </Dialog>
  );
}
