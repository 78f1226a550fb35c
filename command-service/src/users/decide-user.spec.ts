import type { UserEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { UserActor, UserCommand } from './commands';
import { decideUser } from './decide';
import { evolveUser, initialUserState } from './user';

const now = '2026-03-01T10:00:00.000Z';
const self: UserActor = { id: 7, role: 'agent', teamId: null };
const manager: UserActor = { id: 1, role: 'manager', teamId: 3 };
const system: UserActor = { id: null, role: 'system', teamId: null };
const team3 = { id: 3, managerId: 1 };
const team9 = { id: 9, managerId: 2 };
const registered: UserEvent = { type: 'UserRegistered', data: {
  userId: 7, username: 'ann', email: 'ann@example.com', fullName: 'Ann Lee', passwordHash: 'h', role: 'agent', level: 'rookie', points: 0, at: now } };

const joined = (teamId: number): UserEvent =>
  ({ type: 'UserJoinedTeam', data: { userId: 7, teamId, managerId: teamId === 3 ? 1 : 2, at: now } });

const given = (...events: UserEvent[]) => ({
  when: (c: UserCommand) => ({
    then: (expected: UserEvent[]) => expect(decideUser(c, events.reduce(evolveUser, initialUserState()))).toEqual(expected),
    thenRefuses: (kind: string, code: string) =>
      expect(() => decideUser(c, events.reduce(evolveUser, initialUserState()))).toThrow(expect.objectContaining({ kind, code })),
  }),
});

describe('user decider', () => {
  it('registers an agent at rookie level with 0 points, whatever was asked', () => {
    given().when({ type: 'RegisterUser', meta: { now, actor: self }, data: { userId: 7, username: 'ann', email: 'ann@example.com', fullName: 'Ann Lee', passwordHash: 'h' } })
      .then([registered]);
  });
  it('refuses to register the same account twice', () => {
    given(registered).when({ type: 'RegisterUser', meta: { now, actor: self }, data: { userId: 7, username: 'x', email: 'x@y.z', fullName: 'X Y', passwordHash: 'h' } })
      .thenRefuses('RuleViolation', 'user.already_exists');
  });
  it('lets a user change their own password, nobody else', () => {
    given(registered).when({ type: 'ChangePassword', meta: { now, actor: self }, data: { passwordHash: 'h2' } })
      .then([{ type: 'PasswordChanged', data: { userId: 7, passwordHash: 'h2', at: now } }]);
    given(registered).when({ type: 'ChangePassword', meta: { now, actor: { ...self, id: 8 } }, data: { passwordHash: 'h2' } })
      .thenRefuses('Forbidden', 'user.not_self');
  });
  it('records only the profile fields that change', () => {
    given(registered).when({ type: 'UpdateProfile', meta: { now, actor: self }, data: { fullName: 'Ann Lee', bio: 'Closer' } })
      .then([{ type: 'ProfileUpdated', data: { userId: 7, bio: 'Closer', at: now } }]);
    given(registered).when({ type: 'UpdateProfile', meta: { now, actor: self }, data: { fullName: 'Ann Lee' } }).then([]);
  });
  it("lets only a manager of the user's team change their role, never their own; a same-role change is a no-op", () => {
    given(registered).when({ type: 'ChangeRole', meta: { now, actor: manager, team: null }, data: { role: 'teamLead' } })
      .then([{ type: 'RoleChanged', data: { userId: 7, from: 'agent', to: 'teamLead', by: 1, at: now } }]);
    given(registered, joined(3)).when({ type: 'ChangeRole', meta: { now, actor: manager, team: team3 }, data: { role: 'teamLead' } })
      .then([{ type: 'RoleChanged', data: { userId: 7, from: 'agent', to: 'teamLead', by: 1, at: now } }]);
    given(registered, joined(9)).when({ type: 'ChangeRole', meta: { now, actor: manager, team: team9 }, data: { role: 'teamLead' } })
      .thenRefuses('Forbidden', 'user.manager_only');
    given(registered).when({ type: 'ChangeRole', meta: { now, actor: self, team: null }, data: { role: 'manager' } })
      .thenRefuses('Forbidden', 'user.manager_only');
    given(registered).when({ type: 'ChangeRole', meta: { now, actor: { id: 7, role: 'manager', teamId: null }, team: null }, data: { role: 'teamLead' } })
      .thenRefuses('RuleViolation', 'user.own_role');
    given(registered).when({ type: 'ChangeRole', meta: { now, actor: manager, team: null }, data: { role: 'agent' } }).then([]);
  });
  it('lets only a manager of both teams move a user between them', () => {
    const move = (actor: UserActor, from: typeof team3 | null): UserCommand =>
      ({ type: 'JoinTeam', meta: { now, actor, teams: { from, to: team3 } }, data: { teamId: 3, managerId: 1 } });
    given(registered).when(move(manager, null)).then([joined(3)]);
    // Olga manages team 9 and team 3 names her its manager: she may move people between them.
    const olga: UserActor = { id: 2, role: 'manager', teamId: null };
    const moveByOlga = (to: { id: number; managerId: number | null }): UserCommand =>
      ({ type: 'JoinTeam', meta: { now, actor: olga, teams: { from: team9, to } }, data: { teamId: to.id, managerId: to.managerId } });
    given(registered, joined(9)).when(moveByOlga({ id: 3, managerId: 2 }))
      .then([{ type: 'UserJoinedTeam', data: { userId: 7, teamId: 3, managerId: 2, previousTeamId: 9, at: now } }]);
    given(registered, joined(9)).when(moveByOlga(team3)).thenRefuses('Forbidden', 'user.manager_only');
    given(registered, joined(3)).when(move(manager, team3)).then([]);
    given(registered, joined(9)).when(move(manager, team9)).thenRefuses('Forbidden', 'user.manager_only');
    given(registered).when(move(self, null)).thenRefuses('Forbidden', 'user.manager_only');
    given(registered).when(move({ id: 4, role: 'teamLead', teamId: 3 }, null)).thenRefuses('Forbidden', 'user.manager_only');
    given(registered).when({ type: 'JoinTeam', meta: { now, actor: manager }, data: { teamId: 3, managerId: 1 } })
      .thenRefuses('Forbidden', 'user.manager_only');
  });
  it('lets a manager of the team remove a member, and only a member', () => {
    const leave = (actor: UserActor, team = team3): UserCommand => ({ type: 'LeaveTeam', meta: { now, actor, team }, data: { teamId: team.id } });
    given(registered, joined(3)).when(leave(manager)).then([{ type: 'UserLeftTeam', data: { userId: 7, teamId: 3, at: now } }]);
    given(registered, joined(9)).when(leave(manager)).thenRefuses('NotFound', 'team.not_member');
    given(registered, joined(9)).when(leave(manager, team9)).thenRefuses('Forbidden', 'user.manager_only');
    given(registered, joined(3)).when(leave({ id: 4, role: 'teamLead', teamId: 3 })).thenRefuses('Forbidden', 'user.manager_only');
  });
  it('puts a user who registered through an invite on its team, in the same decision', () => {
    given().when({ type: 'RegisterUser', meta: { now, actor: system }, data: {
      userId: 7, username: 'ann', email: 'ann@example.com', fullName: 'Ann Lee', passwordHash: 'h', invite: { inviteId: 11, teamId: 3, managerId: 1 } } })
      .then([registered, { type: 'UserJoinedTeam', data: { userId: 7, teamId: 3, managerId: 1, inviteId: 11, at: now } }]);
  });
  it('answers not found for an unknown user', () => {
    given().when({ type: 'ChangePassword', meta: { now, actor: self }, data: { passwordHash: 'h' } }).thenRefuses('NotFound', 'user.not_found');
  });
});
