import { describe, expect, it } from 'vitest';
import type { Team, User } from '@leadfloor/contracts';
import { adherenceTone, managedTeams, RESULT_LABELS, teamMembersOf } from './call-labels';

const user = (id: number, over: Partial<User>): User => ({
  id, username: `u${id}`, fullName: `User ${id}`, email: `u${id}@example.com`, role: 'agent', level: 'rookie', points: 0,
  teamId: null, managerId: null, avatarUrl: null, bio: null, createdAt: '2026-01-01T00:00:00Z', ...over,
});
const team = (id: number, managerId: number | null): Team => ({ id, name: `Team ${id}`, managerId, leadType: null, teamLeadIds: [], createdAt: '2026-01-01T00:00:00Z' });

describe('RESULT_LABELS', () => {
  it('words every call result', () => {
    expect(Object.values(RESULT_LABELS)).toEqual(['Connected', 'Voicemail', 'No answer', 'Busy', 'Wrong number']);
  });
});

describe('adherenceTone', () => {
  it('is good from 80 %, fair from 50 %, poor below', () => {
    expect([100, 80, 79, 50, 49, 0].map(adherenceTone)).toEqual(['success', 'success', 'warning', 'warning', 'destructive', 'destructive']);
  });
});

describe('teamMembersOf', () => {
  const users = [
    user(1, { role: 'manager', fullName: 'Morgan' }), user(2, { role: 'teamLead', teamId: 10, fullName: 'Taylor' }),
    user(3, { teamId: 10, fullName: 'Alex' }), user(4, { teamId: 20, fullName: 'Avery' }), user(5, { teamId: null, fullName: 'Loner' }),
  ];
  const teams = [team(10, 1), team(20, 1)];
  it('gives a manager everyone on the teams they manage, by name', () => {
    expect(teamMembersOf(users[0]!, users, teams).map((u) => u.fullName)).toEqual(['Alex', 'Avery', 'Taylor']);
  });
  it('gives a team lead their own team', () => {
    expect(teamMembersOf(users[1]!, users, teams).map((u) => u.id)).toEqual([3, 2]);
  });
  it('gives an agent nobody: they see their own calls only', () => {
    expect(teamMembersOf(users[2]!, users, teams)).toEqual([]);
  });
});

describe('managedTeams', () => {
  it("lists the teams a manager sits on or manages, and none for anyone else", () => {
    expect(managedTeams(user(1, { role: 'manager' }), [team(10, 1), team(20, 9), team(30, null)]).map((t) => t.id)).toEqual([10]);
    expect(managedTeams(user(7, { role: 'manager', teamId: 30 }), [team(10, 1), team(30, null)]).map((t) => t.id)).toEqual([30]);
    expect(managedTeams(user(2, { role: 'teamLead', teamId: 10 }), [team(10, 1)])).toEqual([]);
  });
});
