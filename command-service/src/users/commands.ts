import type { Actor } from '../leads/commands';

/** Who acts: a signed-in user, or the system itself (the demo seed, process managers). */
export type UserActor = Actor | { id: null; role: 'system'; teamId: null };
type Meta = { now: string; actor: UserActor };

export type RegisterUser = {
  type: 'RegisterUser';
  data: { userId: number; username: string; email: string; fullName: string; passwordHash: string };
  meta: Meta;
};
export type ChangePassword = { type: 'ChangePassword'; data: { passwordHash: string }; meta: Meta };
export type UpdateProfile = {
  type: 'UpdateProfile';
  data: { fullName?: string; email?: string; avatarUrl?: string | null; bio?: string | null };
  meta: Meta;
};
export type ChangeRole = { type: 'ChangeRole'; data: { role: 'agent' | 'teamLead' | 'manager' }; meta: Meta };
export type JoinTeam = { type: 'JoinTeam'; data: { teamId: number; managerId: number | null }; meta: Meta };

export type SetNotificationPreferences = { type: 'SetNotificationPreferences'; data: { preferences: Record<string, boolean> }; meta: Meta };

export type UserCommand = RegisterUser | ChangePassword | UpdateProfile | ChangeRole | JoinTeam | SetNotificationPreferences;
