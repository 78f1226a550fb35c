import type { TwoFactorEvent } from '@leadfloor/events';
import { Forbidden, RuleViolation } from '../shared/domain-error';
import type { CodeProof, TwoFactorCommand } from './two-factor-commands';
import type { TwoFactorState } from './two-factor';
import type { UserProfile } from './user';

export const RECOVERY_CODE_COUNT = 10;

/**
 * Two-factor sign-in's rules, on the user's stream, so every use of a code is decided against
 * the stream's version: of two requests spending one recovery code (or one authenticator code)
 * at once, one append wins and the other, decided again, finds it spent.
 * - Only the user turns it on, off, or renews their recovery codes.
 * - An authenticator code is good once: a code of a time step at or before the last one
 *   accepted is refused (replay), even while its window is open.
 * - A recovery code is good once; a new set replaces the old one.
 * - A floor that requires a second factor keeps it on.
 */
export function decideTwoFactor(c: TwoFactorCommand, s: UserProfile): TwoFactorEvent[] {
  const { now: at } = c.meta;
  const userId = s.id;
  const tf = s.twoFactor;
  if ('actor' in c.meta && c.meta.actor.id !== userId) {
    throw new Forbidden('user.not_self', 'You can only change your own account.');
  }
  if (c.type === 'EnableTwoFactor') {
    if (tf.enabled) throw new RuleViolation('two_factor.already_enabled', 'Two-factor sign-in is already on.');
    checkCodeHashes(c.data.codeHashes);
    return [
      { type: 'TwoFactorEnabled', data: { userId, secretId: c.data.secretId, step: c.data.step, at } },
      { type: 'RecoveryCodesIssued', data: { userId, codeHashes: c.data.codeHashes, at } },
    ];
  }
  if (!tf.enabled) throw new RuleViolation('two_factor.not_enabled', 'Two-factor sign-in is not on.');
  switch (c.type) {
    case 'SignInWithCode': {
      const proof = c.data.proof;
      if ('step' in proof) {
        checkStep(tf, proof.step);
        return [{ type: 'TwoFactorCodeUsed', data: { userId, step: proof.step, at } }];
      }
      return [{ type: 'RecoveryCodeUsed', data: { userId, index: recoveryIndex(tf, proof.codeHash), at } }];
    }
    case 'RegenerateRecoveryCodes':
      checkCodeHashes(c.data.codeHashes);
      return [{ type: 'RecoveryCodesIssued', data: { userId, codeHashes: c.data.codeHashes, at } }];
    case 'DisableTwoFactor':
      checkProof(tf, c.data.proof);
      if (c.meta.floorRequires) {
        throw new RuleViolation('two_factor.required_by_floor', 'Your floor requires two-factor sign-in, so it stays on.');
      }
      return [{ type: 'TwoFactorDisabled', data: { userId, at } }];
  }
}

type Enabled = Extract<TwoFactorState, { enabled: true }>;

function checkStep(tf: Enabled, step: number) {
  if (step <= tf.lastStep) throw new RuleViolation('two_factor.code_used', 'This code was used already. Wait for the next one.');
}

function recoveryIndex(tf: Enabled, codeHash: string) {
  const index = tf.recoveryCodes.indexOf(codeHash);
  if (index < 0) throw new RuleViolation('two_factor.invalid_recovery_code', 'This recovery code is not valid, or was used already.');
  return index;
}

function checkProof(tf: Enabled, proof: CodeProof) {
  if ('step' in proof) checkStep(tf, proof.step);
  else recoveryIndex(tf, proof.codeHash);
}

/** Ten distinct hashes: a set with a repeat would let one code be spent twice. */
function checkCodeHashes(hashes: string[]) {
  if (hashes.length !== RECOVERY_CODE_COUNT || new Set(hashes).size !== RECOVERY_CODE_COUNT) {
    throw new RuleViolation('two_factor.recovery_codes_malformed', `A set of recovery codes is ${RECOVERY_CODE_COUNT} distinct codes.`);
  }
}
