import { createHash, randomBytes } from 'node:crypto';

/** A source's URL token: 32 random bytes (256 bits), shown once; only its SHA-256 is kept. */
export const newSourceToken = () => `lfs_${randomBytes(32).toString('base64url')}`;
export const SOURCE_TOKEN = /^lfs_[A-Za-z0-9_-]{43}$/;
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const hookPath = (token: string) => `/api/hooks/leads/${token}`;
