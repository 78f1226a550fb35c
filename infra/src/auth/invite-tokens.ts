import { createHash, randomBytes } from 'node:crypto';

/** A new invite token: 256 random bits, base64url (43 characters). Shown once, never stored. */
export const newInviteToken = () => randomBytes(32).toString('base64url');

/** What is stored and looked up instead of the token: its SHA-256, hex. */
export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
