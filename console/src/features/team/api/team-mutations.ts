import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  InviteCreatedResponseSchema, MemberResponseSchema, TeamResponseSchema, type CreateTeamBody, type Role,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { teamKeys } from './team-queries';

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

/**
 * A staffing change: the team's reads refetch at once, and again when the read model announces
 * the change ("team changed"), so the tree never keeps showing the old arrangement.
 */
function useTeamMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}

export const useCreateTeam = () =>
  useTeamMutation((body: CreateTeamBody) => api.post('/api/teams', body, TeamResponseSchema, idempotent()));

export type MemberChange =
  | { kind: 'move'; teamId: number; userId: number }
  | { kind: 'remove'; teamId: number; userId: number }
  | { kind: 'appoint'; teamId: number; userId: number }
  | { kind: 'removeLead'; teamId: number; userId: number }
  | { kind: 'role'; userId: number; role: Role };

function send(change: MemberChange): Promise<unknown> {
  switch (change.kind) {
    case 'move': return api.put(`/api/teams/${change.teamId}/members/${change.userId}`, {}, MemberResponseSchema, idempotent());
    case 'remove': return api.delete(`/api/teams/${change.teamId}/members/${change.userId}`, MemberResponseSchema, idempotent());
    case 'appoint': return api.put(`/api/teams/${change.teamId}/leads/${change.userId}`, {}, TeamResponseSchema, idempotent());
    case 'removeLead': return api.delete(`/api/teams/${change.teamId}/leads/${change.userId}`, TeamResponseSchema, idempotent());
    case 'role': return api.put(`/api/users/${change.userId}/role`, { role: change.role }, MemberResponseSchema, idempotent());
  }
}

/** A manager's change to someone: move, remove, appoint or remove as lead, or a new role. */
export const useMemberChange = () => useTeamMutation(send);

/** A single-use invite link to a team (its token is shown once). */
export const useCreateInvite = () =>
  useTeamMutation(({ teamId, expiresInHours }: { teamId: number; expiresInHours: number }) =>
    api.post(`/api/teams/${teamId}/invites`, { expiresInHours }, InviteCreatedResponseSchema));
