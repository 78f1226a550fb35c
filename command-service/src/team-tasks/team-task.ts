import type { TeamTaskEvent } from '@leadfloor/events';
import { streamIdOf } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import type { ManagedTeam } from '../shared/manages-team';

export type TeamTask = {
  id: number; teamId: number; title: string; assignedUserId: number; dueAt: string | null; leadId: number | null;
  sourceMessageId: number | null; createdBy: number; createdAt: string; completedAt: string | null; deletedAt: string | null;
  /** The due time the task last fell overdue at (its assignee was told), if any. */
  overdueFor: string | null;
};
export type TeamTaskState = { exists: false } | ({ exists: true } & TeamTask);

/** The task's team as the route found it on the team's stream: its manager and its team leads. */
export type TaskTeam = ManagedTeam & { teamLeadIds: number[] };
/** Someone a task would be given to, as their own stream has them (null: no such user). */
export type TaskPerson = Actor | null;
/** The chat message a task is made from, as the chat's read model has it (null: no such message). */
export type SourceMessage = { teamId: number; content: string; deleted: boolean } | null;

type Meta = { now: string; actor: Actor; team: TaskTeam | null };
export type CreateTeamTask = {
  type: 'CreateTeamTask';
  data: { taskId: number; title: string | null; assignedUserId: number; dueAt: string | null; leadId: number | null; sourceMessageId: number | null };
  /** `leadExists`: whether the pool has `leadId` (when one is given). */
  meta: Meta & { assignee: TaskPerson; leadExists: boolean; sourceMessage: SourceMessage };
};
/** Only what the request names; the decider keeps what does not differ. */
export type UpdateTeamTask = {
  type: 'UpdateTeamTask';
  data: { title?: string; assignedUserId?: number; dueAt?: string | null; leadId?: number | null; completed?: boolean };
  meta: Meta & { assignee?: TaskPerson; leadExists?: boolean };
};
export type DeleteTeamTask = { type: 'DeleteTeamTask'; data: Record<string, never>; meta: Meta };
/** The overdue timer of due time `dueAt` fired (a background job, no actor). */
export type MarkTeamTaskOverdue = { type: 'MarkTeamTaskOverdue'; data: { dueAt: string }; meta: { now: string } };
export type TeamTaskCommand = CreateTeamTask | UpdateTeamTask | DeleteTeamTask | MarkTeamTaskOverdue;

export const initialTeamTaskState = (): TeamTaskState => ({ exists: false });

export function evolveTeamTask(s: TeamTaskState, e: TeamTaskEvent): TeamTaskState {
  if (e.type === 'TeamTaskCreated') {
    const d = e.data;
    return {
      exists: true, id: d.taskId, teamId: d.teamId, title: d.title, assignedUserId: d.assignedUserId, dueAt: d.dueAt, leadId: d.leadId,
      sourceMessageId: d.sourceMessageId, createdBy: d.createdBy, createdAt: d.at, completedAt: null, deletedAt: null, overdueFor: null,
    };
  }
  if (!s.exists) return s;
  switch (e.type) {
    case 'TeamTaskChanged':
      return { ...s, ...e.data.changes };
    case 'TeamTaskCompleted':
      return { ...s, completedAt: e.data.at };
    case 'TeamTaskReopened':
      return { ...s, completedAt: null };
    case 'TeamTaskDeleted':
      return { ...s, deletedAt: e.data.at };
    case 'TeamTaskFellOverdue':
      return { ...s, overdueFor: e.data.dueAt };
  }
}

export const teamTaskStream = (id: number) => streamIdOf('team_task', id);
