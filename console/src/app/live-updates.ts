import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { NotificationEvent, SocketMessage } from '@leadfloor/contracts';
import type { ToastInput } from '../components/ui/toast-store';
import { accountKeys } from '../features/account/api/account-queries';
import { analyticsKeys } from '../features/analytics/api/analytics-keys';
import { twoFactorKeys } from '../features/auth/api/two-factor-queries';
import { billingKeys } from '../features/billing/api/billing-queries';
import { callKeys } from '../features/calls/api/call-queries';
import { dashboardKeys } from '../features/dashboard/api/dashboard-queries';
import { leaderboardKeys } from '../features/leaderboard/api/leaderboard-queries';
import { importKeys } from '../features/import-export/api/import-queries';
import { leadKeys } from '../features/leads/api/lead-queries';
import { poolPolicyKeys } from '../features/leads/api/pool-policy-queries';
import { poolDistributionKeys } from '../features/leads/api/pool-distribution-queries';
import { notificationKeys } from '../features/notifications/api/notification-queries';
import { highestSeq, isGap, withPushed, type NotificationFeed } from '../features/notifications/notification-feed';
import { saleKeys } from '../features/sales/api/sale-queries';
import { createTeamChatSync, type ReadChangesAfter } from '../features/team/api/team-chat-sync';
import { taskKeys } from '../features/team/api/task-queries';
import { teamKeys } from '../features/team/api/team-queries';
import { closerKeys } from '../features/closers/api/closer-keys';
import { pushThreadMessage, resyncThreads } from '../features/closers/api/thread-sync';
import { sessionKeys } from '../lib/current-user';

/** Notifications that move the dashboard's figures: revenue and conversion, calls this week. */
const STATS_EVENTS = new Set<NotificationEvent>(['new_sale', 'team_member_sale', 'new_call', 'call_completed', 'team_member_call', 'team_member_call_completed']);
const CALL_ANALYSIS_EVENTS = new Set<NotificationEvent>(['call_completed', 'team_member_call_completed']);
const CALL_EVENTS = new Set<NotificationEvent>(['new_call', 'call_completed', 'team_member_call', 'team_member_call_completed']);

/**
 * Everything a socket could have told us about before it opened, or while it was down: refetched
 * on every open. The bell's feeds are not here: the connection refreshes them itself, letting a
 * read already under way finish first.
 */
export const RESYNC_KEYS: QueryKey[] = [leadKeys.lists(), leadKeys.details(), dashboardKeys.all, callKeys.all,
  saleKeys.all, leaderboardKeys.all, teamKeys.all, billingKeys.all, closerKeys.all, analyticsKeys.all];

/**
 * The messages that move analytics figures: a lead's status, stage or holder, a sale or its
 * commission, a call or its analysis, someone moving team (team figures count their people).
 */
const ANALYTICS_EVENTS = new Set(['lead_changed', 'sale_changed', 'call_changed', 'team_changed']);
export const changesAnalytics = (message: SocketMessage) => message.type === 'broadcast' && ANALYTICS_EVENTS.has(message.event);

/**
 * Which cached reads a /ws message makes stale. Lead and call details are left to `handle`,
 * which skips a detail that already holds the announced version.
 */
