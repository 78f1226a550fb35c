import type { UserEvent } from '@leadfloor/events';
import { streamIdOf } from '@leadfloor/events';
import { twoFactorMark } from '@leadfloor/infra/auth/two-factor-gate';
import type { UniqueKey } from '@leadfloor/infra/event-store/types';
import type { Aggregate } from '../shared/handle-command';
import type { UserCommand } from './commands';
import { decideUser } from './decide';
import { evolveUser, initialUserState, type UserState, type UserStreamEvent } from './user';

export const userAggregate: Aggregate<UserState, UserCommand, UserStreamEvent> = {
  streamType: 'user', initialState: initialUserState, evolve: evolveUser, decide: decideUser,
};
export const userStream = (id: number) => streamIdOf('user', id);

/** Usernames and emails are unique without regard to case. */
export const usernameKey = (username: string): UniqueKey => ({ scope: 'username', key: username.trim().toLowerCase() });
export const emailKey = (email: string): UniqueKey => ({ scope: 'email', key: email.trim().toLowerCase() });

/** Keys a user's events take: both on registration, the new email on a change (the old is released). */
export const userKeys = {
  claimKeys: (events: UserEvent[]) => events.flatMap((e) =>
    e.type === 'UserRegistered' ? [usernameKey(e.data.username), emailKey(e.data.email)]
      : e.type === 'ProfileUpdated' && e.data.email ? [emailKey(e.data.email)] : []),
  releaseKeys: (events: UserEvent[], state: UserState) => events.flatMap((e) =>
    e.type === 'ProfileUpdated' && e.data.email && state.exists ? [emailKey(state.email)] : []),
};

/**
 * Whether the user has a second factor, marked in the append's own statement (two-factor-gate.ts):
 * the floor's requirement stops blocking them the moment enabling commits.
 */
export const twoFactorKeys = {
  claimKeys: (events: UserStreamEvent[]) => events.flatMap((e) => (e.type === 'TwoFactorEnabled' ? [twoFactorMark(e.data.userId)] : [])),
  releaseKeys: (events: UserStreamEvent[]) => events.flatMap((e) => (e.type === 'TwoFactorDisabled' ? [twoFactorMark(e.data.userId)] : [])),
};
