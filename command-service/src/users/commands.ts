import type { Actor } from '../leads/commands';
import type { ManagedTeam } from '../shared/manages-team';
import type { TwoFactorCommand } from './two-factor-commands';

/** Who acts: a signed-in user, or the system itself (the demo seed, process managers). */
export type UserActor = Actor | { id: null; role: 'system'; teamId: null };
export const isSystem = (a: UserActor): a is Extract<UserActor, { id: null }> => a.id === null;
type Meta = { now: string; actor: UserActor };

export type RegisterUser = {
  type: 'RegisterUser';
  data: {
    userId: number; username: string; email: string; fullName: string; passwordHash: string;
    /** The team of the invite registered through (its acceptance was decided on the team's stream). */
    invite?: { inviteId: number; teamId: number; managerId: number | null };
  };
  meta: Meta;
};
export type ChangePassword = { type: 'ChangePassword'; data: { passwordHash: string }; meta: Meta };
export type UpdateProfile = {
  type: 'UpdateProfile';
  data: { fullName?: string; email?: string; avatarUrl?: string | null; bio?: string | null };
  meta: Meta;
};
/**
 * Team facts a manager's command carries (looked up by the route on every attempt): a manager
 * acts only on people of teams they manage, or on no team. The system needs none.
 */
export type ChangeRole = { type: 'ChangeRole'; data: { role: 'agent' | 'teamLead' | 'manager' }; meta: Meta & { team?: ManagedTeam | null } };
export type JoinTeam = {
  type: 'JoinTeam'; data: { teamId: number; managerId: number | null };
  meta: Meta & { teams?: { from: ManagedTeam | null; to: ManagedTeam } };
};
export type LeaveTeam = { type: 'LeaveTeam'; data: { teamId: number }; meta: Meta & { team?: ManagedTeam } };

export type SetNotificationPreferences = { type: 'SetNotificationPreferences'; data: { preferences: Record<string, boolean> }; meta: Meta };

export type UserCommand = RegisterUser | ChangePassword | UpdateProfile | ChangeRole | JoinTeam | LeaveTeam | SetNotificationPreferences
  | TwoFactorCommand;
