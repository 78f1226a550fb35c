import type { User } from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Actor } from '../leads/commands';
import { NotFound } from '../shared/domain-error';
import type { CommandContext, HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import type { ManagedTeam } from '../shared/manages-team';
import type { UserRole } from '../users/user';
import { publicUser, type UserState } from '../users/user';
import { userAggregate, userStream } from '../users/user-aggregate';
import { teamAggregate, teamStream } from './team-aggregate';

export const userDto = (s: UserState): User => {
  if (!s.exists) throw new Error('user state expected');
  const { exists: _e, ...profile } = s;
  return publicUser(profile);
};

/** A follow-up command of one request gets its own id derived from the request's, so a retry replays each. */
const followUp = (ctx: CommandContext, step: string): CommandContext => ({ ...ctx, commandId: ctx.commandId && `${ctx.commandId}:${step}` });

/**
 * Changes that span a user's stream and a team's: each step is its own command, decided with the
 * facts looked up on every attempt, and each is a no-op when already done, so a retry of the
 * request completes what an interrupted one began.
 */
export function createTeamStaffing({ store, handle, now }: { store: EventStore; handle: HandleCommand; now: () => Date }) {
  async function teamOf(teamId: number) {
    const { state } = await loadState(store, teamAggregate, teamStream(teamId));
    if (!state.exists) throw new NotFound('team.not_found', 'No such team.');
    return state;
  }
  const managedTeamOf = async (teamId: number | null): Promise<ManagedTeam | null> => {
    if (teamId === null) return null;
    const { state } = await loadState(store, teamAggregate, teamStream(teamId));
    return state.exists ? { id: state.id, managerId: state.managerId } : null;
  };

  /** Sets the role `pick` answers (null: leave it), as `actor`, a manager of the user's team. */
  const setRole = (actor: Actor, userId: number, pick: (s: UserState) => UserRole | null, ctx: CommandContext, step: string) =>
    handle(userAggregate, userStream(userId), async (s: UserState) => ({
      type: 'ChangeRole' as const,
      data: { role: pick(s) ?? (s.exists ? s.role : 'agent') },
      meta: { now: now().toISOString(), actor, team: await managedTeamOf(s.exists ? s.teamId : null) },
    }), followUp(ctx, step));

  /** No longer a lead of `teamId`; a team lead who leads no team is an agent again. */
  async function endLeadership(actor: Actor, userId: number, teamId: number, ctx: CommandContext) {
    const out = await handle(teamAggregate, teamStream(teamId), {
      type: 'RemoveTeamLead', data: { userId }, meta: { now: now().toISOString(), actor },
    }, followUp(ctx, 'lead'));
    const user = await setRole(actor, userId, (s) => (s.exists && s.role === 'teamLead' ? 'agent' : null), ctx, 'role');
    return { team: out, user };
  }

  return {
    setRole,
    endLeadership,
    /** Onto `teamId`, off the team they were on (and its leads). */
    async move(actor: Actor, userId: number, teamId: number, ctx: CommandContext) {
      const to = await teamOf(teamId);
      const left = { teamId: null as number | null };
      const out = await handle(userAggregate, userStream(userId), async (s: UserState) => {
        left.teamId = s.exists && s.teamId !== teamId ? s.teamId : null;
        return {
          type: 'JoinTeam' as const, data: { teamId, managerId: to.managerId },
          meta: { now: now().toISOString(), actor, teams: { from: await managedTeamOf(s.exists ? s.teamId : null), to: { id: to.id, managerId: to.managerId } } },
        };
      }, ctx);
      if (left.teamId !== null && (await teamOf(left.teamId)).teamLeadIds.includes(userId)) return (await endLeadership(actor, userId, left.teamId, ctx)).user;
      return out;
    },
    /** Off `teamId` (and its leads). */
    async remove(actor: Actor, userId: number, teamId: number, ctx: CommandContext) {
      const team = await teamOf(teamId);
      const out = await handle(userAggregate, userStream(userId), {
        type: 'LeaveTeam', data: { teamId }, meta: { now: now().toISOString(), actor, team: { id: team.id, managerId: team.managerId } },
      }, ctx);
      return team.teamLeadIds.includes(userId) ? (await endLeadership(actor, userId, teamId, ctx)).user : out;
    },
  };
}