export function keysToRefresh(message: SocketMessage): QueryKey[] {
  // A claim, release or close (an auto-release too) moves the agent's count against the cap and the claim attempts.
  // An offer accepted, passed, expired or moved on (any of the agent's) changes what waits for their answer.
  if (message.type === 'broadcast' && message.event === 'lead_changed') {
    return [leadKeys.lists(), poolPolicyKeys.view(), poolPolicyKeys.allClaimAttempts(), poolDistributionKeys.myOffers()];
  }
  // The pool's rules changed: the policy, and the countdowns on every list.
  if (message.type === 'broadcast' && message.event === 'pool_policy_changed') return [poolPolicyKeys.all, leadKeys.lists()];
  // A call logged, completed or analysed (the analysis lands later, from a background job).
  if (message.type === 'broadcast' && message.event === 'call_changed') {
    return [callKeys.lists(), callKeys.trends(), callKeys.summary(), dashboardKeys.stats()];
  }
  // A sale recorded, or its commission approved, paid, re-rated or rejected: the seller's and the managers' figures.
  if (message.type === 'broadcast' && message.event === 'sale_changed') return [saleKeys.all, dashboardKeys.stats()];
  if (message.type === 'broadcast' && message.event === 'leaderboard_changed') {
    return [dashboardKeys.leaderboard(), dashboardKeys.stats(), dashboardKeys.users(), dashboardKeys.userBadges(), leaderboardKeys.all, teamKeys.all];
  }
  // A task of one of my teams was made, changed, completed, reopened or deleted: that team's lists.
  if (message.type === 'team_task') return [taskKeys.team(message.teamId)];
  // An application of mine (as applicant or job owner) was made or moved: the lists it is on, its job and the employer's
  // figures (the application itself is left to `handle`, which skips a copy that already has the announced version).
  if (message.type === 'application_status') {
    return [closerKeys.mineLists(), closerKeys.jobApplications(message.jobId), closerKeys.job(message.jobId), closerKeys.employer()];
  }
  // A message on one of my applications' threads (the thread takes it itself): the cards that count messages, and the first-response figure.
  if (message.type === 'application_message') return [closerKeys.mineLists(), closerKeys.jobApplications(message.jobId), closerKeys.employer()];
  // Someone joined, moved or left a team, or was appointed: /team and the dashboard's hierarchy.
  if (message.type === 'broadcast' && message.event === 'team_changed') return [teamKeys.all, dashboardKeys.users(), dashboardKeys.teams()];
  // Someone's second factor went on or off (theirs, or the floor's coverage a manager sees).
  if (message.type === 'broadcast' && message.event === 'two_factor_changed') return [twoFactorKeys.all];
  // The floor's rule changed: it may hold this user to the setup, or free them.
  if (message.type === 'broadcast' && message.event === 'two_factor_policy_changed') return [twoFactorKeys.all, sessionKeys.currentUser()];
  // The plan, its seats or a checkout moved: /subscribe, /checkout (waiting for Stripe) and settings.
  if (message.type === 'broadcast' && message.event === 'billing_changed') return [billingKeys.all];
  // A name, photo or bio changed: who is signed in (the top bar), the profile, and every list of people.
  if (message.type === 'broadcast' && message.event === 'profile_changed') {
    return [sessionKeys.currentUser(), accountKeys.profile(), teamKeys.all, dashboardKeys.users(), dashboardKeys.leaderboard(), leaderboardKeys.all];
  }
  // An import of this manager's moved on: its progress bar and the history.
  if (message.type === 'broadcast' && message.event === 'import_changed') return [importKeys.all];
  if (message.type === 'notification') {
    return [
      // Filtered histories refetch; the unfiltered feed takes the push itself.
      notificationKeys.histories(),
      ...(STATS_EVENTS.has(message.event) ? [dashboardKeys.stats()] : []),
      ...(CALL_ANALYSIS_EVENTS.has(message.event) ? [callKeys.summary(), callKeys.trends()] : []),
      ...(CALL_EVENTS.has(message.event) ? [callKeys.lists()] : []),
      ...(message.event === 'lead_offered' ? [poolDistributionKeys.myOffers()] : []),
    ];
  }
  return [];
}

/** Spec 7: a message with a message field raises a toast titled by title, else event, else 'Notification'. */
export function toastFor(message: SocketMessage): ToastInput | null {
  // Of the messages /ws sends, only a notification carries a text message (a chat message is the team's, not a toast).
  if (message.type !== 'notification' || !message.message) return null;
  // An offer opens its own dialog (with Accept and Pass): a toast would only cover it on a phone.
  if (message.event === 'lead_offered') return null;
  return { title: message.title || message.event || 'Notification', description: message.message };
}

type LeadChanges = { leads?: { leadId: number; version: number }[] };
const leadChangesOf = (data: Record<string, unknown>) => (data as LeadChanges).leads ?? [];
type CallChanges = { calls?: { callId: number; version: number }[] };
const callChangesOf = (data: Record<string, unknown>) => (data as CallChanges).calls ?? [];

// A burst of changes (a manager reassigning twenty leads) becomes one refetch per screen.
const COALESCE_MS = 200;
/**
 * And a busy floor (claims every few milliseconds, each announced to every socket) refetches
 * each read at most once a second: a thousand open pools then ask for at most a thousand lists
 * a second, whatever the claim rate. The last change is always fetched, at most a second late.
 */
export const MIN_REFRESH_INTERVAL_MS = 1_000;
/**
 * Analytics aggregate the whole floor, and nobody reads a chart to the second: an open analytics
 * page (its figures, tables and an open explanation) refetches at most every five seconds.
 */
