import { LeadTypeSchema } from '@leadfloor/events';
import { z } from 'zod';
import { IdQuerySchema } from './scalars';
import { LevelSchema, RoleSchema, TeamSchema, UserSchema } from './users';

/** POST /api/teams: a manager makes a team; they become its manager. Names are unique regardless of case. */
export const CreateTeamBodySchema = z.strictObject({
  name: z.string().trim().min(2, 'Team name must be at least 2 characters').max(60, 'Team name must be at most 60 characters'),
  /** The lead type the team works: it hears of every new lead of that type. */
  leadType: LeadTypeSchema.nullable().optional(),
});
export type CreateTeamBody = z.input<typeof CreateTeamBodySchema>;
export const TeamResponseSchema = z.object({ team: TeamSchema, version: z.number().int() });

/** `/api/teams/:id/members/:userId` and `/api/teams/:id/leads/:userId`. */
export const TeamMemberParamsSchema = z.object({ id: IdQuerySchema, userId: IdQuerySchema });
/** PUT/DELETE of a membership or a lead take no body: none, null or {}. */
export const NoTeamBodySchema = z.strictObject({}).nullish();
export const MemberResponseSchema = z.object({ user: UserSchema, version: z.number().int() });

/** PUT /api/users/:id/role: a manager of the user's team (or of nobody's, for a user on none) sets it. */
export const ChangeRoleBodySchema = z.strictObject({ role: RoleSchema });

/** POST /api/teams/:id/invites: a single-use link; it expires after `expiresInHours` (default 7 days). */
export const CreateInviteBodySchema = z.strictObject({
  expiresInHours: z.number().int().min(1).max(24 * 30).optional(),
}).nullish();
export const INVITE_DEFAULT_HOURS = 24 * 7;
/** An invite token as links carry it: 43 base64url characters (256 random bits). */
export const InviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invite link is not valid');
export const InviteCreatedResponseSchema = z.object({
  invite: z.object({
    id: z.number().int(), teamId: z.number().int(), teamName: z.string(), expiresAt: z.string(),
    /** Shown once: only its hash is kept. */
    token: z.string(),
    /** The console's sign-up page with the token: `/register?invite=…`. */
    path: z.string(),
  }),
});
/** GET /api/invites/:token: the open invite (used, expired and unknown ones answer 409/409/404). */
export const InviteParamsSchema = z.object({ token: InviteTokenSchema });
export const InviteResponseSchema = z.object({
  invite: z.object({ teamId: z.number().int(), teamName: z.string(), expiresAt: z.string() }),
});

/** One person of the structure, with this month's figures (the floor's time zone). */
export const TeamPersonSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  role: RoleSchema,
  level: LevelSchema,
  points: z.number().int(),
  avatarUrl: z.string().nullable(),
  /** Leads they hold in status claimed, contacted or qualified. */
  activeLeads: z.number().int(),
  /** Their sales this calendar month that were not rejected. */
  salesThisMonth: z.number().int(),
});
export type TeamPerson = z.infer<typeof TeamPersonSchema>;
/** GET /api/teams/structure: the floor as a tree, Sales Manager first, then each team's leads and agents. */
export const TeamStructureSchema = z.object({
  managers: z.array(TeamPersonSchema),
  teams: z.array(z.object({
    id: z.number().int(),
    name: z.string(),
    leadType: z.string().nullable(),
    managerId: z.number().int().nullable(),
    leads: z.array(TeamPersonSchema),
    agents: z.array(TeamPersonSchema),
  })),
  /** Agents and team leads on no team. */
  unassigned: z.array(TeamPersonSchema),
});
export type TeamStructure = z.infer<typeof TeamStructureSchema>;

/** GET /api/teams/:id/history: every change to the team and its membership, newest first, with who made it. */
export const TeamHistoryQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The `nextCursor` of the page before. */
  before: z.string().regex(/^\d{1,18}$/, 'A cursor from a previous page').optional(),
});
export const TeamHistorySchema = z.object({
  nextCursor: z.string().nullable(),
  entries: z.array(z.object({
    eventId: z.string(),
    type: z.enum(['TeamCreated', 'TeamLeadAppointed', 'TeamLeadRemoved', 'TeamInviteCreated', 'TeamInviteAccepted', 'UserJoinedTeam', 'UserLeftTeam']),
    at: z.string(),
    actorId: z.number().int().nullable(),
    actorName: z.string().nullable(),
    /** The person the change is about (appointed, joined, left...), if any. */
    userId: z.number().int().nullable(),
    userName: z.string().nullable(),
  })),
});
export type TeamHistory = z.infer<typeof TeamHistorySchema>;
