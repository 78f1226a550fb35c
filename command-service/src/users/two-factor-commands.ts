import type { UserActor } from './commands';

type Meta = { now: string; actor: UserActor };

/**
 * What a typed code proves, for the stream to decide whether it is still good: the time step an
 * authenticator code matched the user's secret at, or the hash of a recovery code.
 */
export type CodeProof = { step: number } | { codeHash: string };

/** `secretId`: the secret set up for the user (kept encrypted apart); `step`: the code that confirmed it. */
export type EnableTwoFactor = { type: 'EnableTwoFactor'; data: { secretId: string; step: number; codeHashes: string[] }; meta: Meta };
/**
 * Sign-in's second step names no actor: there is no session yet. The route took the stream
 * from the pending sign-in, which only the account's right password opens.
 */
export type SignInWithCode = { type: 'SignInWithCode'; data: { proof: CodeProof }; meta: { now: string } };
export type RegenerateRecoveryCodes = { type: 'RegenerateRecoveryCodes'; data: { codeHashes: string[] }; meta: Meta };
/** `floorRequires`: the floor's policy, looked up by the route: a required second factor stays on. */
export type DisableTwoFactor = { type: 'DisableTwoFactor'; data: { proof: CodeProof }; meta: Meta & { floorRequires: boolean } };

export type TwoFactorCommand = EnableTwoFactor | SignInWithCode | RegenerateRecoveryCodes | DisableTwoFactor;

const TYPES = new Set<string>(['EnableTwoFactor', 'SignInWithCode', 'RegenerateRecoveryCodes', 'DisableTwoFactor']);
export const isTwoFactorCommand = (c: { type: string }): c is TwoFactorCommand => TYPES.has(c.type);
