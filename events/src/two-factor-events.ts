import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();
/** An RFC 6238 time step: floor(unix seconds / 30). */
const step = z.number().int().nonnegative();
/** SHA-256 of a recovery code, base64url. */
const codeHash = z.string().min(1);

/**
 * Two-factor sign-in, on the user's own stream. The TOTP secret is never here: the log is
 * copied to Kafka and read by every projection, so it holds only the id of the secret, which
 * the command side keeps encrypted in a table of its own. Recovery codes appear only as hashes.
 *
 * - TwoFactorEnabled: the user confirmed a code of the secret `secretId`; `step` is the step of
 *   that code, so it cannot be used again to sign in.
 * - RecoveryCodesIssued: a fresh set of ten single-use codes (at enabling, or regenerated),
 *   replacing any earlier set.
 * - TwoFactorCodeUsed: a code of the authenticator passed (sign-in, or the check before turning
 *   two-factor off); a code of this step or an earlier one is refused from now on (replay).
 * - RecoveryCodeUsed: the code at `index` of the current set is spent.
 */
export const twoFactorEventSchemas = {
  TwoFactorEnabled: z.object({ userId: id, secretId: z.uuid(), step, at }),
  RecoveryCodesIssued: z.object({ userId: id, codeHashes: z.array(codeHash).length(10), at }),
  TwoFactorCodeUsed: z.object({ userId: id, step, at }),
  RecoveryCodeUsed: z.object({ userId: id, index: z.number().int().min(0).max(9), at }),
  TwoFactorDisabled: z.object({ userId: id, at }),
  /** The floor's rule (stream `floor-policy`): everyone must sign in with a second factor, or not. */
  FloorTwoFactorPolicySet: z.object({ required: z.boolean(), by: id, at }),
} as const;

export type TwoFactorEventType = keyof typeof twoFactorEventSchemas;
type EventOf<T extends TwoFactorEventType> = { type: T; data: z.infer<(typeof twoFactorEventSchemas)[T]> };
/** The events of a user's stream. */
export type TwoFactorEvent = { [T in Exclude<TwoFactorEventType, 'FloorTwoFactorPolicySet'>]: EventOf<T> }[Exclude<TwoFactorEventType, 'FloorTwoFactorPolicySet'>];
/** The events of the floor's policy stream. */
export type FloorPolicyEvent = EventOf<'FloorTwoFactorPolicySet'>;
