import { inviteTokenHash } from '@leadfloor/infra/auth/invite-tokens';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { findStreamByKey } from '@leadfloor/infra/event-store/unique-keys';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { loadState } from '../shared/load-state';
import { inviteTokenKey, teamAggregate } from './team-aggregate';

export type OpenInvite = { inviteId: number; teamId: number; managerId: number | null };

/**
 * The invite a registration names, checked before any password is hashed: unknown (404), used
 * or expired (409), each answered on the `inviteToken` field. Whether it is still open when the
 * account is made is decided again on the team's stream (AcceptInvite).
 */
export async function openInvite(pool: Pool, store: EventStore, token: string, now: Date): Promise<OpenInvite> {
  const tokenHash = inviteTokenHash(token);
  const streamId = await findStreamByKey(pool, [inviteTokenKey(tokenHash).scope], tokenHash);
  const { state } = streamId ? await loadState(store, teamAggregate, streamId) : { state: teamAggregate.initialState() };
  const found = state.exists ? Object.entries(state.invites).find(([, i]) => i.tokenHash === tokenHash) : undefined;
  if (!state.exists || !found) throw new ApiError(404, 'invite.not_found', 'This invite link is not valid.', { field: 'inviteToken' });
  const [id, invite] = found;
  if (invite.acceptedBy !== null) throw new ApiError(409, 'invite.used', 'This invite link has already been used.', { field: 'inviteToken' });
  if (Date.parse(invite.expiresAt) <= now.getTime()) {
    throw new ApiError(409, 'invite.expired', 'This invite link has expired. Ask your team lead for a new one.', { field: 'inviteToken' });
  }
  return { inviteId: Number(id), teamId: state.id, managerId: state.managerId };
}
