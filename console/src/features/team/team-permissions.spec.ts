import { describe, expect, it } from 'vitest';
import type { TeamPerson } from '@leadfloor/contracts';
import { managesTeam, mayInvite } from './team-permissions';

const person = (id: number, role: TeamPerson['role']): TeamPerson =>
  ({ id, fullName: `P ${id}`, role, level: 'rookie', points: 0, avatarUrl: null, activeLeads: 0, salesThisMonth: 0 });
const team = { id: 3, name: 'Closers', leadType: null, managerId: 1, leads: [person(4, 'teamLead')], agents: [person(5, 'agent')] };

describe("/team's buttons follow the server's rules", () => {
  it("offers management to the team's manager, or a manager sitting on it, only", () => {
    expect(managesTeam({ id: 1, role: 'manager', teamId: null }, team)).toBe(true);
    expect(managesTeam({ id: 2, role: 'manager', teamId: 3 }, team)).toBe(true);
    expect(managesTeam({ id: 2, role: 'manager', teamId: 9 }, team)).toBe(false);
    expect(managesTeam({ id: 4, role: 'teamLead', teamId: 3 }, team)).toBe(false);
  });
  it("offers invites to the team's manager and its team leads, not its agents or other teams' leads", () => {
    expect(mayInvite({ id: 1, role: 'manager', teamId: null }, team)).toBe(true);
    expect(mayInvite({ id: 4, role: 'teamLead', teamId: 3 }, team)).toBe(true);
    expect(mayInvite({ id: 5, role: 'agent', teamId: 3 }, team)).toBe(false);
    expect(mayInvite({ id: 8, role: 'teamLead', teamId: 9 }, team)).toBe(false);
  });
});
