import { Link } from 'react-router';
import { CheckCircle2, GraduationCap, Lock, Pencil, RotateCcw, Send } from 'lucide-react';
import type { Job, JobStatus } from '@leadfloor/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useJobAction, type JobAction } from '../api/job-mutations';
import { refusal } from '../closer-errors';

const ACTIONS: Record<JobAction, { label: string; done: string; icon: typeof Send }> = {
  publish: { label: 'Publish', done: 'Job published: it is on the board now.', icon: Send },
  close: { label: 'Close', done: 'Job closed: it takes no new applications.', icon: Lock },
  fill: { label: 'Mark filled', done: 'Job marked filled.', icon: CheckCircle2 },
  reopen: { label: 'Reopen', done: 'Job reopened: it is back on the board.', icon: RotateCcw },
};

/** The moves a job's status allows (as the server decides them): a draft is published, an open job closed or filled, either reopened. */
export const JOB_MOVES: Record<JobStatus, JobAction[]> = {
  draft: ['publish'], active: ['close', 'fill'], closed: ['reopen', 'fill'], filled: ['reopen'],
};

/** Edit, and the status moves of a job its owner (or a manager) manages. */
export function JobActions({ job }: { job: Job }) {
  const act = useJobAction();
  const run = (action: JobAction) =>
    act.mutate({ jobId: job.id, action, expectedVersion: job.version }, {
      onSuccess: () => toast({ title: ACTIONS[action].done, variant: 'success' }),
      onError: (error) => toast({ title: `Could not ${ACTIONS[action].label.toLowerCase()} the job`, description: refusal(error), variant: 'destructive' }),
    });
  return (
    <>
      <Link to={`/closers/jobs/${job.id}/edit`} className={buttonClasses('secondary')}><Pencil aria-hidden />Edit</Link>
      {/* The academy's editor of what closers hired for this job learn. */}
      <Link to={`/closers/training/${job.id}`} className={buttonClasses('secondary')}><GraduationCap aria-hidden />Training</Link>
      {JOB_MOVES[job.status].map((action, i) => {
        const { label, icon: Icon } = ACTIONS[action];
        return (
          <Button key={action} variant={i === 0 ? 'primary' : 'secondary'} disabled={act.isPending} onClick={() => run(action)}>
            <Icon aria-hidden />{label}
          </Button>
        );
      })}
    </>
  );
}
