import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Notification, SocketMessage } from '@leadfloor/contracts';
import { callKeys } from '../features/calls/api/call-queries';
import { dashboardKeys } from '../features/dashboard/api/dashboard-queries';
import { leaderboardKeys } from '../features/leaderboard/api/leaderboard-queries';
import { leadKeys } from '../features/leads/api/lead-queries';
import { saleKeys } from '../features/sales/api/sale-queries';
import { teamKeys } from '../features/team/api/team-queries';
import { createLiveUpdates, keysToRefresh, MIN_REFRESH_INTERVAL_MS, toastFor } from './live-updates';

const notification = (event: Notification['eventType'], title = 'New Sale'): SocketMessage => ({
  type: 'notification', event, title, message: 'Sam closed Olivia Smith', data: {}, position: 4,
  notification: { id: 'e:1', seq: 4, eventType: event, category: 'sale', title, message: 'Sam closed Olivia Smith', data: {}, read: false, createdAt: '2026-03-10T12:00:00Z' },
});

describe('keysToRefresh', () => {
  it('refreshes every lead list when a lead changed', () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'lead_changed', data: { leads: [{ leadId: 3, version: 5 }] } })).toEqual([leadKeys.lists()]);
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
  it('refreshes the dashboard stats on sale and call notifications only', () => {
    expect(keysToRefresh(notification('new_sale'))).toEqual([dashboardKeys.stats()]);
    expect(keysToRefresh(notification('call_completed'))).toEqual([dashboardKeys.stats(), callKeys.summary(), callKeys.trends(), callKeys.lists()]);
    expect(keysToRefresh(notification('lead_claimed'))).toEqual([]);
  });
  it('refreshes the call log, the call analytics and the dashboard figures when a call changed (its analysis landed)', () => {
    expect(keysToRefresh({ type: 'broadcast', event: 'call_changed', data: { calls: [{ callId: 7, version: 3 }] } }))
      .toEqual([callKeys.lists(), callKeys.trends(), callKeys.summary(), dashboardKeys.stats()]);
  });
  it('refreshes the call log when a call starts or ends on the team', () => {
    expect(keysToRefresh(notification('team_member_call'))).toEqual([dashboardKeys.stats(), callKeys.lists()]);
  });
  it('refreshes nothing on a pong', () => {
    expect(keysToRefresh({ type: 'pong', timestamp: 1 })).toEqual([]);
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
