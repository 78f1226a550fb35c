import { z } from 'zod';
import { AuthUserResponseSchema, LoginFormSchema } from './auth';

/**
 * Two-factor sign-in (TOTP, RFC 6238). Codes may be typed with spaces or dashes: they are
 * taken out before the check, on both sides.
 */
export const TwoFactorCodeSchema = z.string().max(20)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));
/** A recovery code as it was shown (`abcd-efgh-jkmn-pqrs`), in any case, with or without dashes. */
export const RecoveryCodeSchema = z.string().max(40)
  .transform((v) => v.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z2-9]{16}$/, 'Enter a recovery code as it was given, like abcd-efgh-jkmn-pqrs'));
const password = LoginFormSchema.shape.password;

/** POST /api/auth/login answers this instead of `{user}` when the account has a second factor. */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** How long the code step stays open (the pending sign-in's cookie lasts as long). */
  expiresInSeconds: z.number().int(),
});
export const LoginResponseSchema = z.union([AuthUserResponseSchema, TwoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST /api/auth/login/two-factor: a code of the authenticator, or one recovery code. */
export const LoginTwoFactorBodySchema = z.union([
  z.strictObject({ code: TwoFactorCodeSchema }),
  z.strictObject({ recoveryCode: RecoveryCodeSchema }),
]);
export type LoginTwoFactorBody = z.input<typeof LoginTwoFactorBodySchema>;
export const TwoFactorCodeFormSchema = z.object({ code: TwoFactorCodeSchema });
export type TwoFactorCodeForm = z.input<typeof TwoFactorCodeFormSchema>;
export const RecoveryCodeFormSchema = z.object({ recoveryCode: RecoveryCodeSchema });
export type RecoveryCodeForm = z.input<typeof RecoveryCodeFormSchema>;

/** Setting up, and renewing recovery codes, ask for the password again. */
export const TwoFactorPasswordBodySchema = z.strictObject({ password });
export type TwoFactorPasswordBody = z.infer<typeof TwoFactorPasswordBodySchema>;
/** POST /api/auth/two-factor/setup: shown once; the secret is never sent again. */
export const TwoFactorSetupResponseSchema = z.object({
  otpauthUri: z.string(),
  /** The same URI as a QR code: an SVG image as a data: URL. */
  qrCodeDataUrl: z.string(),
  /** The secret in base32, in groups of four, to type into an app that cannot scan. */
  manualKey: z.string(),
  issuer: z.string(),
  accountName: z.string(),
  /** Confirm before this instant, or set up again. */
  expiresAt: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorEnableBodySchema = z.strictObject({ code: TwoFactorCodeSchema });
export type TwoFactorEnableBody = z.input<typeof TwoFactorEnableBodySchema>;
/** Enabling and renewing: the ten recovery codes, shown this once. */
export const RecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()).length(10), version: z.number().int() });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** POST /api/auth/two-factor/disable: the password and a code of the authenticator (or a recovery code). */
export const TwoFactorDisableBodySchema = z.union([
  z.strictObject({ password, code: TwoFactorCodeSchema }),
  z.strictObject({ password, recoveryCode: RecoveryCodeSchema }),
]);
export type TwoFactorDisableBody = z.input<typeof TwoFactorDisableBodySchema>;
export const TwoFactorDisableFormSchema = z.object({ password, code: TwoFactorCodeSchema });
export type TwoFactorDisableForm = z.input<typeof TwoFactorDisableFormSchema>;
export const TwoFactorVersionResponseSchema = z.object({ success: z.literal(true), version: z.number().int() });

/** GET /api/auth/two-factor: the signed-in user's second factor, and whether the floor requires one. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  floorRequired: z.boolean(),
  /** The floor requires it and it is off: every other API call answers 403 two_factor.setup_required. */
  setupRequired: z.boolean(),
  /** The user's stream version this reflects (pass a command's `version` as `minVersion`). */
  version: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
export const TwoFactorStatusQuerySchema = z.object({ minVersion: z.coerce.number().int().min(0).max(2_147_483_647).optional() });

/** PUT /api/auth/two-factor/policy (managers). */
export const TwoFactorPolicyBodySchema = z.strictObject({ required: z.boolean() });
export type TwoFactorPolicyBody = z.infer<typeof TwoFactorPolicyBodySchema>;
/** GET /api/auth/two-factor/policy: the floor's rule, and how many people have a second factor. */
export const TwoFactorPolicySchema = z.object({
  required: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  coverage: z.object({ enabled: z.number().int(), total: z.number().int() }),
  version: z.number().int(),
});
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;
