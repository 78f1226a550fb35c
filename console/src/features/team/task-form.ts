import { z } from 'zod';
import {
  CreateTeamTaskBodySchema, UpdateTeamTaskBodySchema, type CreateTeamTaskBody, type TeamTask, type UpdateTeamTaskBody,
} from '@leadfloor/contracts';

/**
 * The task form as typed: the assignee from a select (its value a string), the due time from a
 * date-time field in the browser's own time zone ('2026-03-03T10:00', or '' for none). The
 * schemas below turn it into the body the server validates, and validate it with that very schema.
 */
export type TaskFormValues = {
  title: string;
  assignedUserId: string;
  dueAt: string;
  leadId: number | null;
  sourceMessageId: number | null;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A date-time field's value ('yyyy-MM-ddTHH:mm', local time) as an instant; '' is none. */
export function localToInstant(local: string): string | null {
  if (local === '') return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/** An instant as a date-time field shows it, in local time; null is ''. */
export function instantToLocal(instant: string | null): string {
  if (instant === null) return '';
  const d = new Date(instant);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const FormShape = z.object({
  title: z.string(),
  assignedUserId: z.string(),
  dueAt: z.string(),
  leadId: z.number().nullable(),
  sourceMessageId: z.number().nullable(),
});

// No assignee chosen leaves `assignedUserId` out, for the body schema to say "Choose who the task is for".
const common = (v: TaskFormValues): UpdateTeamTaskBody => ({
  title: v.title,
  ...(v.assignedUserId === '' ? {} : { assignedUserId: Number(v.assignedUserId) }),
  dueAt: localToInstant(v.dueAt),
  leadId: v.leadId,
});

/** A new task: the body of POST /api/teams/:id/tasks. */
export const CreateTaskFormSchema = FormShape
  .transform((v): CreateTeamTaskBody => ({ ...common(v), ...(v.sourceMessageId === null ? {} : { sourceMessageId: v.sourceMessageId }) }) as CreateTeamTaskBody)
  .pipe(CreateTeamTaskBodySchema);

/** An edit: the body of PATCH /api/team-tasks/:id (every field sent; the server keeps what did not change). */
export const EditTaskFormSchema = FormShape.transform(common).pipe(UpdateTeamTaskBodySchema);

/** The form filled in from a task, for an edit. */
export const taskFormValues = (task: TeamTask): TaskFormValues => ({
  title: task.title, assignedUserId: String(task.assignedUserId), dueAt: instantToLocal(task.dueAt),
  leadId: task.lead?.id ?? null, sourceMessageId: task.sourceMessageId,
});
