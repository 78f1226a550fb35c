import { z } from 'zod';

export const UserRoleSchema = z.enum(['agent', 'teamLead', 'manager']);
export const UserLevelSchema = z.enum(['rookie', 'pro', 'elite']);
const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

export const userEventSchemas = {
  // The password hash (argon2id) lives in the user's own stream, on the server only: sign-in
  // folds the stream it finds through the username/email unique keys. No read model copies it.
  UserRegistered: z.object({
    userId: id, username: z.string(), email: z.string(), fullName: z.string(), passwordHash: z.string(),
    role: UserRoleSchema, level: UserLevelSchema, points: z.number().int(), at,
  }),
  ProfileUpdated: z.object({
    userId: id, fullName: z.string().optional(), email: z.string().optional(),
    avatarUrl: z.string().nullable().optional(), bio: z.string().nullable().optional(), at,
  }),
  PasswordChanged: z.object({ userId: id, passwordHash: z.string(), at }),
  RoleChanged: z.object({ userId: id, from: UserRoleSchema, to: UserRoleSchema, by: id.nullable(), at }),
  // `inviteId`: the invite the user registered through; `previousTeamId`: the team a manager
  // moved them from. Both absent otherwise.
  UserJoinedTeam: z.object({ userId: id, teamId: id, managerId: id.nullable(), inviteId: id.optional(), previousTeamId: id.optional(), at }),
  UserLeftTeam: z.object({ userId: id, teamId: id, at }),
  // Only the switches that changed; the defaults (all on but desktop) apply to the rest.
  NotificationPreferencesChanged: z.object({ userId: id, changes: z.record(z.string(), z.boolean()), at }),
} as const;

export type UserEventType = keyof typeof userEventSchemas;
export type UserEvent = { [T in UserEventType]: { type: T; data: z.infer<(typeof userEventSchemas)[T]> } }[UserEventType];
