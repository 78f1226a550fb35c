import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { TeamTask } from '@leadfloor/contracts';
import { PanelError } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useUpdateTask } from '../api/task-mutations';
import { teamStructureQuery } from '../api/team-queries';
import { EditTaskFormSchema, taskFormValues, type TaskFormValues } from '../task-form';
import { assignees } from '../task-permissions';
import { errorMessage } from '../team-permissions';
import { TaskFields } from './task-fields';

/** Change a task's title, assignee, due time or linked lead (its creator, the team's leads and its manager). */
export function EditTaskDialog({ task, onClose }: { task: TeamTask | null; onClose: () => void }) {
  return (
    <Dialog open={task !== null} onClose={onClose} title="Edit task">
      {task && <EditTaskForm task={task} onDone={onClose} />}
    </Dialog>
  );
}

function EditTaskForm({ task, onDone }: { task: TeamTask; onDone: () => void }) {
  const { user } = useCurrentUser();
  const structure = useQuery(teamStructureQuery);
  const update = useUpdateTask();
  const form = useForm<TaskFormValues, unknown, z.output<typeof EditTaskFormSchema>>({ resolver: zodResolver(EditTaskFormSchema), defaultValues: taskFormValues(task) });
  if (structure.isPending || !user) return <div className="flex justify-center py-8"><Spinner label="Loading the team" /></div>;
  if (structure.error) return <PanelError error={structure.error} what="The team" onRetry={() => structure.refetch()} />;
  const people = assignees(structure.data, task.teamId);
  // Someone who has since left the team still shows as the assignee until it is given to another.
  const withAssignee = people.some((p) => p.id === task.assignedUserId) ? people : [...people, {
    id: task.assignedUserId, fullName: task.assignedUserName, role: 'agent' as const, level: 'rookie' as const, points: 0,
    avatarUrl: task.assignedUserAvatarUrl, activeLeads: 0, salesThisMonth: 0,
  }];
  const handleSave = form.handleSubmit((body) => update.mutate({ taskId: task.id, body }, { onSuccess: onDone }));
  return (
    <form onSubmit={handleSave} noValidate aria-label="Edit task" className="flex flex-col gap-4">
      <TaskFields form={form} people={withAssignee} meId={user.id} initialLead={task.lead} />
      {update.error && <p role="alert" className="text-sm font-medium text-destructive-text">{errorMessage(update.error)}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving...' : 'Save changes'}</Button>
      </div>
    </form>
  );
}
