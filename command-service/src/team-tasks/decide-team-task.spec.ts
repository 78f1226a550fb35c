import type { TeamTaskEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { decideTeamTask } from './decide-team-task';
import { evolveTeamTask, initialTeamTaskState, type SourceMessage, type TaskTeam, type TeamTaskCommand } from './team-task';

const at = '2026-03-01T10:00:00.000Z';
const later = (m: number) => new Date(Date.parse(at) + m * 60_000).toISOString();
const due = '2026-03-03T10:00:00.000Z';
// Closers (3): managed by Max (1, sitting on no team); Leo (4) its team lead; Ann (5) and Bob (6) agents.
// Olga (2) manages Desk (9), where Nia (8) is an agent.
const team: TaskTeam = { id: 3, managerId: 1, teamLeadIds: [4] };
const max: Actor = { id: 1, role: 'manager', teamId: null };
const leo: Actor = { id: 4, role: 'teamLead', teamId: 3 };
const ann: Actor = { id: 5, role: 'agent', teamId: 3 };
const bob: Actor = { id: 6, role: 'agent', teamId: 3 };
const cy: Actor = { id: 7, role: 'agent', teamId: 3 };
const olga: Actor = { id: 2, role: 'manager', teamId: 9 };
const nia: Actor = { id: 8, role: 'agent', teamId: 9 };

const created: TeamTaskEvent = {
  type: 'TeamTaskCreated',
  data: { taskId: 40, teamId: 3, title: 'Call back the Smiths', assignedUserId: 6, dueAt: due, leadId: null, sourceMessageId: null, createdBy: 5, at },
};
const completed: TeamTaskEvent = { type: 'TeamTaskCompleted', data: { taskId: 40, teamId: 3, at: later(5) } };
const deleted: TeamTaskEvent = { type: 'TeamTaskDeleted', data: { taskId: 40, teamId: 3, at: later(5) } };

const stateOf = (events: TeamTaskEvent[]) => events.reduce(evolveTeamTask, initialTeamTaskState());
const given = (...events: TeamTaskEvent[]) => ({
  when: (c: TeamTaskCommand) => ({
    then: (expected: TeamTaskEvent[]) => expect(decideTeamTask(c, stateOf(events))).toEqual(expected),
    thenRefuses: (kind: string, code: string) => expect(() => decideTeamTask(c, stateOf(events))).toThrow(expect.objectContaining({ kind, code })),
  }),
});

type CreateData = Extract<TeamTaskCommand, { type: 'CreateTeamTask' }>['data'];
const create = (actor: Actor, data: Partial<CreateData> = {}, facts: { assignee?: Actor | null; leadExists?: boolean; sourceMessage?: SourceMessage; team?: TaskTeam | null } = {}): TeamTaskCommand => ({
  type: 'CreateTeamTask',
  data: { taskId: 40, title: 'Call back the Smiths', assignedUserId: 6, dueAt: due, leadId: null, sourceMessageId: null, ...data },
  meta: { now: at, actor, team: facts.team === undefined ? team : facts.team, assignee: facts.assignee === undefined ? bob : facts.assignee, leadExists: facts.leadExists ?? false, sourceMessage: facts.sourceMessage ?? null },
});
const update = (actor: Actor, data: Extract<TeamTaskCommand, { type: 'UpdateTeamTask' }>['data'], facts: { assignee?: Actor | null; leadExists?: boolean } = {}): TeamTaskCommand =>
  ({ type: 'UpdateTeamTask', data, meta: { now: later(10), actor, team, ...facts } });
const remove = (actor: Actor): TeamTaskCommand => ({ type: 'DeleteTeamTask', data: {}, meta: { now: later(10), actor, team } });
const overdue = (dueAt: string, now: string): TeamTaskCommand => ({ type: 'MarkTeamTaskOverdue', data: { dueAt }, meta: { now } });
const changed = (changes: Extract<TeamTaskEvent, { type: 'TeamTaskChanged' }>['data']['changes'], title = 'Call back the Smiths'): TeamTaskEvent =>
  ({ type: 'TeamTaskChanged', data: { taskId: 40, teamId: 3, changes, title, at: later(10) } });

describe('team task decider: making a task', () => {
  it("lets the team's agents, team lead and manager make tasks for the team's people, and nobody else", () => {
    given().when(create(ann)).then([created]);
    given().when(create(leo, { assignedUserId: 1 }, { assignee: max })).then([{ ...created, data: { ...created.data, assignedUserId: 1, createdBy: 4 } } as TeamTaskEvent]);
    given().when(create(max)).then([{ ...created, data: { ...created.data, createdBy: 1 } } as TeamTaskEvent]);
    given().when(create(nia)).thenRefuses('Forbidden', 'team.not_member');
    given().when(create(olga)).thenRefuses('Forbidden', 'team.not_member');
    given().when(create(ann, {}, { team: null })).thenRefuses('NotFound', 'team.not_found');
  });

  it('gives a task only to a member of the team or its manager', () => {
    given().when(create(ann, { assignedUserId: 8 }, { assignee: nia })).thenRefuses('RuleViolation', 'team_task.assignee_not_on_team');
    given().when(create(ann, { assignedUserId: 2 }, { assignee: olga })).thenRefuses('RuleViolation', 'team_task.assignee_not_on_team');
    given().when(create(ann, { assignedUserId: 99 }, { assignee: null })).thenRefuses('RuleViolation', 'team_task.assignee_not_on_team');
  });

  it('trims the title and refuses an empty or overlong one, and a lead the pool does not have', () => {
    given().when(create(ann, { title: '  Call back the Smiths  ' })).then([created]);
    given().when(create(ann, { title: '   ' })).thenRefuses('RuleViolation', 'team_task.title_empty');
    given().when(create(ann, { title: 'x'.repeat(201) })).thenRefuses('RuleViolation', 'team_task.title_too_long');
    given().when(create(ann, { leadId: 77 }, { leadExists: false })).thenRefuses('RuleViolation', 'team_task.lead_not_found');
    given().when(create(ann, { leadId: 77, dueAt: null }, { leadExists: true })).then([{ ...created, data: { ...created.data, leadId: 77, dueAt: null } } as TeamTaskEvent]);
  });

  it("makes a task from a message of the team's chat, titled by its text when no title is given", () => {
    const message = { teamId: 3, content: 'Smiths  called\nagain: ' + 'y'.repeat(300), deleted: false };
    const made = decideTeamTask(create(ann, { title: null, sourceMessageId: 12 }, { sourceMessage: message }), initialTeamTaskState());
    expect(made).toEqual([{ ...created, data: { ...created.data, sourceMessageId: 12, title: `Smiths called again: ${'y'.repeat(179)}` } }]);
    given().when(create(ann, { title: 'Ring them', sourceMessageId: 12 }, { sourceMessage: message }))
      .then([{ ...created, data: { ...created.data, title: 'Ring them', sourceMessageId: 12 } } as TeamTaskEvent]);
    given().when(create(ann, { title: null, sourceMessageId: 12 }, { sourceMessage: { ...message, teamId: 9 } })).thenRefuses('RuleViolation', 'team_task.message_not_found');
    given().when(create(ann, { title: null, sourceMessageId: 12 }, { sourceMessage: null })).thenRefuses('RuleViolation', 'team_task.message_not_found');
    given().when(create(ann, { title: null, sourceMessageId: 12 }, { sourceMessage: { ...message, content: '', deleted: true } })).thenRefuses('RuleViolation', 'team_task.message_deleted');
  });
});

describe('team task decider: changing, completing and deleting', () => {
  it("lets the creator, the team's lead and its manager change a task, and not the assignee or anyone else", () => {
    for (const who of [ann, leo, max]) given(created).when(update(who, { title: 'Call the Smiths at 4' })).then([changed({ title: 'Call the Smiths at 4' }, 'Call the Smiths at 4')]);
    given(created).when(update(bob, { title: 'Mine now' })).thenRefuses('Forbidden', 'team_task.edit_forbidden');
    given(created).when(update(cy, { dueAt: null })).thenRefuses('Forbidden', 'team_task.edit_forbidden');
    given(created).when(update(nia, { title: 'x' })).thenRefuses('Forbidden', 'team.not_member');
    given(created).when(update(olga, { completed: true })).thenRefuses('Forbidden', 'team.not_member');
  });

  it('lets the assignee complete and reopen it too; a teammate may not', () => {
    given(created).when(update(bob, { completed: true })).then([{ ...completed, data: { ...completed.data, at: later(10) } }]);
    given(created, completed).when(update(bob, { completed: false })).then([{ type: 'TeamTaskReopened', data: { taskId: 40, teamId: 3, dueAt: due, at: later(10) } }]);
    given(created).when(update(cy, { completed: true })).thenRefuses('Forbidden', 'team_task.complete_forbidden');
    given(created).when(update(leo, { completed: true })).then([{ ...completed, data: { ...completed.data, at: later(10) } }]);
  });

  it('decides a change as a whole: only what differs, and completing after it', () => {
    given(created).when(update(ann, { title: 'Call back the Smiths', assignedUserId: 6, dueAt: due, leadId: null, completed: false })).then([]);
    given(created).when(update(bob, { title: 'Call back the Smiths', completed: true })).then([{ ...completed, data: { ...completed.data, at: later(10) } }]);
    given(created).when(update(max, { assignedUserId: 7, dueAt: null, leadId: 12, completed: true }, { assignee: cy, leadExists: true })).then([
      changed({ assignedUserId: 7, dueAt: null, leadId: 12 }),
      { ...completed, data: { ...completed.data, at: later(10) } },
    ]);
    given(created, completed).when(update(ann, { dueAt: later(90), completed: false })).then([
      changed({ dueAt: later(90) }),
      { type: 'TeamTaskReopened', data: { taskId: 40, teamId: 3, dueAt: later(90), at: later(10) } },
    ]);
  });

  it('reassigns only to the team, links only a lead that exists, and keeps titles within bounds', () => {
    given(created).when(update(leo, { assignedUserId: 8 }, { assignee: nia })).thenRefuses('RuleViolation', 'team_task.assignee_not_on_team');
    given(created).when(update(leo, { leadId: 12 }, { leadExists: false })).thenRefuses('RuleViolation', 'team_task.lead_not_found');
    given(created).when(update(leo, { title: ' ' })).thenRefuses('RuleViolation', 'team_task.title_empty');
    given(created).when(update(leo, { leadId: null })).then([]);
  });

  it("lets the creator, the team's lead and its manager delete it; then it is gone for everyone", () => {
    for (const who of [ann, leo, max]) given(created).when(remove(who)).then([{ ...deleted, data: { ...deleted.data, at: later(10) } }]);
    given(created).when(remove(bob)).thenRefuses('Forbidden', 'team_task.delete_forbidden');
    given(created).when(remove(olga)).thenRefuses('Forbidden', 'team.not_member');
    given(created, deleted).when(remove(max)).thenRefuses('NotFound', 'team_task.not_found');
    given(created, deleted).when(update(ann, { completed: true })).thenRefuses('NotFound', 'team_task.not_found');
    given().when(update(ann, { completed: true })).thenRefuses('NotFound', 'team_task.not_found');
  });
});

describe('team task decider: falling overdue', () => {
  const fell: TeamTaskEvent = { type: 'TeamTaskFellOverdue', data: { taskId: 40, teamId: 3, assignedUserId: 6, title: 'Call back the Smiths', dueAt: due, at: due } };
  it('marks an open task overdue once its due time has passed, once per due time', () => {
    given(created).when(overdue(due, due)).then([fell]);
    given(created, fell).when(overdue(due, due)).then([]);
    given(created).when(overdue(due, later(1))).thenRefuses('RuleViolation', 'team_task.not_due');
  });
  it('does nothing for a task completed, deleted, or given another due time since the timer was set', () => {
    given(created, completed).when(overdue(due, due)).then([]);
    given(created, deleted).when(overdue(due, due)).then([]);
    given(created, changed({ dueAt: later(3000) })).when(overdue(due, due)).then([]);
    given(created, changed({ dueAt: null })).when(overdue(due, due)).then([]);
    given().when(overdue(due, due)).then([]);
  });
  it('tells the assignee of the time the timer fired, and a reopened task falls overdue again only for a new due time', () => {
    const reopened: TeamTaskEvent = { type: 'TeamTaskReopened', data: { taskId: 40, teamId: 3, dueAt: due, at: later(5000) } };
    given(created, fell, completed, reopened).when(overdue(due, later(5001))).then([]);
    given(created, completed, reopened).when(overdue(due, later(5001))).then([{ ...fell, data: { ...fell.data, at: later(5001) } }]);
  });
});
