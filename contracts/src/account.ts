import { z } from 'zod';
import { RegisterBodySchema } from './auth';
import { CallSchema } from './calls';
import { NotificationPreferencesSchema, NotificationSchema } from './notifications';
import { SaleSchema } from './sales';
import { LevelSchema, UserSchema } from './users';

// Control characters have no place in a one-line name (a bio keeps its line breaks).
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;

/** /profile's form and PATCH /api/profile: the same rules on both sides. Bio is plain text. */
export const ProfileFormSchema = z.strictObject({
  fullName: z.string().trim().min(2, 'Full name must be at least 2 characters').max(100, 'Full name must be at most 100 characters')
    .regex(ONE_LINE, 'Full name must be one line of text'),
  bio: z.string().trim().max(500, 'Bio must be at most 500 characters'),
});
export type ProfileForm = z.infer<typeof ProfileFormSchema>;
/** Only the fields that change need be sent; an empty bio clears it. */
export const ProfilePatchBodySchema = ProfileFormSchema.partial();
export type ProfilePatchBody = z.infer<typeof ProfilePatchBodySchema>;

/** Avatars: what an upload may be, and what is kept of it (a square WebP). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
export const AVATAR_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Spec 2.5's level progress: how far through the current level, and the level shown next. */
export const LevelProgressSchema = z.object({ percent: z.number(), nextLevel: LevelSchema });

/**
 * The performance card: this calendar month in the floor's time zone. Claims are first claims
 * of a lead (a reassignment is not a claim); `contacted` counts those claims the user has since
 * moved to contacted (or straight on to qualified or sold); sales exclude rejected commissions.
 */
export const PerformanceSchema = z.object({
  periodStart: z.string(),
  claims: z.number().int(),
  contacted: z.number().int(),
  /** contacted ÷ claims as a percentage to one decimal; 0 without claims. */
  contactRate: z.number(),
  salesCount: z.number().int(),
  salesAmountCents: z.number().int(),
  commissionCents: z.number().int(),
});
export type Performance = z.infer<typeof PerformanceSchema>;

export const ProfileBadgeSchema = z.object({
  badgeId: z.number().int(), name: z.string(), description: z.string(), icon: z.string(), awardedAt: z.string().nullable(),
});

/** GET /api/profile: the signed-in user, their standing, every badge (earned ones dated) and their month. */
export const ProfileResponseSchema = z.object({
  user: UserSchema,
  levelProgress: LevelProgressSchema,
  badges: z.array(ProfileBadgeSchema),
  performance: PerformanceSchema,
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;
export const ProfileUpdateResponseSchema = z.object({ user: UserSchema, version: z.number().int() });

const newPassword = RegisterBodySchema.shape.password;
const currentPassword = z.string().min(1, 'Current password is required').max(256);
const differs = (b: { currentPassword: string; newPassword: string }) => b.newPassword !== b.currentPassword;
const DIFFERS = { message: 'The new password must differ from the current one', path: ['newPassword'] };

/** POST /api/auth/change-password: registration's password rules for the new one. */
export const ChangePasswordBodySchema = z.strictObject({ currentPassword, newPassword }).refine(differs, DIFFERS);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
export const ChangePasswordFormSchema = z.object({ currentPassword, newPassword, confirmPassword: z.string() })
  .refine(differs, DIFFERS)
  .refine((f) => f.newPassword === f.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
/** How many other sessions the change ended (their sockets close too). */
export const ChangePasswordResponseSchema = z.object({ success: z.literal(true), endedSessions: z.number().int() });

/** A session as its user sees it: a public id (never the cookie's token), the browser, when. */
export const SessionSchema = z.object({
  id: z.uuid(),
  /** "Chrome on macOS", read from the User-Agent; "Unknown device" when there is none. */
  device: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** "Remember me": a 30-day session. */
  persistent: z.boolean(),
  /** The session this request came with: "this device". */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionsResponseSchema = z.object({ sessions: z.array(SessionSchema) });
export const SessionParamsSchema = z.object({ id: z.uuid('not a session id') });
export const EndedSessionsResponseSchema = z.object({ success: z.literal(true), endedSessions: z.number().int() });

const Json = z.record(z.string(), z.unknown());

/**
 * GET /api/account/export: the signed-in user's own records as one JSON document. Lead events
 * are those of leads the user held or created that the user made; sessions carry no token.
 */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: UserSchema,
  notificationPreferences: NotificationPreferencesSchema,
  sessions: z.array(SessionSchema.omit({ current: true })),
  leadEvents: z.array(z.object({ leadId: z.number().int(), version: z.number().int(), type: z.string(), at: z.string(), data: Json })),
  calls: z.array(CallSchema),
  sales: z.array(SaleSchema),
  notifications: z.array(NotificationSchema),
  badges: z.array(ProfileBadgeSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
