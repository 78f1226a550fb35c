import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Secrets at rest (webhook signing secrets, OAuth tokens): AES-256-GCM under a key derived with
 * HKDF-SHA256 from the server's key (the one two-factor-key.ts loads) for one `purpose`, so each
 * kind of secret has its own key and the two-factor store keeps using the server key as it did.
 * `boundTo` is the additional data: a ciphertext moved to another row does not open.
 */
export function createSecretBox(serverKey: Buffer, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), `leadfloor:${purpose}`, 32));
  return {
    seal(plain: string, boundTo: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(text: string, boundTo: string): string {
      const [version, iv, tag, sealed] = text.split('.');
      if (version !== VERSION || !iv || !tag || !sealed) throw new Error('sealed secret: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
