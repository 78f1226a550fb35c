import type { TwoFactorEvent } from '@leadfloor/events';

/**
 * A user's two-factor sign-in as the command side decides on it: which stored secret is theirs,
 * the last time step a code was accepted at (no code of it or before passes again), and the
 * hashes of their recovery codes, a spent one null.
 */
export type TwoFactorState =
  | { enabled: false }
  | { enabled: true; secretId: string; lastStep: number; recoveryCodes: (string | null)[] };

export function evolveTwoFactor(s: TwoFactorState, e: TwoFactorEvent): TwoFactorState {
  switch (e.type) {
    case 'TwoFactorEnabled':
      return { enabled: true, secretId: e.data.secretId, lastStep: e.data.step, recoveryCodes: [] };
    case 'TwoFactorDisabled':
      return { enabled: false };
  }
  if (!s.enabled) return s;
  switch (e.type) {
    case 'RecoveryCodesIssued':
      return { ...s, recoveryCodes: [...e.data.codeHashes] };
    case 'TwoFactorCodeUsed':
      return { ...s, lastStep: Math.max(s.lastStep, e.data.step) };
    case 'RecoveryCodeUsed':
      return { ...s, recoveryCodes: s.recoveryCodes.map((h, i) => (i === e.data.index ? null : h)) };
  }
}

/** Recovery codes not yet spent. */
export const recoveryCodesLeft = (s: TwoFactorState) => (s.enabled ? s.recoveryCodes.filter((h) => h !== null).length : 0);
