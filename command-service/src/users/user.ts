import type { GamificationEvent, TwoFactorEvent, UserEvent } from '@leadfloor/events';
import { evolveTwoFactor, type TwoFactorState } from './two-factor';

/** What a user's stream holds: their own events, their two-factor sign-in's and the points process manager's. */
export type UserStreamEvent = UserEvent | GamificationEvent | TwoFactorEvent;

export type UserRole = 'agent' | 'teamLead' | 'manager';
export type UserLevel = 'rookie' | 'pro' | 'elite';

export type UserProfile = {
  id: number;
  username: string;
  email: string;
  fullName: string;
  passwordHash: string;
  role: UserRole;
  level: UserLevel;
  points: number;
  teamId: number | null;
  managerId: number | null;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: string;
  /** Switches the user changed from their defaults. */
  notificationPreferences: Record<string, boolean>;
  /** Two-factor sign-in (server only: holds recovery code hashes). */
  twoFactor: TwoFactorState;
};
export type UserState = { exists: false } | ({ exists: true } & UserProfile);

export const initialUserState = (): UserState => ({ exists: false });

export function evolveUser(s: UserState, e: UserStreamEvent): UserState {
  if (e.type === 'UserRegistered') {
    const d = e.data;
    return {
      exists: true, id: d.userId, username: d.username, email: d.email, fullName: d.fullName,
      passwordHash: d.passwordHash, role: d.role, level: d.level, points: d.points, teamId: null,
      managerId: null, avatarUrl: null, bio: null, createdAt: d.at, notificationPreferences: {},
      twoFactor: { enabled: false },
    };
  }
  if (!s.exists) return s;
  switch (e.type) {
    case 'ProfileUpdated': {
      const { userId: _id, at: _at, ...changes } = e.data;
      return { ...s, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
    }
    case 'PasswordChanged':
      return { ...s, passwordHash: e.data.passwordHash };
    case 'RoleChanged':
      return { ...s, role: e.data.to };
    case 'UserJoinedTeam':
      return { ...s, teamId: e.data.teamId, managerId: e.data.managerId };
    case 'UserLeftTeam':
      return s.teamId === e.data.teamId ? { ...s, teamId: null, managerId: null } : s;
    case 'PointsAwarded':
      return { ...s, points: s.points + e.data.points };
    case 'LevelReached':
      return { ...s, level: e.data.to };
    case 'BadgeAwarded':
      return s;
    case 'NotificationPreferencesChanged':
      return { ...s, notificationPreferences: { ...s.notificationPreferences, ...e.data.changes } };
    case 'TwoFactorEnabled':
    case 'RecoveryCodesIssued':
    case 'TwoFactorCodeUsed':
    case 'RecoveryCodeUsed':
    case 'TwoFactorDisabled':
      return { ...s, twoFactor: evolveTwoFactor(s.twoFactor, e) };
  }
}

/** The user as every screen may see them: the password hash and two-factor state never leave the command side. */
export function publicUser(u: UserProfile) {
  const { passwordHash: _hash, notificationPreferences: _prefs, twoFactor: _twoFactor, ...rest } = u;
  return rest;
}
