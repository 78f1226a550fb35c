import { z } from 'zod';
import { IdQuerySchema } from './scalars';

/** Spec 7's real-time event types. */
export const NotificationEventSchema = z.enum([
  'new_lead', 'lead_status_changed', 'lead_claimed', 'new_sale', 'team_member_sale',
  'new_call', 'call_completed', 'team_member_call', 'team_member_call_completed',
  // Team collaboration: mentioned in the team's chat; a task given to you, or past its due time.
  'team_mention', 'task_assigned', 'task_overdue',
  // The floor's auto-release: a lead you hold goes back to the pool soon, or went back.
  'lead_auto_release_warning', 'lead_auto_released',
  // Round-robin and weighted distribution: a lead offered to you, waiting for your answer.
  'lead_offered',
  // Closers hub: a new application to your job; your application's status changed (or the
  // applicant withdrew); a new message on an application's thread.
  'job_application_received', 'application_status_changed', 'application_message',
]);
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

/** Spec 9's default titles. */
export const defaultTitles: Record<NotificationEvent, string> = {
  new_lead: 'New Lead', lead_status_changed: 'Lead Status Changed', lead_claimed: 'Lead Claimed',
  new_sale: 'New Sale', team_member_sale: 'Team Member Sale', new_call: 'New Call Started',
  call_completed: 'Call Completed', team_member_call: 'Team Member Call', team_member_call_completed: 'Team Member Call Completed',
  team_mention: 'You Were Mentioned', task_assigned: 'New Task', task_overdue: 'Task Overdue',
  lead_auto_release_warning: 'Lead Returning to Pool', lead_auto_released: 'Lead Returned to Pool',
  lead_offered: 'New Lead Offered',
  job_application_received: 'New Application', application_status_changed: 'Application Update', application_message: 'New Application Message',
};

/** Spec 3's notification preferences, all true by default except desktop notifications. */
export const NotificationPreferencesSchema = z.strictObject({
  newLeadEnabled: z.boolean(), leadStatusChangedEnabled: z.boolean(), leadClaimedEnabled: z.boolean(),
  newSaleEnabled: z.boolean(), teamMemberSaleEnabled: z.boolean(), newCallEnabled: z.boolean(),
  callCompletedEnabled: z.boolean(), teamMemberCallEnabled: z.boolean(), teamMemberCallCompletedEnabled: z.boolean(),
  leadNotificationsEnabled: z.boolean(), saleNotificationsEnabled: z.boolean(), callNotificationsEnabled: z.boolean(),
  teamNotificationsEnabled: z.boolean(), soundEnabled: z.boolean(), desktopNotificationsEnabled: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
export const defaultNotificationPreferences: NotificationPreferences = {
  newLeadEnabled: true, leadStatusChangedEnabled: true, leadClaimedEnabled: true, newSaleEnabled: true,
  teamMemberSaleEnabled: true, newCallEnabled: true, callCompletedEnabled: true, teamMemberCallEnabled: true,
  teamMemberCallCompletedEnabled: true, leadNotificationsEnabled: true, saleNotificationsEnabled: true,
  callNotificationsEnabled: true, teamNotificationsEnabled: true, soundEnabled: true, desktopNotificationsEnabled: false,
};
export const PreferencesPatchSchema = NotificationPreferencesSchema.partial();

/** Which preference switches let an event type through (its own, and its category's). */
export const preferenceGates: Record<NotificationEvent, (keyof NotificationPreferences)[]> = {
  new_lead: ['newLeadEnabled', 'leadNotificationsEnabled'],
  lead_status_changed: ['leadStatusChangedEnabled', 'leadNotificationsEnabled'],
  lead_claimed: ['leadClaimedEnabled', 'leadNotificationsEnabled'],
  new_sale: ['newSaleEnabled', 'saleNotificationsEnabled'],
  team_member_sale: ['teamMemberSaleEnabled', 'saleNotificationsEnabled', 'teamNotificationsEnabled'],
  new_call: ['newCallEnabled', 'callNotificationsEnabled'],
  call_completed: ['callCompletedEnabled', 'callNotificationsEnabled'],
  team_member_call: ['teamMemberCallEnabled', 'callNotificationsEnabled', 'teamNotificationsEnabled'],
  team_member_call_completed: ['teamMemberCallCompletedEnabled', 'callNotificationsEnabled', 'teamNotificationsEnabled'],
  team_mention: ['teamNotificationsEnabled'],
  task_assigned: ['teamNotificationsEnabled'],
  task_overdue: ['teamNotificationsEnabled'],
  lead_auto_release_warning: ['leadNotificationsEnabled'],
  lead_auto_released: ['leadNotificationsEnabled'],
  // An offer is work handed to you with a clock running: no switch silences it.
  lead_offered: [],
  // The spec has no switch for the closers hub: a party to an application always hears of it.
  job_application_received: [],
  application_status_changed: [],
  application_message: [],
};

export const NotificationSchema = z.object({
  id: z.string(),
  /** Per-user sequence: a jump tells a client it missed something and should refetch. */
  seq: z.number().int(),
  eventType: NotificationEventSchema,
  category: z.enum(['lead', 'sale', 'call', 'team', 'closers']),
  title: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListResponseSchema = z.object({
  notifications: z.array(NotificationSchema), unreadCount: z.number().int(), nextBefore: z.number().int().nullable(),
});
export const NotificationListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** A notification's `seq`: the page before it. */
  before: IdQuerySchema.optional(),
  /** /notifications' filters: one category, and read or unread ones only. */
  category: NotificationSchema.shape.category.optional(),
  state: z.enum(['read', 'unread']).optional(),
});
/** POST /api/notifications/read: mark the chosen notifications read, all or nothing. */
export const MarkNotificationsReadBodySchema = z.strictObject({
  ids: z.array(z.string().regex(/^[0-9a-f-]{36}:\d{1,10}$/, 'not a notification id')).min(1, 'Choose at least one notification').max(100, 'At most 100 at a time'),
});
export const MarkNotificationsReadResponseSchema = z.object({ success: z.literal(true), marked: z.number().int() });
