import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { loadTwoFactorKey, TWO_FACTOR_KEY_FILE } from './two-factor-key';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lf-2fa-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the two-factor encryption key', () => {
  it('is made once into DATA_DIR, readable by its owner only, and read back on the next start', () => {
    const DATA_DIR = path.join(freshDir(), 'data');
    const first = loadTwoFactorKey({ DATA_DIR });
    expect(first).toHaveLength(32);
    const file = path.join(DATA_DIR, TWO_FACTOR_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadTwoFactorKey({ DATA_DIR }).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
  });
  it('comes from TOTP_ENCRYPTION_KEY when set, as hex or base64, and then no file is made', () => {
    const DATA_DIR = freshDir();
    const hex = 'ab'.repeat(32);
    expect(loadTwoFactorKey({ DATA_DIR, TOTP_ENCRYPTION_KEY: hex }).toString('hex')).toBe(hex);
    const base64 = Buffer.from(hex, 'hex').toString('base64');
    expect(loadTwoFactorKey({ DATA_DIR, TOTP_ENCRYPTION_KEY: base64 }).toString('hex')).toBe(hex);
    expect(() => statSync(path.join(DATA_DIR, TWO_FACTOR_KEY_FILE))).toThrow();
  });
  it('refuses a TOTP_ENCRYPTION_KEY that is not 32 bytes, naming the variable', () => {
    for (const bad of ['ab'.repeat(31), 'not a key', Buffer.alloc(16).toString('base64')]) {
      expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: bad })).toThrow(/TOTP_ENCRYPTION_KEY/);
    }
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64url') }).TOTP_ENCRYPTION_KEY).toBeDefined();
  });
  it('stops the start when the key file holds no key', () => {
    const DATA_DIR = freshDir();
    writeFileSync(path.join(DATA_DIR, TWO_FACTOR_KEY_FILE), 'not a key\n');
    expect(() => loadTwoFactorKey({ DATA_DIR })).toThrow(/does not hold a 32-byte key/);
  });
});
