import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ApplicationMessage, Notification, SocketMessage, TeamMessage, TeamMessagesResponse } from '@leadfloor/contracts';
import { accountKeys } from '../features/account/api/account-queries';
import { twoFactorKeys } from '../features/auth/api/two-factor-queries';
import { billingKeys } from '../features/billing/api/billing-queries';
import { callKeys } from '../features/calls/api/call-queries';
import { dashboardKeys } from '../features/dashboard/api/dashboard-queries';
import { leaderboardKeys } from '../features/leaderboard/api/leaderboard-queries';
import { leadKeys } from '../features/leads/api/lead-queries';
import { poolPolicyKeys } from '../features/leads/api/pool-policy-queries';
import { poolDistributionKeys } from '../features/leads/api/pool-distribution-queries';
import { notificationKeys } from '../features/notifications/api/notification-queries';
import { saleKeys } from '../features/sales/api/sale-queries';
import { taskKeys } from '../features/team/api/task-queries';
import { teamChatKeys } from '../features/team/api/team-chat-queries';
import { teamKeys } from '../features/team/api/team-queries';
import { feedFromPage, type ChatFeed } from '../features/team/chat-feed';
import { closerKeys, threadKeys } from '../features/closers/api/closer-keys';
import { threadFromPage, type ThreadFeed } from '../features/closers/application-thread';
import { sessionKeys } from '../lib/current-user';
import { analyticsKeys } from '../features/analytics/api/analytics-keys';
import { ANALYTICS_REFRESH_INTERVAL_MS, changesAnalytics, createLiveUpdates, keysToRefresh, MIN_REFRESH_INTERVAL_MS, RESYNC_KEYS, toastFor } from './live-updates';

const notification = (event: Notification['eventType'], title = 'New Sale'): SocketMessage => ({
  type: 'notification', event, title, message: 'Sam closed Olivia Smith', data: {}, position: 4,
  notification: { id: 'e:1', seq: 4, eventType: event, category: 'sale', title, message: 'Sam closed Olivia Smith', data: {}, read: false, createdAt: '2026-03-10T12:00:00Z' },
});

