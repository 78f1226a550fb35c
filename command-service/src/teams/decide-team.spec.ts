import type { TeamEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { UserActor } from '../users/commands';
import { decideTeam, evolveTeam, initialTeamState, type TeamCommand } from './team-aggregate';

const now = '2026-03-01T10:00:00.000Z';
const later = '2026-03-08T10:00:00.000Z';
const manager: UserActor = { id: 1, role: 'manager', teamId: null };
const otherManager: UserActor = { id: 2, role: 'manager', teamId: 9 };
const lead: UserActor = { id: 4, role: 'teamLead', teamId: 3 };
const otherLead: UserActor = { id: 8, role: 'teamLead', teamId: 9 };
const agent: UserActor = { id: 5, role: 'agent', teamId: 3 };
const system: UserActor = { id: null, role: 'system', teamId: null };
const created: TeamEvent = { type: 'TeamCreated', data: { teamId: 3, name: 'Closers', managerId: 1, leadType: 'forex', at: now } };
const appointed: TeamEvent = { type: 'TeamLeadAppointed', data: { teamId: 3, userId: 4, at: now } };
const invited: TeamEvent = { type: 'TeamInviteCreated', data: { teamId: 3, inviteId: 11, tokenHash: 'h', expiresAt: later, at: now } };

const given = (...events: TeamEvent[]) => ({
  when: (c: TeamCommand) => ({
    then: (expected: TeamEvent[]) => expect(decideTeam(c, events.reduce(evolveTeam, initialTeamState()))).toEqual(expected),
    thenRefuses: (kind: string, code: string) =>
      expect(() => decideTeam(c, events.reduce(evolveTeam, initialTeamState()))).toThrow(expect.objectContaining({ kind, code })),
  }),
});
const appoint = (actor: UserActor, appointeeTeamId: number | null = 3): TeamCommand =>
  ({ type: 'AppointTeamLead', meta: { now, actor, appointeeTeamId }, data: { userId: 4 } });
const invite = (actor: UserActor, expiresAt = later): TeamCommand =>
  ({ type: 'CreateInvite', meta: { now, actor }, data: { inviteId: 11, tokenHash: 'h', expiresAt } });
const accept = (userId: number, at = now): TeamCommand => ({ type: 'AcceptInvite', meta: { now: at, actor: system }, data: { inviteId: 11, userId } });

describe('team decider: creating and staffing', () => {
  it('lets a manager create a team once, and nobody else', () => {
    const create = (actor: UserActor): TeamCommand =>
      ({ type: 'CreateTeam', meta: { now, actor }, data: { teamId: 3, name: 'Closers', managerId: 1, leadType: 'forex' } });
    given().when(create(manager)).then([created]);
    given(created).when(create(manager)).thenRefuses('RuleViolation', 'team.already_exists');
    given().when(create(lead)).thenRefuses('Forbidden', 'team.manager_only');
    given().when(create(agent)).thenRefuses('Forbidden', 'team.manager_only');
  });
  it("appoints a member as team lead once, by the team's manager only", () => {
    given(created).when(appoint(manager)).then([appointed]);
    given(created, appointed).when(appoint(manager)).then([]);
    given(created).when(appoint(otherManager)).thenRefuses('Forbidden', 'team.manager_only');
    given(created).when(appoint(lead)).thenRefuses('Forbidden', 'team.manager_only');
    given().when(appoint(manager)).thenRefuses('NotFound', 'team.not_found');
  });
  it('refuses to appoint someone who is not on the team', () => {
    given(created).when(appoint(manager, 9)).thenRefuses('RuleViolation', 'team.lead_not_member');
    given(created).when(appoint(manager, null)).thenRefuses('RuleViolation', 'team.lead_not_member');
  });
  it('counts a manager who sits on the team as its manager', () => {
    given(created).when(appoint({ id: 6, role: 'manager', teamId: 3 })).then([appointed]);
  });
  it('removes a team lead, and removing someone who is not one is a no-op', () => {
    const remove = (actor: UserActor): TeamCommand => ({ type: 'RemoveTeamLead', meta: { now, actor }, data: { userId: 4 } });
    given(created, appointed).when(remove(manager)).then([{ type: 'TeamLeadRemoved', data: { teamId: 3, userId: 4, at: now } }]);
    given(created).when(remove(manager)).then([]);
    given(created, appointed).when(remove(lead)).thenRefuses('Forbidden', 'team.manager_only');
  });
});

describe('team decider: invites', () => {
  it("lets the team's manager and its team leads invite, nobody else", () => {
    given(created, appointed).when(invite(manager)).then([invited]);
    given(created, appointed).when(invite(lead)).then([invited]);
    given(created, appointed).when(invite(agent)).thenRefuses('Forbidden', 'team.invite_forbidden');
    given(created, appointed).when(invite(otherLead)).thenRefuses('Forbidden', 'team.invite_forbidden');
    given(created, appointed).when(invite(otherManager)).thenRefuses('Forbidden', 'team.invite_forbidden');
  });
  it('refuses an invite that would already have expired', () => {
    given(created).when(invite(manager, now)).thenRefuses('RuleViolation', 'invite.expiry_past');
  });
  it('accepts an invite once; a second registration through it is refused', () => {
    const accepted: TeamEvent = { type: 'TeamInviteAccepted', data: { teamId: 3, inviteId: 11, userId: 20, at: now } };
    given(created, invited).when(accept(20)).then([accepted]);
    given(created, invited, accepted).when(accept(20)).then([]);
    given(created, invited, accepted).when(accept(21)).thenRefuses('RuleViolation', 'invite.used');
  });
  it('refuses an expired or unknown invite', () => {
    given(created, invited).when(accept(20, later)).thenRefuses('RuleViolation', 'invite.expired');
    given(created).when(accept(20)).thenRefuses('NotFound', 'invite.not_found');
  });
});
