import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/**
 * A team task's own stream (`team_task-<id>`). Who did it is the envelope's actor.
 * - `TeamTaskChanged.changes` holds only what changed (`dueAt`/`leadId` null: cleared); `title`
 *   is the title after the change, so a reader of this event alone can name the task.
 * - `TeamTaskReopened.dueAt` is the due time the reopened task still has (a timer may be due again).
 * - `TeamTaskFellOverdue` marks the moment an open task passed its due time `dueAt`, once per due time.
 */
export const teamTaskEventSchemas = {
  TeamTaskCreated: z.object({
    taskId: id, teamId: id, title: z.string(), assignedUserId: id, dueAt: at.nullable(), leadId: id.nullable(),
    sourceMessageId: id.nullable(), createdBy: id, at,
  }),
  TeamTaskChanged: z.object({
    taskId: id, teamId: id,
    changes: z.object({ title: z.string().optional(), assignedUserId: id.optional(), dueAt: at.nullable().optional(), leadId: id.nullable().optional() }),
    title: z.string(), at,
  }),
  TeamTaskCompleted: z.object({ taskId: id, teamId: id, at }),
  TeamTaskReopened: z.object({ taskId: id, teamId: id, dueAt: at.nullable(), at }),
  TeamTaskDeleted: z.object({ taskId: id, teamId: id, at }),
  TeamTaskFellOverdue: z.object({ taskId: id, teamId: id, assignedUserId: id, title: z.string(), dueAt: at, at }),
} as const;

export type TeamTaskEventType = keyof typeof teamTaskEventSchemas;
export type TeamTaskEvent = { [T in TeamTaskEventType]: { type: T; data: z.infer<(typeof teamTaskEventSchemas)[T]> } }[TeamTaskEventType];