describe('keysToRefresh', () => {
  it('refreshes every lead list, the count against the cap, the claim attempts and the offers waiting when a lead changed', () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'lead_changed', data: { leads: [{ leadId: 3, version: 5 }] } }))
      .toEqual([leadKeys.lists(), poolPolicyKeys.view(), poolPolicyKeys.allClaimAttempts(), poolDistributionKeys.myOffers()]);
  });
  it('refreshes the offers waiting when a lead is offered to me', () => {
    expect(keysToRefresh(notification('lead_offered', 'New Lead Offered'))).toContainEqual(poolDistributionKeys.myOffers());
  });
  it('raises no toast for an offer: its dialog is the notice', () => {
    expect(toastFor(notification('lead_offered', 'New Lead Offered'))).toBeNull();
  });
  it('refreshes the pool rules and the countdowns of every list when the rules changed', () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'pool_policy_changed', data: { version: 4 } })).toEqual([poolPolicyKeys.all, leadKeys.lists()]);
  });
  it('refreshes the standings and the figures that follow them when the leaderboard changed', () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'leaderboard_changed', data: {} })).toEqual(
      expect.arrayContaining([dashboardKeys.leaderboard(), dashboardKeys.stats()]));
  });
  it('refreshes the TV standings with the leaderboard, and sales, totals and stats when a sale changed', () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'leaderboard_changed', data: {} })).toContainEqual(leaderboardKeys.all);
    expect(keysToRefresh({ type: 'broadcast', event: 'sale_changed', data: { sales: [{ saleId: 3, version: 2 }] } }))
      .toEqual([saleKeys.all, dashboardKeys.stats()]);
  });
  it("refreshes /team and the dashboard's hierarchy when the staffing changed, and /team's figures with the standings", () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'team_changed', data: {} })).toEqual([teamKeys.all, dashboardKeys.users(), dashboardKeys.teams()]);
    expect(keysToRefresh({ type: 'broadcast', event: 'leaderboard_changed', data: {} })).toContainEqual(teamKeys.all);
  });
  it("refreshes two-factor reads when someone's second factor changes, and who-am-I when the floor's rule does", () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'two_factor_changed', data: {} })).toEqual([twoFactorKeys.all]);
    expect(keysToRefresh({ type: 'broadcast', event: 'two_factor_policy_changed', data: {} })).toEqual([twoFactorKeys.all, sessionKeys.currentUser()]);
  });
  it('refreshes the dashboard stats on sale and call notifications only', () => {
    expect(keysToRefresh(notification('new_sale'))).toEqual([notificationKeys.histories(), dashboardKeys.stats()]);
    expect(keysToRefresh(notification('call_completed'))).toEqual([notificationKeys.histories(), dashboardKeys.stats(), callKeys.summary(), callKeys.trends(), callKeys.lists()]);
    expect(keysToRefresh(notification('lead_claimed'))).toEqual([notificationKeys.histories()]);
  });
  it('refreshes the call log, the call analytics and the dashboard figures when a call changed (its analysis landed)', () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'call_changed', data: { calls: [{ callId: 7, version: 3 }] } }))
      .toEqual([callKeys.lists(), callKeys.trends(), callKeys.summary(), dashboardKeys.stats()]);
  });
  it('refreshes the call log when a call starts or ends on the team', () => {
    expect(keysToRefresh(notification('team_member_call'))).toEqual([notificationKeys.histories(), dashboardKeys.stats(), callKeys.lists()]);
  });
  it("refreshes the floor's plan and seats when its billing changed", () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'billing_changed', data: { version: 4 } })).toEqual([billingKeys.all]);
  });
  it('refreshes who is signed in, the profile and the lists of people when a profile changed', () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'profile_changed', data: { userIds: [7] } }))
      .toEqual(expect.arrayContaining([sessionKeys.currentUser(), accountKeys.profile(), teamKeys.all, dashboardKeys.users()]));
  });
  it('refreshes filtered notification histories on any notification (the feed takes the push itself)', () => {
    expect(keysToRefresh(notification('lead_claimed'))).not.toContainEqual(notificationKeys.feed());
  });
  it('refreshes nothing on a pong', () => {
    expect(keysToRefresh({ type: 'pong', timestamp: 1 })).toEqual([]);
  });
  it("refreshes that team's task lists when one of its tasks changed, and a reopen's resync covers every team's", () => {
    expect(keysToRefresh({ type: 'team_task', teamId: 3, taskId: 40, version: 2 })).toEqual([taskKeys.team(3)]);
    expect(taskKeys.list(3, 'mine').slice(0, taskKeys.team(3).length)).toEqual(taskKeys.team(3));
    expect(taskKeys.team(3).slice(0, teamKeys.all.length)).toEqual(teamKeys.all);
    expect(RESYNC_KEYS).toContainEqual(teamKeys.all);
  });
});

describe('toastFor (spec 7)', () => {
  it('titles the toast by the message title', () => {
    expect(toastFor(notification('new_sale'))).toEqual({ title: 'New Sale', description: 'Sam closed Olivia Smith' });
  });
  it('falls back to the event name when there is no title', () => {
    expect(toastFor(notification('new_sale', ''))).toEqual({ title: 'new_sale', description: 'Sam closed Olivia Smith' });
  });
  it('raises no toast for messages without a message', () => {
    expect(toastFor({ type: 'broadcast', event: 'leaderboard_changed', data: {} })).toBeNull();
  });
});

