import { z } from 'zod';
import { ApplicationMessageSocketSchema, ApplicationStatusSocketSchema } from './closer-applications';
import { NotificationEventSchema, NotificationSchema } from './notifications';
import { TeamMessageSocketSchema } from './team-chat';
import { TeamTaskSocketSchema } from './team-tasks';

// A file of its own, apart from the notification schemas: the bell (on every screen) needs
// those at first paint, while this union pulls in every area's socket payloads.
/** What /ws pushes (spec 7): notifications for one user, broadcasts of "what changed" for all. */
export const SocketMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('notification'), event: NotificationEventSchema, title: z.string(), message: z.string(),
    data: z.record(z.string(), z.unknown()), notification: NotificationSchema, position: z.number().int(),
  }),
  z.object({
    type: z.literal('broadcast'), event: z.enum(['lead_changed', 'leaderboard_changed', 'call_changed', 'sale_changed', 'team_changed', 'profile_changed', 'connected',
      'two_factor_changed', 'two_factor_policy_changed', 'billing_changed', 'pool_policy_changed', 'import_changed']),
    data: z.record(z.string(), z.unknown()),
  }),
  TeamMessageSocketSchema,
  TeamTaskSocketSchema,
  ApplicationMessageSocketSchema,
  ApplicationStatusSocketSchema,
  z.object({ type: z.literal('pong'), timestamp: z.number() }),
]);
export type SocketMessage = z.infer<typeof SocketMessageSchema>;
export const ClientSocketMessageSchema = z.strictObject({ type: z.literal('ping'), timestamp: z.number() });
