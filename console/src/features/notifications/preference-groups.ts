import { defaultTitles, preferenceGates, type NotificationEvent, type NotificationPreferences } from '@leadfloor/contracts';

export type PreferenceKey = keyof NotificationPreferences;
export type PreferenceSwitch = { key: PreferenceKey; label: string; description: string };
export type PreferenceGroup = { title: string; description: string; switches: PreferenceSwitch[] };

/** The event whose own switch this is (its first gate), if it is an event's switch. */
const eventOf = (key: PreferenceKey): NotificationEvent | undefined =>
  (Object.keys(preferenceGates) as NotificationEvent[]).find((e) => preferenceGates[e][0] === key);

const forEvent = (key: PreferenceKey, description: string): PreferenceSwitch => {
  const event = eventOf(key);
  return { key, label: event ? defaultTitles[event] : key, description };
};

/**
 * Spec 3's 15 switches as the settings page groups them: each category's master switch
 * first, then its events; team activity (which also gates teammates' sales and calls); and
 * how a notification reaches you.
 */
export const PREFERENCE_GROUPS: PreferenceGroup[] = [
  {
    title: 'Leads',
    description: 'New leads for your team, claims and status changes.',
    switches: [
      { key: 'leadNotificationsEnabled', label: 'All lead notifications', description: 'Turns every lead notification on or off.' },
      forEvent('newLeadEnabled', 'A lead of your team’s type is added to the pool.'),
      forEvent('leadClaimedEnabled', 'Someone claims a lead you added, or one your agents claim.'),
      forEvent('leadStatusChangedEnabled', 'Someone else changes the status of a lead you hold or oversee.'),
    ],
  },
  {
    title: 'Sales',
    description: 'Closed deals, yours and your team’s.',
    switches: [
      { key: 'saleNotificationsEnabled', label: 'All sale notifications', description: 'Turns every sale notification on or off.' },
      forEvent('newSaleEnabled', 'A new sale is recorded.'),
      forEvent('teamMemberSaleEnabled', 'A teammate closes a sale.'),
    ],
  },
  {
    title: 'Calls',
    description: 'Calls starting and finishing.',
    switches: [
      { key: 'callNotificationsEnabled', label: 'All call notifications', description: 'Turns every call notification on or off.' },
      forEvent('newCallEnabled', 'A new call starts.'),
      forEvent('callCompletedEnabled', 'A call is completed.'),
      forEvent('teamMemberCallEnabled', 'A teammate starts a call.'),
      forEvent('teamMemberCallCompletedEnabled', 'A teammate finishes a call.'),
    ],
  },
  {
    title: 'Team',
    description: 'What your teammates do, and what they ask of you.',
    switches: [
      {
        key: 'teamNotificationsEnabled', label: 'Team activity',
        description: 'Mentions in the team chat, tasks given to you or overdue, and teammates’ sales and calls (those need the sale or call switches too).',
      },
    ],
  },
  {
    title: 'Delivery',
    description: 'How a new notification gets your attention.',
    switches: [
      { key: 'soundEnabled', label: 'Sound', description: 'Play a short chime when a notification arrives.' },
      { key: 'desktopNotificationsEnabled', label: 'Desktop notifications', description: 'Show a system notification while LeadFloor is in the background.' },
    ],
  },
];

/** The other switches an event's switch depends on (spec: a category switch gates its events). */
export function gatesOf(key: PreferenceKey): PreferenceKey[] {
  const event = eventOf(key);
  return event ? preferenceGates[event].filter((g) => g !== key) : [];
}

export const labelOf = (key: PreferenceKey): string =>
  PREFERENCE_GROUPS.flatMap((g) => g.switches).find((s) => s.key === key)?.label ?? key;
