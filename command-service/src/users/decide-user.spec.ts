import type { UserEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { UserActor, UserCommand } from './commands';
import { decideUser } from './decide';
import { evolveUser, initialUserState } from './user';

const now = '2026-03-01T10:00:00.000Z';
const self: UserActor = { id: 7, role: 'agent', teamId: null };
const manager: UserActor = { id: 1, role: 'manager', teamId: 3 };
const registered: UserEvent = { type: 'UserRegistered', data: {
  userId: 7, username: 'ann', email: 'ann@example.com', fullName: 'Ann Lee', passwordHash: 'h', role: 'agent', level: 'rookie', points: 0, at: now } };

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
  it('lets only a manager change a role, and a same-role change is a no-op', () => {
    given(registered).when({ type: 'ChangeRole', meta: { now, actor: manager }, data: { role: 'teamLead' } })
      .then([{ type: 'RoleChanged', data: { userId: 7, from: 'agent', to: 'teamLead', by: 1, at: now } }]);
    given(registered).when({ type: 'ChangeRole', meta: { now, actor: self }, data: { role: 'manager' } })
      .thenRefuses('Forbidden', 'user.manager_only');
    given(registered).when({ type: 'ChangeRole', meta: { now, actor: manager }, data: { role: 'agent' } }).then([]);
  });
  it('lets only a manager move a user onto a team', () => {
    given(registered).when({ type: 'JoinTeam', meta: { now, actor: manager }, data: { teamId: 3, managerId: 1 } })
      .then([{ type: 'UserJoinedTeam', data: { userId: 7, teamId: 3, managerId: 1, at: now } }]);
    given(registered).when({ type: 'JoinTeam', meta: { now, actor: self }, data: { teamId: 3, managerId: 1 } })
      .thenRefuses('Forbidden', 'user.manager_only');
  });
  it('answers not found for an unknown user', () => {
    given().when({ type: 'ChangePassword', meta: { now, actor: self }, data: { passwordHash: 'h' } }).thenRefuses('NotFound', 'user.not_found');
  });
});
