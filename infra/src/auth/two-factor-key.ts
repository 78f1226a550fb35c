import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, keyBytesOf, type Config } from '../config';

export const TWO_FACTOR_KEY_FILE = 'two-factor.key';

/**
 * The key the command side encrypts TOTP secrets with: TOTP_ENCRYPTION_KEY when set (the same
 * on every command-service of a deployment), otherwise one generated the first time into
 * DATA_DIR/two-factor.key (readable by its owner only) and read from there on every start.
 * It is never stored in PostgreSQL: a dump or a replica of the database, the Kafka topic and
 * the read models then hold nothing that opens a secret.
 */
export function loadTwoFactorKey(config: Pick<Config, 'TOTP_ENCRYPTION_KEY' | 'DATA_DIR'>): Buffer {
  if (config.TOTP_ENCRYPTION_KEY) return keyBytesOf(config.TOTP_ENCRYPTION_KEY)!;
  const file = path.resolve(config.DATA_DIR, TWO_FACTOR_KEY_FILE);
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text === null) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const fresh = randomBytes(32).toString('hex');
    // Written aside, then linked into place: of two processes starting at once, one links and
    // the other finds the file taken and reads that key; neither ever reads a half-written one.
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, `${fresh}\n`, { mode: 0o600 });
    try {
      linkSync(aside, file);
      text = fresh;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      text = readFileSync(file, 'utf8').trim();
    } finally {
      unlinkSync(aside);
    }
  }
  const key = keyBytesOf(text);
  if (!key) throw new ConfigError([{ variable: 'TOTP_ENCRYPTION_KEY', message: `${file} does not hold a 32-byte key` }]);
  return key;
}
