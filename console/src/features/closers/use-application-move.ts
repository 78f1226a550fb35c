import { useQueryClient } from '@tanstack/react-query';
import { JobApplicationsResponseSchema, type ApplicationStatus, type ApplicationSummary } from '@leadfloor/contracts';
import { api } from '../../lib/api';
import { toast } from '../../components/ui/toast-store';
import { sendStatusChange } from './api/application-mutations';
import { closerKeys } from './api/closer-keys';
import { APPLICATION_STAGE_LABELS } from './closer-labels';
import { isConflict, refusal } from './closer-errors';
import { withCard, withoutCard, type ColumnPages } from './kanban-cache';

/**
 * A kanban move: the card changes column at once (optimistic), the decision follows at the
 * version the card showed. Refused, both columns go back to what they were, with the reason;
 * a 409 (another reviewer decided first) also rereads the board, so it shows their decision.
 */
export function useApplicationMove(jobId: number) {
  const queryClient = useQueryClient();
  return async (application: ApplicationSummary, to: ApplicationStatus, feedback?: string | null): Promise<boolean> => {
    if (application.status === to) return false;
    const from = closerKeys.column(jobId, application.status);
    const into = closerKeys.column(jobId, to);
    // A column refetch landing now would undo the optimistic move on screen.
    await Promise.all([queryClient.cancelQueries({ queryKey: from }), queryClient.cancelQueries({ queryKey: into })]);
    const before = [queryClient.getQueryData<ColumnPages>(from), queryClient.getQueryData<ColumnPages>(into)] as const;
    queryClient.setQueryData<ColumnPages>(from, (d) => d && withoutCard(d, application, to));
    queryClient.setQueryData<ColumnPages>(into, (d) => d && withCard(d, application, to, new Date().toISOString()));
    try {
      const out = await sendStatusChange({ applicationId: application.id, status: to, expectedVersion: application.version, ...(feedback === undefined ? {} : { feedback }) });
      // The gateway holds this read (bounded) until the board's read model has the move, so the refetch below cannot undo it on screen.
      await api.get(`/api/jobs/${jobId}/applications`, JobApplicationsResponseSchema, { params: { status: to, limit: 1, applicationId: out.id, minVersion: out.version } })
        .catch(() => undefined);
      toast({ title: 'Application moved', description: `${application.closerName}: ${APPLICATION_STAGE_LABELS[to]}`, variant: 'success' });
      return true;
    } catch (error) {
      queryClient.setQueryData(from, before[0]);
      queryClient.setQueryData(into, before[1]);
      toast(isConflict(error)
        ? { title: 'Someone else moved it first', description: `${application.closerName}'s application changed since you loaded the board. It now shows where it is.`, variant: 'destructive' }
        : { title: 'Could not move the application', description: refusal(error), variant: 'destructive' });
      return false;
    } finally {
      // Whatever happened, the server's board (versions, days in status, a third column) is read again.
      void queryClient.invalidateQueries({ queryKey: closerKeys.jobApplications(jobId) });
      void queryClient.invalidateQueries({ queryKey: closerKeys.application(application.id) });
      void queryClient.invalidateQueries({ queryKey: closerKeys.employer() });
    }
  };
}
