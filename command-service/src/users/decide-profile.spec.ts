import type { UserEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { UserActor, UserCommand } from './commands';
import { decideUser } from './decide';
import { evolveUser, initialUserState } from './user';

const now = '2026-03-01T10:00:00.000Z';
const ann: UserActor = { id: 7, role: 'agent', teamId: null };
const manager: UserActor = { id: 1, role: 'manager', teamId: 3 };
const registered: UserEvent = { type: 'UserRegistered', data: {
  userId: 7, username: 'ann', email: 'ann@example.com', fullName: 'Ann Lee', passwordHash: 'h', role: 'agent', level: 'rookie', points: 0, at: now } };
const avatar = '/api/avatars/aaaa.webp';
const withAvatar: UserEvent = { type: 'ProfileUpdated', data: { userId: 7, avatarUrl: avatar, bio: 'Closer', at: now } };

const given = (...events: UserEvent[]) => ({
  when: (data: Extract<UserCommand, { type: 'UpdateProfile' }>['data'], actor: UserActor = ann) => {
    const decide = () => decideUser({ type: 'UpdateProfile', data, meta: { now, actor } }, events.reduce(evolveUser, initialUserState()));
    return {
      then: (expected: UserEvent[]) => expect(decide()).toEqual(expected),
      thenRefuses: (kind: string, code: string) => expect(decide).toThrow(expect.objectContaining({ kind, code })),
    };
  },
});

describe('the profile (UpdateProfile)', () => {
  it('records a new picture by its URL only', () => {
    given(registered).when({ avatarUrl: avatar }).then([{ type: 'ProfileUpdated', data: { userId: 7, avatarUrl: avatar, at: now } }]);
  });
  it('removes the picture and clears the bio with null', () => {
    given(registered, withAvatar).when({ avatarUrl: null, bio: null })
      .then([{ type: 'ProfileUpdated', data: { userId: 7, avatarUrl: null, bio: null, at: now } }]);
  });
  it('is a no-op for a picture or bio that is already so', () => {
    given(registered, withAvatar).when({ avatarUrl: avatar, bio: 'Closer' }).then([]);
    given(registered).when({ avatarUrl: null, bio: null }).then([]);
  });
  it('renames, keeping the fields not sent', () => {
    given(registered, withAvatar).when({ fullName: 'Ann Marsh' }).then([{ type: 'ProfileUpdated', data: { userId: 7, fullName: 'Ann Marsh', at: now } }]);
  });
  it("lets nobody else change a user's profile, a manager neither", () => {
    given(registered).when({ bio: 'Hacked' }, { id: 8, role: 'agent', teamId: null }).thenRefuses('Forbidden', 'user.not_self');
    given(registered).when({ fullName: 'Someone' }, manager).thenRefuses('Forbidden', 'user.not_self');
  });
  it('answers not found for an account that does not exist', () => {
    given().when({ bio: 'x' }).thenRefuses('NotFound', 'user.not_found');
  });
});

describe('the password (ChangePassword)', () => {
  const change = (actor: UserActor, events: UserEvent[]) =>
    decideUser({ type: 'ChangePassword', data: { passwordHash: 'h2' }, meta: { now, actor } }, events.reduce(evolveUser, initialUserState()));
  it('records the new hash, and the fold signs in with it from then on', () => {
    const out = change(ann, [registered]);
    expect(out).toEqual([{ type: 'PasswordChanged', data: { userId: 7, passwordHash: 'h2', at: now } }]);
    const state = [registered, ...out].reduce(evolveUser, initialUserState());
    expect(state.exists && state.passwordHash).toBe('h2');
  });
  it("is the user's own: a manager cannot set it", () => {
    expect(() => change(manager, [registered])).toThrow(expect.objectContaining({ kind: 'Forbidden', code: 'user.not_self' }));
  });
});
