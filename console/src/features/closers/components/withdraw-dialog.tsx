import type { ApplicationSummary } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useWithdrawApplication } from '../api/application-mutations';
import { refusal } from '../closer-errors';

/** Confirms a withdrawal: it is final (the application shows as Withdrawn and cannot be moved again). */
export function WithdrawDialog({ application, onClose }: { application: Pick<ApplicationSummary, 'id' | 'version' | 'job'> | null; onClose: () => void }) {
  const withdraw = useWithdrawApplication();
  const handleWithdraw = () => {
    if (!application) return;
    withdraw.mutate({ applicationId: application.id, expectedVersion: application.version }, {
      onSuccess: () => {
        toast({ title: 'Application withdrawn', description: application.job.title, variant: 'success' });
        onClose();
      },
    });
  };
  return (
    <Dialog open={application !== null} onClose={() => { withdraw.reset(); onClose(); }} title="Withdraw this application?" maxWidth="max-w-md"
      description={application ? `${application.job.companyName} will see it as withdrawn. You cannot apply to ${application.job.title} again.` : undefined}>
      {withdraw.error && <p role="alert" className="mb-4 text-sm font-medium text-destructive-text">{refusal(withdraw.error)}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => { withdraw.reset(); onClose(); }}>Keep it</Button>
        <Button variant="destructive" disabled={withdraw.isPending} onClick={handleWithdraw}>{withdraw.isPending ? 'Withdrawing...' : 'Withdraw application'}</Button>
      </div>
    </Dialog>
  );
}
