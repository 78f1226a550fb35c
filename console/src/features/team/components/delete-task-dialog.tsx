import type { TeamTask } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDeleteTask } from '../api/task-mutations';
import { errorMessage } from '../team-permissions';

/** Asked before a task goes: it leaves every list of the team. */
export function DeleteTaskDialog({ task, onClose }: { task: TeamTask | null; onClose: () => void }) {
  const remove = useDeleteTask();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={task !== null} onClose={close} title="Delete this task?" description="It leaves the team's lists for everyone." maxWidth="max-w-[440px]">
      <div className="flex flex-col gap-4">
        {task && <p className="rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm [overflow-wrap:anywhere] text-foreground">{task.title}</p>}
        {remove.error && <p role="alert" className="text-sm font-medium text-destructive-text">{errorMessage(remove.error)}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>Cancel</Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => task && remove.mutate({ taskId: task.id }, { onSuccess: close })}>Delete task</Button>
        </div>
      </div>
    </Dialog>
  );
}