export const ANALYTICS_REFRESH_INTERVAL_MS = 5_000;
const ANALYTICS_ID = JSON.stringify(analyticsKeys.all);
const intervalOf = (id: string) => (id === ANALYTICS_ID ? ANALYTICS_REFRESH_INTERVAL_MS : MIN_REFRESH_INTERVAL_MS);

/**
 * A read a change makes stale. Not the past (a lead as of an instant never changes), and not a
 * read that failed with nothing to show: spec 7 has no retry, so its error panel waits for the
 * user's Retry rather than the read being sent again with every change on the floor.
 */
const refreshable = (query: Query) =>
  !query.queryKey.includes('as-of') && !(query.state.status === 'error' && query.state.data === undefined);

/**
 * Maps /ws messages onto the query cache (STYLE: each message → invalidateQueries(keys)).
 * A pushed notification is written into the notification feed directly (the bell and the
 * history page show it at once), since it carries the whole row; when its position shows one
 * was missed, or a read of the feed is already under way, the feed is refetched instead so
 * nothing is lost.
 */
export function createLiveUpdates(queryClient: QueryClient, readChat?: ReadChangesAfter) {
  // Team chats follow their own sequence: a change in order is applied, a jump or a reopen reads `after`.
  const chats = createTeamChatSync(queryClient, readChat);
  const pending = new Map<string, QueryKey>();
  const lastRefreshed = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPosition = 0;

  let timerDue = Infinity;
  // Reads refresh at different paces (analytics slower): a change to a faster one brings the
  // flush forward rather than waiting behind a slower read's turn.
  const schedule = (delay: number) => {
    if (pending.size === 0) return;
    const due = Date.now() + delay;
    if (timer && timerDue <= due) return;
    clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(flush, delay);
  };
  function flush() {
    timer = undefined;
    timerDue = Infinity;
    const now = Date.now();
    let nextDue = Infinity;
    for (const [id, queryKey] of pending) {
      const due = (lastRefreshed.get(id) ?? -Infinity) + intervalOf(id);
      if (due > now) {
        nextDue = Math.min(nextDue, due);
        continue;
      }
      pending.delete(id);
      lastRefreshed.set(id, now);
      void queryClient.invalidateQueries({ queryKey, predicate: refreshable });
    }
    schedule(nextDue - now);
  }

  const refresh = (keys: QueryKey[]) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    schedule(COALESCE_MS);
  };

  const pushNotification = (message: Extract<SocketMessage, { type: 'notification' }>) => {
    const key = notificationKeys.feed();
    const feed = queryClient.getQueryData<NotificationFeed>(key);
    const known = Math.max(highestSeq(feed) ?? 0, lastPosition) || null;
    lastPosition = Math.max(lastPosition, message.position);
    if (!feed || isGap(known, message.position) || queryClient.isFetching({ queryKey: key }) > 0) {
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    queryClient.setQueryData(key, withPushed(feed, message.notification));
  };

  return {
    handle(message: SocketMessage): void {
      if (message.type === 'notification') pushNotification(message);
      if (message.type === 'team_message') void chats.push(message);
      if (message.type === 'application_message') pushThreadMessage(queryClient, message.message);
      if (message.type === 'application_status') {
        const cached = queryClient.getQueryData<{ version: number }>(closerKeys.application(message.applicationId));
        if (cached && cached.version < message.version) refresh([closerKeys.application(message.applicationId)]);
      }
      if (message.type === 'broadcast' && message.event === 'lead_changed') {
        for (const { leadId, version } of leadChangesOf(message.data)) {
          const cached = queryClient.getQueryData<{ version: number }>(leadKeys.detail(leadId));
          if (!cached || cached.version < version) refresh([leadKeys.detail(leadId)]);
        }
      }
      if (message.type === 'broadcast' && message.event === 'call_changed') {
        for (const { callId, version } of callChangesOf(message.data)) {
          const cached = queryClient.getQueryData<{ version: number }>(callKeys.detail(callId));
          if (cached && cached.version < version) refresh([callKeys.detail(callId)]);
        }
      }
      refresh(keysToRefresh(message));
      if (changesAnalytics(message)) refresh([analyticsKeys.all]);
    },
    /** After an open: whatever happened before it, or while we were away. */
    resync(): void {
      refresh(RESYNC_KEYS);
      void chats.resync();
      void resyncThreads(queryClient);
    },
    dispose(): void {
      clearTimeout(timer);
    },
  };
}
