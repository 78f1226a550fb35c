import type { Sale } from '@leadfloor/contracts';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { useCommissionAction, type CommissionAction } from './api/sale-mutations';
import { formatCents } from '../../lib/dollars';

const VERBS: Record<CommissionAction['kind'], { doing: string; done: string; failed: string }> = {
  approve: { doing: 'Approving...', done: 'Commission approved', failed: 'approve the commission' },
  pay: { doing: 'Paying...', done: 'Commission paid', failed: 'mark the commission paid' },
  reject: { doing: 'Rejecting...', done: 'Commission rejected', failed: 'reject the commission' },
  rate: { doing: 'Saving...', done: 'Commission rate changed', failed: 'change the rate' },
};

export const leadOf = (sale: Sale) => sale.leadName ?? `lead #${sale.leadId}`;

/** Runs a manager's step on a commission with its toasts (the server decides who may). */
export function useCommissionStep() {
  const mutation = useCommissionAction();
  const run = (sale: Sale, action: CommissionAction, onDone?: () => void) =>
    mutation.mutate({ sale, action }, {
      onSuccess: ({ sale: now }) => {
        const who = now.userName ? ` for ${now.userName}` : '';
        toast({
          title: VERBS[action.kind].done,
          description: action.kind === 'reject'
            ? `${leadOf(now)}: ${action.reason}`
            : `${formatCents(now.commissionCents)}${who} on ${leadOf(now)}.`,
          variant: 'success',
        });
        onDone?.();
      },
      onError: (error) => {
        const reason = serverMessage(error);
        toast({ title: 'Error', description: `Failed to ${VERBS[action.kind].failed}. ${reason ?? 'Please try again.'}`, variant: 'destructive' });
      },
    });
  const pendingKind = mutation.isPending ? mutation.variables?.action.kind ?? null : null;
  return { run, pendingKind, doing: pendingKind ? VERBS[pendingKind].doing : null };
}
