import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from '@leadfloor/infra/postgres/pool';

const VERSION = 'v1';
/** A secret set up but not confirmed is good for this long. */
export const SETUP_VALID_MS = 15 * 60_000;

/**
 * TOTP secrets at rest: AES-256-GCM under the server's key (TOTP_ENCRYPTION_KEY), in the
 * command side's own table, never in the event log. The user's id is the additional data, so a
 * ciphertext moved to another user's row does not decrypt.
 */
export function createSecretStore(pool: Pool, key: Buffer) {
  const encrypt = (userId: number, secret: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  };
  const decrypt = (userId: number, text: string) => {
    const [version, iv, tag, sealed] = text.split('.');
    if (version !== VERSION || !iv || !tag || !sealed) throw new Error('two-factor secret: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  };

  return {
    /**
     * Keeps a secret being set up; an earlier one not confirmed goes (only the newest setup can
     * be confirmed), the one in use (`keep`) stays.
     */
    async savePending(userId: number, secret: string, keep: string | null, now: Date): Promise<string> {
      const secretId = randomUUID();
      await pool.query(
        `with gone as (delete from two_factor_secrets where user_id = $1 and secret_id is distinct from $2)
         insert into two_factor_secrets (secret_id, user_id, ciphertext, created_at) values ($3, $1, $4, $5)`,
        [userId, keep, secretId, encrypt(userId, secret), now]);
      return secretId;
    },
    /** The newest secret set up and still fresh enough to confirm, other than the one in use. */
    async pending(userId: number, now: Date, inUse: string | null): Promise<{ secretId: string; secret: string } | null> {
      const { rows } = await pool.query<{ secret_id: string; ciphertext: string }>(
        `select secret_id, ciphertext from two_factor_secrets
         where user_id = $1 and created_at > $2 and secret_id is distinct from $3 order by created_at desc limit 1`,
        [userId, new Date(now.getTime() - SETUP_VALID_MS), inUse]);
      const row = rows[0];
      return row ? { secretId: row.secret_id, secret: decrypt(userId, row.ciphertext) } : null;
    },
    /** The secret the user's stream names. */
    async read(userId: number, secretId: string): Promise<string | null> {
      const { rows } = await pool.query<{ ciphertext: string }>(
        'select ciphertext from two_factor_secrets where secret_id = $1 and user_id = $2', [secretId, userId]);
      return rows[0] ? decrypt(userId, rows[0].ciphertext) : null;
    },
    /** Drops every secret of the user but `keep` (after enabling: the other setups; after disabling: all). */
    async dropAllBut(userId: number, keep: string | null): Promise<void> {
      await pool.query('delete from two_factor_secrets where user_id = $1 and secret_id is distinct from $2', [userId, keep]);
    },
  };
}
export type SecretStore = ReturnType<typeof createSecretStore>;
