import { describe, expect, it } from 'vitest';
import type { TeamPerson, TeamStructure } from '@leadfloor/contracts';
import { assignees, mayCompleteTask, mayDeleteTask, mayEditTask } from './task-permissions';

const person = (id: number, role: TeamPerson['role']): TeamPerson =>
  ({ id, fullName: `P ${id}`, role, level: 'rookie', points: 0, avatarUrl: null, activeLeads: 0, salesThisMonth: 0 });
const closers = { id: 3, name: 'Closers', leadType: null, managerId: 1, leads: [person(4, 'teamLead')], agents: [person(5, 'agent'), person(6, 'agent')] };
const desk = { id: 9, name: 'Desk', leadType: null, managerId: 2, leads: [person(10, 'teamLead')], agents: [person(11, 'agent')] };
const manager = { id: 1, role: 'manager', teamId: null } as const;
const otherManager = { id: 2, role: 'manager', teamId: 9 } as const;
const lead = { id: 4, role: 'teamLead', teamId: 3 } as const;
const creator = { id: 5, role: 'agent', teamId: 3 } as const;
const assignee = { id: 6, role: 'agent', teamId: 3 } as const;
const otherLead = { id: 10, role: 'teamLead', teamId: 9 } as const;
const task = { createdBy: 5, assignedUserId: 6 };

describe("a task's menu follows the server's rules", () => {
  it("lets the creator, the team's leads and its manager edit and delete; not the assignee, nor another team's lead or manager", () => {
    for (const me of [creator, lead, manager]) {
      expect(mayEditTask(me, closers, task), `${me.id} edits`).toBe(true);
      expect(mayDeleteTask(me, closers, task), `${me.id} deletes`).toBe(true);
    }
    for (const me of [assignee, otherLead, otherManager]) {
      expect(mayEditTask(me, closers, task), `${me.id} edits`).toBe(false);
      expect(mayDeleteTask(me, closers, task), `${me.id} deletes`).toBe(false);
    }
  });
  it('lets the assignee complete or reopen it too, and nobody else', () => {
    for (const me of [creator, lead, manager, assignee]) expect(mayCompleteTask(me, closers, task), `${me.id}`).toBe(true);
    for (const me of [otherLead, otherManager, { id: 7, role: 'agent', teamId: 3 } as const]) expect(mayCompleteTask(me, closers, task), `${me.id}`).toBe(false);
  });
});

describe('who a task can be given to', () => {
  it("offers the team's manager, then its leads and agents, and nobody of another team", () => {
    const structure: TeamStructure = { managers: [person(1, 'manager'), person(2, 'manager')], teams: [closers, desk], unassigned: [person(12, 'agent')] };
    expect(assignees(structure, 3).map((p) => p.id)).toEqual([1, 4, 5, 6]);
    expect(assignees(structure, 9).map((p) => p.id)).toEqual([2, 10, 11]);
    expect(assignees(structure, 99)).toEqual([]);
  });
});
