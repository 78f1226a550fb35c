import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/**
 * A team's own stream: its creation, its leads and its invites. Who joins or leaves is on the
 * user's stream (UserJoinedTeam, UserLeftTeam); who did each change is the envelope's actor.
 */
export const teamEventSchemas = {
  TeamCreated: z.object({ teamId: id, name: z.string(), managerId: id.nullable(), leadType: z.string().nullable(), at }),
  TeamLeadAppointed: z.object({ teamId: id, userId: id, at }),
  TeamLeadRemoved: z.object({ teamId: id, userId: id, at }),
  // Only the SHA-256 of the invite's token: the token itself is a credential and never stored.
  TeamInviteCreated: z.object({ teamId: id, inviteId: id, tokenHash: z.string(), expiresAt: at, at }),
  TeamInviteAccepted: z.object({ teamId: id, inviteId: id, userId: id, at }),
} as const;

export type TeamEventType = keyof typeof teamEventSchemas;
export type TeamEvent = { [T in TeamEventType]: { type: T; data: z.infer<(typeof teamEventSchemas)[T]> } }[TeamEventType];