describe('createLiveUpdates', () => {
  it('refetches a lead list once for a burst, then at most once a second however often leads change, and always after the last change', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const list = leadKeys.list({ search: 'x' });
      const refetches: number[] = [];
      client.getQueryCache().subscribe((e) => {
        if (e.type !== 'updated' || e.action.type !== 'invalidate') return;
        refetches.push(Date.now());
        // as an open screen would: refetched at once, so the next change can invalidate it again
        queueMicrotask(() => client.setQueryData(list, { leads: [] }));
      });
      client.setQueryData(list, { leads: [] });
      const start = Date.now();
      const live = createLiveUpdates(client);
      const changed = (version: number) =>
        live.handle({ type: 'broadcast', event: 'lead_changed', data: { leads: [{ leadId: 1, version }] } });

      // a claim every 50 ms for 2.5 s
      for (let i = 0; i < 50; i++) {
        changed(i + 2);
        await vi.advanceTimersByTimeAsync(50);
      }
      await vi.runAllTimersAsync();
      const at = refetches.map((t) => t - start);
      expect(at[0]).toBe(200);
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(MIN_REFRESH_INTERVAL_MS);
      // the last change (at 2450 ms) is fetched after it happened
      expect(at[at.length - 1]).toBeGreaterThan(2_450);
      expect(at).toHaveLength(4);
      live.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refetches open analytics once for a burst of lead, sale, call or staffing changes, then at most every five seconds, and after the last', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const figures = analyticsKeys.leads({ leadType: 'finance' });
      const refetches: number[] = [];
      client.getQueryCache().subscribe((e) => {
        if (e.type !== 'updated' || e.action.type !== 'invalidate' || e.query.queryKey[0] !== 'analytics') return;
        refetches.push(Date.now());
        queueMicrotask(() => client.setQueryData(figures, {}));
      });
      client.setQueryData(figures, {});
      const start = Date.now();
      const live = createLiveUpdates(client);
      const kinds = [
        { type: 'broadcast', event: 'lead_changed', data: { leads: [{ leadId: 1, version: 2 }] } },
        { type: 'broadcast', event: 'sale_changed', data: { sales: [{ saleId: 1, version: 1 }] } },
        { type: 'broadcast', event: 'call_changed', data: {} },
        { type: 'broadcast', event: 'team_changed', data: {} },
      ] as const satisfies SocketMessage[];
      // a change every 100 ms for 12 s
      for (let i = 0; i < 120; i++) {
        live.handle(kinds[i % kinds.length]!);
        await vi.advanceTimersByTimeAsync(100);
      }
      await vi.runAllTimersAsync();
      const at = refetches.map((t) => t - start);
      expect(at[0]).toBe(200);
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(ANALYTICS_REFRESH_INTERVAL_MS);
      expect(at[at.length - 1]).toBeGreaterThan(11_900);
      expect(at).toHaveLength(4);
      live.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves analytics alone on changes that move none of their figures, and rereads them after a reconnect', () => {
    expect(changesAnalytics({ type: 'broadcast', event: 'billing_changed', data: {} })).toBe(false);
    expect(changesAnalytics({ type: 'broadcast', event: 'leaderboard_changed', data: {} })).toBe(false);
    expect(changesAnalytics({ type: 'broadcast', event: 'lead_changed', data: {} })).toBe(true);
    expect(RESYNC_KEYS).toContainEqual(analyticsKeys.all);
  });

  it("refetches an open call whose analysis landed, and leaves one that already has that version", async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      client.setQueryData(callKeys.detail(7), { version: 2 });
      client.setQueryData(callKeys.detail(8), { version: 3 });
      const live = createLiveUpdates(client);
      live.handle({ type: 'broadcast', event: 'call_changed', data: { calls: [{ callId: 7, version: 3 }, { callId: 8, version: 3 }] } });
      await vi.runAllTimersAsync();
      expect(client.getQueryState(callKeys.detail(7))?.isInvalidated).toBe(true);
      expect(client.getQueryState(callKeys.detail(8))?.isInvalidated).toBe(false);
      live.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createLiveUpdates: team chat', () => {
  const TEAM = 7;
  const message = (id: number, seq = id, content = `message ${id}`): TeamMessage => ({
    id, teamId: TEAM, postedSeq: id, seq, authorId: 3, authorName: 'Alex Carter', authorAvatarUrl: null, content, mentions: [],
    createdAt: '2026-03-10T12:00:00.000Z', editedAt: seq === id ? null : '2026-03-10T12:05:00.000Z', deletedAt: null,
  });
  const socket = (seq: number, m: TeamMessage, teamId = TEAM): SocketMessage => ({ type: 'team_message', teamId, seq, message: m });
  /** The team's chat as the server answers `after`: every message changed since, as it stands. */
  const server = (messages: TeamMessage[], headSeq: number) => {
    const reads: number[] = [];
    const read = async (teamId: number, after: number): Promise<TeamMessagesResponse> => {
      reads.push(after);
      return { messages: messages.filter((m) => m.teamId === teamId && m.seq > after), headSeq, hasMore: false };
    };
    return { reads, read };
  };
  const cached = (client: QueryClient, messages: TeamMessage[], headSeq: number) =>
    client.setQueryData(teamChatKeys.feed(TEAM), feedFromPage(TEAM, { messages, headSeq, hasMore: false }));
  const feedIn = (client: QueryClient) => client.getQueryData<ChatFeed>(teamChatKeys.feed(TEAM))!;

  it('applies the next change to the open conversation at once, and drops one it already has, without a read', () => {
    const client = new QueryClient();
    cached(client, [message(1)], 1);
    const { reads, read } = server([], 2);
    const live = createLiveUpdates(client, read);
    live.handle(socket(2, message(2)));
    live.handle(socket(2, message(2)));
    live.handle(socket(3, message(1, 3, 'edited')));
    expect(feedIn(client).messages.map((m) => [m.id, m.content])).toEqual([[1, 'edited'], [2, 'message 2']]);
    expect(feedIn(client).lastSeq).toBe(3);
    expect(reads).toEqual([]);
    expect(toastFor(socket(4, message(4)))).toBeNull();
    live.dispose();
  });

  it('reads after its last number when a change skips one, and shows what was missed once', async () => {
    const client = new QueryClient();
    cached(client, [message(1)], 1);
    const { reads, read } = server([message(1), message(2), message(3)], 3);
    const live = createLiveUpdates(client, read);
    live.handle(socket(3, message(3)));
    await vi.waitFor(() => expect(feedIn(client).lastSeq).toBe(3));
    expect(reads).toEqual([1]);
    expect(feedIn(client).messages.map((m) => m.id)).toEqual([1, 2, 3]);
    live.dispose();
  });

  it('catches each open conversation up from its last number on a reopen, instead of rereading it whole', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      cached(client, [message(1)], 1);
      const { reads, read } = server([message(1, 3, 'edited'), message(2)], 3);
      const live = createLiveUpdates(client, read);
      live.resync();
      await vi.runAllTimersAsync();
      expect(reads).toEqual([1]);
      expect(feedIn(client).lastSeq).toBe(3);
      expect(feedIn(client).messages.map((m) => [m.id, m.content])).toEqual([[1, 'edited'], [2, 'message 2']]);
      expect(client.getQueryState(teamChatKeys.feed(TEAM))?.isInvalidated).toBe(false);
      live.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('catches up once the first read lands when a change arrives while it is under way', async () => {
    const client = new QueryClient();
    const { reads, read } = server([message(1), message(2)], 2);
    const live = createLiveUpdates(client, read);
    let answer: (feed: ChatFeed) => void = () => {};
    void client.fetchQuery({ queryKey: teamChatKeys.feed(TEAM), queryFn: () => new Promise<ChatFeed>((r) => { answer = r; }), staleTime: Infinity });
    live.handle(socket(2, message(2)));
    expect(reads).toEqual([]);
    // The first read was answered before change 2 was made: it ends at 1.
    answer(feedFromPage(TEAM, { messages: [message(1)], headSeq: 1, hasMore: false }));
    await vi.waitFor(() => expect(feedIn(client).lastSeq).toBe(2));
    expect(reads).toEqual([1]);
    expect(feedIn(client).messages.map((m) => m.id)).toEqual([1, 2]);
    live.dispose();
  });

  it("leaves a team's changes alone when nobody here opened its conversation", () => {
    const client = new QueryClient();
    const { reads, read } = server([], 5);
    const live = createLiveUpdates(client, read);
    live.handle(socket(5, message(5), 8));
    live.resync();
    expect(client.getQueryData(teamChatKeys.feed(8))).toBeUndefined();
    expect(reads).toEqual([]);
    live.dispose();
  });

  it('keeps a conversation out of the refetches that staffing and standings changes cause', () => {
    for (const event of ['team_changed', 'leaderboard_changed', 'profile_changed'] as const) {
      for (const key of keysToRefresh({ type: 'broadcast', event, data: {} })) expect(teamChatKeys.feed(TEAM).slice(0, key.length)).not.toEqual(key);
    }
  });
});

describe('createLiveUpdates: the closers hub', () => {
  const posted = (id: number, applicationId = 21): ApplicationMessage => ({
    id, applicationId, senderId: 3, senderName: 'Alex Carter', senderAvatarUrl: null, content: `message ${id}`, createdAt: '2026-03-10T12:00:00.000Z',
  });

  it("refreshes my applications, the job's board, the job and the employer's figures when an application was made or moved", () => {
    expect(keysToRefresh({ type: 'application_status', applicationId: 21, jobId: 4, status: 'accepted', statusReason: null, version: 3 }))
      .toEqual([closerKeys.mineLists(), closerKeys.jobApplications(4), closerKeys.job(4), closerKeys.employer()]);
    expect(keysToRefresh({ type: 'application_message', applicationId: 21, jobId: 4, message: posted(70) }))
      .toEqual([closerKeys.mineLists(), closerKeys.jobApplications(4), closerKeys.employer()]);
    expect(RESYNC_KEYS).toContainEqual(closerKeys.all);
  });

  it('puts a pushed message into its open thread once, and leaves threads nobody here opened alone', () => {
    const client = new QueryClient();
    client.setQueryData(threadKeys.thread(21), threadFromPage({ messages: [posted(60)], hasMore: false }));
    const live = createLiveUpdates(client);
    live.handle({ type: 'application_message', applicationId: 21, jobId: 4, message: posted(70) });
    live.handle({ type: 'application_message', applicationId: 21, jobId: 4, message: posted(70) });
    live.handle({ type: 'application_message', applicationId: 22, jobId: 4, message: posted(71, 22) });
    expect(client.getQueryData<ThreadFeed>(threadKeys.thread(21))!.messages.map((m) => m.id)).toEqual([60, 70]);
    expect(client.getQueryData(threadKeys.thread(22))).toBeUndefined();
    live.dispose();
  });

  it('rereads an open application only when the announced version is newer than the one shown, and never a thread', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      client.setQueryData(closerKeys.application(21), { version: 2 });
      client.setQueryData(closerKeys.application(22), { version: 3 });
      client.setQueryData(threadKeys.thread(21), threadFromPage({ messages: [], hasMore: false }));
      const live = createLiveUpdates(client);
      live.handle({ type: 'application_status', applicationId: 21, jobId: 4, status: 'reviewing', statusReason: null, version: 3 });
      live.handle({ type: 'application_status', applicationId: 22, jobId: 4, status: 'reviewing', statusReason: null, version: 3 });
      await vi.runAllTimersAsync();
      expect(client.getQueryState(closerKeys.application(21))?.isInvalidated).toBe(true);
      expect(client.getQueryState(closerKeys.application(22))?.isInvalidated).toBe(false);
      expect(client.getQueryState(threadKeys.thread(21))?.isInvalidated).toBe(false);
      live.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
