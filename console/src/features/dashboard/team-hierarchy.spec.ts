import { describe, expect, it } from 'vitest';
import type { Team, User } from '@leadfloor/contracts';
import { teamHierarchy } from './team-hierarchy';

const user = (id: number, role: User['role'], teamId: number | null = 1): User => ({
  id, username: `u${id}`, fullName: `User ${id}`, email: `u${id}@x.test`, role, level: 'rookie', points: 0,
  teamId, managerId: null, avatarUrl: null, bio: null, createdAt: '2026-01-01T00:00:00Z',
});
const team = (id: number, managerId: number | null, teamLeadIds: number[]): Team => ({ id, name: `Team ${id}`, managerId, leadType: null, teamLeadIds, createdAt: '2026-01-01T00:00:00Z' });

describe('teamHierarchy (spec 2.5)', () => {
  const me = user(5, 'agent');
  it("names the team's manager and the team's listed leads", () => {
    const users = [user(1, 'manager', null), user(2, 'manager', null), user(3, 'teamLead'), user(4, 'teamLead', 2), me];
    const h = teamHierarchy(users, [team(1, 2, [3])], me);
    expect(h.manager?.id).toBe(2);
    expect(h.teamLeads.map((u) => u.id)).toEqual([3]);
  });
  it('falls back to the first manager, and to team leads by role on the same team', () => {
    const users = [user(1, 'manager', null), user(3, 'teamLead'), user(4, 'teamLead', 2), me];
    const h = teamHierarchy(users, [team(1, null, [])], me);
    expect(h.manager?.id).toBe(1);
    expect(h.teamLeads.map((u) => u.id)).toEqual([3]);
  });
  it('invents nobody when there is no team or no lead', () => {
    const loner = user(9, 'agent', null);
    const h = teamHierarchy([loner], [], loner);
    expect(h).toEqual({ team: null, manager: null, teamLeads: [] });
  });
});
