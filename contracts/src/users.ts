import { z } from 'zod';

export const RoleSchema = z.enum(['agent', 'teamLead', 'manager']);
export const LevelSchema = z.enum(['rookie', 'pro', 'elite']);
export type Role = z.infer<typeof RoleSchema>;
export type Level = z.infer<typeof LevelSchema>;

/** A user as every screen sees them. Never carries a password hash. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: RoleSchema,
  level: LevelSchema,
  points: z.number().int(),
  teamId: z.number().int().nullable(),
  managerId: z.number().int().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const TeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  managerId: z.number().int().nullable(),
  leadType: z.string().nullable(),
  teamLeadIds: z.array(z.number().int()),
  createdAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

export const UsersResponseSchema = z.array(UserSchema);
export const TeamsResponseSchema = z.array(TeamSchema);
