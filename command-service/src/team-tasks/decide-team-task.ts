import type { TeamTaskEvent } from '@leadfloor/events';
import { TEAM_TASK_TITLE_MAX, taskTitleFromMessage } from '@leadfloor/contracts';
import type { Actor } from '../leads/commands';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { isOnTeam, managesTeam } from '../shared/manages-team';
import {
  evolveTeamTask, initialTeamTaskState, type CreateTeamTask, type TaskPerson, type TaskTeam, type TeamTask, type TeamTaskCommand,
  type TeamTaskState, type UpdateTeamTask,
} from './team-task';

const notOnTeam = () => new Forbidden('team.not_member', "Only this team's members and its manager can see and change its tasks.");

function checkTitle(title: string): string {
  const t = title.trim();
  if (t.length === 0) throw new RuleViolation('team_task.title_empty', 'Give the task a title.');
  if (t.length > TEAM_TASK_TITLE_MAX) throw new RuleViolation('team_task.title_too_long', `A title can be at most ${TEAM_TASK_TITLE_MAX} characters.`);
  return t;
}

/** A task is for someone of its team: a member, or its manager. */
function checkAssignee(assignee: TaskPerson, team: TaskTeam) {
  if (!assignee || !isOnTeam(assignee, team)) {
    throw new RuleViolation('team_task.assignee_not_on_team', "A task can only be given to a member of the team or its manager.");
  }
}

function checkLead(leadId: number | null, exists: boolean | undefined) {
  if (leadId !== null && !exists) throw new RuleViolation('team_task.lead_not_found', 'There is no such lead in the pool.');
}

/** Title, assignee, due time, lead and deleting: the task's creator, the team's team leads, and its manager. */
const mayEdit = (actor: Actor, team: TaskTeam, t: TeamTask) =>
  t.createdBy === actor.id || team.teamLeadIds.includes(actor.id) || managesTeam(actor, team);

function create(c: CreateTeamTask, s: TeamTaskState): TeamTaskEvent[] {
  const { now: at, actor, team, assignee, leadExists, sourceMessage } = c.meta;
  if (!team) throw new NotFound('team.not_found', 'No such team.');
  if (!isOnTeam(actor, team)) throw notOnTeam();
  if (s.exists) throw new RuleViolation('team_task.exists', 'This task was already made.');
  const d = c.data;
  let fromMessage: string | null = null;
  if (d.sourceMessageId !== null) {
    if (!sourceMessage || sourceMessage.teamId !== team.id) {
      throw new RuleViolation('team_task.message_not_found', "There is no such message in this team's chat.");
    }
    if (sourceMessage.deleted) throw new RuleViolation('team_task.message_deleted', 'That message was deleted.');
    fromMessage = taskTitleFromMessage(sourceMessage.content);
  }
  const title = checkTitle(d.title ?? fromMessage ?? '');
  checkAssignee(assignee, team);
  checkLead(d.leadId, leadExists);
  return [{
    type: 'TeamTaskCreated',
    data: { taskId: d.taskId, teamId: team.id, title, assignedUserId: d.assignedUserId, dueAt: d.dueAt, leadId: d.leadId, sourceMessageId: d.sourceMessageId, createdBy: actor.id, at },
  }];
}

function update(c: UpdateTeamTask, t: TeamTask, team: TaskTeam): TeamTaskEvent[] {
  const { now: at, actor } = c.meta;
  const d = c.data;
  const changes: Extract<TeamTaskEvent, { type: 'TeamTaskChanged' }>['data']['changes'] = {};
  if (d.title !== undefined) {
    const title = checkTitle(d.title);
    if (title !== t.title) changes.title = title;
  }
  if (d.assignedUserId !== undefined && d.assignedUserId !== t.assignedUserId) changes.assignedUserId = d.assignedUserId;
  if (d.dueAt !== undefined && d.dueAt !== t.dueAt) changes.dueAt = d.dueAt;
  if (d.leadId !== undefined && d.leadId !== t.leadId) changes.leadId = d.leadId;
  const completes = d.completed !== undefined && d.completed !== (t.completedAt !== null);
  const edits = Object.keys(changes).length > 0;
  if (edits && !mayEdit(actor, team, t)) {
    throw new Forbidden('team_task.edit_forbidden', "Only the task's creator, the team's leads and its manager can change a task.");
  }
  if (completes && !mayEdit(actor, team, t) && t.assignedUserId !== actor.id) {
    throw new Forbidden('team_task.complete_forbidden', "Only the task's assignee, its creator, the team's leads and its manager can complete or reopen it.");
  }
  if (changes.assignedUserId !== undefined) checkAssignee(c.meta.assignee ?? null, team);
  if (changes.leadId !== undefined) checkLead(changes.leadId, c.meta.leadExists);
  const events: TeamTaskEvent[] = [];
  if (edits) events.push({ type: 'TeamTaskChanged', data: { taskId: t.id, teamId: t.teamId, changes, title: changes.title ?? t.title, at } });
  if (completes) {
    events.push(d.completed
      ? { type: 'TeamTaskCompleted', data: { taskId: t.id, teamId: t.teamId, at } }
      : { type: 'TeamTaskReopened', data: { taskId: t.id, teamId: t.teamId, dueAt: changes.dueAt !== undefined ? changes.dueAt : t.dueAt, at } });
  }
  return events;
}

/**
 * A team's tasks are its people's (members and its manager): only they make, see and change
 * them, and a task is only ever for one of them. The task's creator, the team's team leads and
 * its manager change, reassign and delete it; its assignee may also complete or reopen it. A
 * task with a due time falls overdue once per due time, when its timer fires: only if it is
 * still open, the due time is still the one the timer was set for, and it has passed.
 */
export function decideTeamTask(c: TeamTaskCommand, s: TeamTaskState): TeamTaskEvent[] {
  if (c.type === 'CreateTeamTask') return create(c, s);
  if (c.type === 'MarkTeamTaskOverdue') {
    const due = c.data.dueAt;
    if (!s.exists || s.deletedAt || s.completedAt || s.dueAt !== due || s.overdueFor === due) return [];
    if (Date.parse(c.meta.now) < Date.parse(due)) throw new RuleViolation('team_task.not_due', 'The task is not due yet.');
    return [{ type: 'TeamTaskFellOverdue', data: { taskId: s.id, teamId: s.teamId, assignedUserId: s.assignedUserId, title: s.title, dueAt: due, at: c.meta.now } }];
  }
  if (!s.exists || s.deletedAt) throw new NotFound('team_task.not_found', 'No such task.');
  const { actor, team } = c.meta;
  if (!team || !isOnTeam(actor, team)) throw notOnTeam();
  if (c.type === 'UpdateTeamTask') return update(c, s, team);
  if (!mayEdit(actor, team, s)) throw new Forbidden('team_task.delete_forbidden', "Only the task's creator, the team's leads and its manager can delete a task.");
  return [{ type: 'TeamTaskDeleted', data: { taskId: s.id, teamId: s.teamId, at: c.meta.now } }];
}

export const teamTaskAggregate: Aggregate<TeamTaskState, TeamTaskCommand, TeamTaskEvent> = {
  streamType: 'team_task', initialState: initialTeamTaskState, evolve: evolveTeamTask, decide: decideTeamTask,
};
