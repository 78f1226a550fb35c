import { z } from 'zod';
import { IdQuerySchema, IdSchema, INT32_MAX, InstantSchema } from './scalars';

/** A task's title: 1 to 200 characters after trimming. */
export const TEAM_TASK_TITLE_MAX = 200;

const title = z.string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'Give the task a title').max(TEAM_TASK_TITLE_MAX, `A title can be at most ${TEAM_TASK_TITLE_MAX} characters`));
/**
 * The title a task made from a chat message gets when none is given: the message's text on one
 * line, cut to the title's length. The console fills its form with the same.
 */
export function taskTitleFromMessage(content: string): string {
  return content.replace(/\s+/g, ' ').trim().slice(0, TEAM_TASK_TITLE_MAX).trimEnd();
}

const assignee = z.number({ error: 'Choose who the task is for' }).int().positive().max(INT32_MAX);

/**
 * POST /api/teams/:id/tasks: a task for a member of the team (or its manager). `dueAt` makes it
 * fall overdue (its assignee is told); `leadId` links a lead of the pool; `sourceMessageId` a
 * message of the team's chat it was made from, whose text is the title when none is given.
 */
export const CreateTeamTaskBodySchema = z.strictObject({
  title: title.optional(),
  assignedUserId: assignee,
  dueAt: InstantSchema.nullable().optional(),
  leadId: IdSchema.nullable().optional(),
  sourceMessageId: IdSchema.nullable().optional(),
}).refine((b) => b.title !== undefined || (b.sourceMessageId !== undefined && b.sourceMessageId !== null), {
  message: 'Give the task a title', path: ['title'],
});
export type CreateTeamTaskBody = z.input<typeof CreateTeamTaskBodySchema>;

/**
 * PATCH /api/team-tasks/:id: any of title, assignee, due time (null clears it), linked lead
 * (null unlinks it) and completed. Changing the first four is for the task's creator, the
 * team's leads and its manager; completing or reopening also for its assignee.
 */
export const UpdateTeamTaskBodySchema = z.strictObject({
  title: title.optional(),
  assignedUserId: assignee.optional(),
  dueAt: InstantSchema.nullable().optional(),
  leadId: IdSchema.nullable().optional(),
  completed: z.boolean().optional(),
}).refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Say what to change' });
export type UpdateTeamTaskBody = z.input<typeof UpdateTeamTaskBodySchema>;

/**
 * The lists of a team's tasks: `mine` (open ones given to me), `team` (every open one), `done`
 * (completed, newest first) and `overdue` (open ones past their due time).
 */
export const TeamTaskFilterSchema = z.enum(['mine', 'team', 'done', 'overdue']);
export type TeamTaskFilter = z.infer<typeof TeamTaskFilterSchema>;

/** GET /api/teams/:id/tasks. `taskId` + `minVersion`: wait (bounded) until that task's change is in the list. */
export const TeamTasksQuerySchema = z.strictObject({
  filter: TeamTaskFilterSchema.default('team'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The `nextCursor` of the page before. */
  cursor: z.string().regex(/^[A-Za-z0-9_-]{1,300}$/, 'A cursor from a previous page').optional(),
  taskId: IdQuerySchema.optional(),
  minVersion: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
});

export const TeamTaskSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  title: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  assignedUserId: z.number().int(),
  assignedUserName: z.string(),
  assignedUserAvatarUrl: z.string().nullable(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  dueAt: z.string().nullable(),
  /** Open and past its due time, when read. */
  overdue: z.boolean(),
  lead: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The team chat message it was made from. */
  sourceMessageId: z.number().int().nullable(),
  createdAt: z.string(),
  /** The task stream's version: a command's answer passed back as `minVersion` waits for it. */
  version: z.number().int(),
});
export type TeamTask = z.infer<typeof TeamTaskSchema>;

export const TeamTaskCountsSchema = z.object({
  mine: z.number().int(), team: z.number().int(), done: z.number().int(), overdue: z.number().int(),
});
export type TeamTaskCounts = z.infer<typeof TeamTaskCountsSchema>;

export const TeamTasksResponseSchema = z.object({
  tasks: z.array(TeamTaskSchema),
  /** More tasks of this list: ask again with `cursor`. */
  nextCursor: z.string().nullable(),
  /** How many tasks each list holds now. */
  counts: TeamTaskCountsSchema,
});
export type TeamTasksResponse = z.infer<typeof TeamTasksResponseSchema>;

/** A command's answer: the task as it now stands, and the stream version (read-your-writes). */
export const TeamTaskCommandResponseSchema = z.object({
  task: z.object({
    id: z.number().int(), teamId: z.number().int(), title: z.string(), completed: z.boolean(), completedAt: z.string().nullable(),
    assignedUserId: z.number().int(), createdBy: z.number().int(), dueAt: z.string().nullable(), leadId: z.number().int().nullable(),
    sourceMessageId: z.number().int().nullable(), createdAt: z.string(), deletedAt: z.string().nullable(),
  }),
  version: z.number().int(),
});
export type TeamTaskCommandResponse = z.infer<typeof TeamTaskCommandResponseSchema>;

export const TeamTaskParamsSchema = z.object({ id: IdQuerySchema });

/** /ws: a task of a team was made, changed, completed, reopened or deleted; to the team's members and manager. */
export const TeamTaskSocketSchema = z.object({
  type: z.literal('team_task'), teamId: z.number().int(), taskId: z.number().int(), version: z.number().int(),
});
