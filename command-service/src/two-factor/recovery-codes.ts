import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../users/decide-two-factor';

// 31 letters and digits, none that reads like another (no 0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 16;

/**
 * Ten recovery codes of 16 random characters (79 bits each), shown once as `abcd-efgh-jkmn-pqrs`.
 * With that much entropy a plain SHA-256 is enough to store them: no guess list reaches one.
 */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const raw = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    codes.add(raw.match(/.{4}/g)!.join('-'));
  }
  const list = [...codes];
  return { codes: list, hashes: list.map(hashRecoveryCode) };
}

/** The stored form of a code, however it was typed (case, spaces and dashes do not count). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('base64url');
