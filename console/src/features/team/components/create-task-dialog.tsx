import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareText } from 'lucide-react';
import type { z } from 'zod';
import { taskTitleFromMessage } from '@leadfloor/contracts';
import { PanelError } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useCurrentUser } from '../../../lib/current-user';
import { useCreateTask } from '../api/task-mutations';
import { teamStructureQuery } from '../api/team-queries';
import { CreateTaskFormSchema, type TaskFormValues } from '../task-form';
import { assignees } from '../task-permissions';
import { errorMessage } from '../team-permissions';
import { TaskFields } from './task-fields';

type CreateTaskDialogProps = {
  teamId: number;
  open: boolean;
  onClose(): void;
  /** "Make a task" from a chat message: its text as the title, and the message it came from. */
  initial?: { title?: string; sourceMessageId?: number };
};

/** A new task for one of the team's people: title, assignee, due time and a linked lead (the Tasks tab and the chat). */
export function CreateTaskDialog({ teamId, open, onClose, initial }: CreateTaskDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="New task"
      description={initial?.sourceMessageId ? 'Made from a chat message; it stays linked to it.' : "For one of your team's people."}>
      <CreateTaskForm teamId={teamId} initial={initial} onDone={onClose} />
    </Dialog>
  );
}

function CreateTaskForm({ teamId, initial, onDone }: { teamId: number; initial: CreateTaskDialogProps['initial']; onDone: () => void }) {
  const { user } = useCurrentUser();
  const structure = useQuery(teamStructureQuery);
  if (structure.isPending || !user) return <div className="flex justify-center py-8"><Spinner label="Loading the team" /></div>;
  if (structure.error) return <PanelError error={structure.error} what="The team" onRetry={() => structure.refetch()} />;
  const people = assignees(structure.data, teamId);
  const defaults: TaskFormValues = {
    title: initial?.title ? taskTitleFromMessage(initial.title) : '',
    assignedUserId: people.some((p) => p.id === user.id) ? String(user.id) : '',
    dueAt: '', leadId: null, sourceMessageId: initial?.sourceMessageId ?? null,
  };
  return <CreateTaskFields teamId={teamId} people={people} meId={user.id} defaults={defaults} onDone={onDone} />;
}

function CreateTaskFields({ teamId, people, meId, defaults, onDone }: {
  teamId: number; people: ReturnType<typeof assignees>; meId: number; defaults: TaskFormValues; onDone: () => void;
}) {
  const create = useCreateTask();
  const form = useForm<TaskFormValues, unknown, z.output<typeof CreateTaskFormSchema>>({ resolver: zodResolver(CreateTaskFormSchema), defaultValues: defaults });
  const handleCreate = form.handleSubmit((body) =>
    create.mutate({ teamId, body }, {
      onSuccess: ({ task }) => {
        const who = people.find((p) => p.id === task.assignedUserId);
        toast({ title: 'Task created', description: who && who.id !== meId ? `${task.title}, for ${who.fullName}.` : task.title, variant: 'success' });
        onDone();
      },
    }));
  return (
    <form onSubmit={handleCreate} noValidate aria-label="New task" className="flex flex-col gap-4">
      {defaults.sourceMessageId !== null && (
        <p className="flex items-center gap-2 rounded-lg bg-surface-muted px-3 py-2 text-xs text-muted">
          <MessageSquareText aria-hidden className="size-4 shrink-0" />
          From a message in the team chat
        </p>
      )}
      <TaskFields form={form} people={people} meId={meId} initialLead={null} />
      {create.error && <p role="alert" className="text-sm font-medium text-destructive-text">{errorMessage(create.error)}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Creating...' : 'Create task'}</Button>
      </div>
    </form>
  );
}
