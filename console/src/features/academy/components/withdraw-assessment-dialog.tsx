import type { AssessmentView } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api';
import { useWithdrawAssessment } from '../api/academy-mutations';

/** Asked before an assessment is withdrawn: closers keep their attempts, it stops counting towards certification. */
export function WithdrawAssessmentDialog({ trainingId, assessment, onClose }: { trainingId: number; assessment: AssessmentView | null; onClose(): void }) {
  const withdraw = useWithdrawAssessment();
  const close = () => {
    withdraw.reset();
    onClose();
  };
  return (
    <Dialog
      open={assessment !== null} onClose={close} title="Withdraw this assessment?" maxWidth="max-w-[440px]"
      description="Closers keep their attempts at it; it no longer counts towards certification."
    >
      <div className="flex flex-col gap-4">
        {assessment && <p className="rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm [overflow-wrap:anywhere] text-foreground">{assessment.title}</p>}
        {withdraw.error && <p role="alert" className="text-sm font-medium text-destructive-text">{serverMessage(withdraw.error) ?? 'It could not be withdrawn. Try again.'}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>Cancel</Button>
          <Button
            variant="destructive" disabled={withdraw.isPending}
            onClick={() => assessment && withdraw.mutate({ trainingId, assessmentId: assessment.id }, { onSuccess: close })}
          >
            Withdraw
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
