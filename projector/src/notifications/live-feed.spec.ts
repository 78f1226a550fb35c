import type { SocketMessage } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveFeed } from './live-feed';

// The standings models' batches need no database read: the feed only announces them.
const noDatabase = {} as Pool;

describe('the live feed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces a standings change at once when quiet, then at most once a second, the last change included', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const sent: number[] = [];
    const publish = (_user: number | null, m: SocketMessage) => {
      if (m.type === 'broadcast' && m.event === 'leaderboard_changed') sent.push(Date.now() - start);
    };
    const onApplied = createLiveFeed({ pool: noDatabase, publish, leaderboardEveryMs: 1_000 });

    // both standings models commit a batch every 100 ms for 2.5 s
    for (let i = 0; i < 25; i++) {
      await onApplied(i % 2 === 0 ? 'users_v1' : 'leaderboard_v1', []);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.runAllTimersAsync();
    expect(sent).toEqual([0, 1_000, 2_000, 3_000]);

    // quiet for a while: the next change goes out at once
    await vi.advanceTimersByTimeAsync(5_000);
    await onApplied('users_v1', []);
    expect(sent).toEqual([0, 1_000, 2_000, 3_000, 8_000]);
  });

  it('announces a staffing change once the users or teams model has it, and nothing for a points batch', async () => {
    const sent: string[] = [];
    const onApplied = createLiveFeed({ pool: noDatabase, publish: (_u, m) => { if (m.type === 'broadcast') sent.push(m.event); } });
    const event = (type: string) => ({ type }) as Parameters<typeof onApplied>[1][number];
    await onApplied('users_v1', [event('PointsAwarded')]);
    expect(sent.filter((e) => e === 'team_changed')).toEqual([]);
    await onApplied('users_v1', [event('UserJoinedTeam')]);
    await onApplied('teams_v1', [event('TeamLeadAppointed')]);
    expect(sent.filter((e) => e === 'team_changed')).toEqual(['team_changed', 'team_changed']);
  });

  it('says whose profile changed once the users model has it, and only then', async () => {
    const sent: { event: string; data: Record<string, unknown> }[] = [];
    const onApplied = createLiveFeed({ pool: noDatabase, publish: (_u, m) => { if (m.type === 'broadcast') sent.push({ event: m.event, data: m.data }); } });
    const event = (type: string, streamId: string) => ({ type, streamId }) as Parameters<typeof onApplied>[1][number];
    await onApplied('users_v1', [event('PointsAwarded', 'user-3')]);
    expect(sent.filter((m) => m.event === 'profile_changed')).toEqual([]);
    await onApplied('users_v1', [event('ProfileUpdated', 'user-3'), event('ProfileUpdated', 'user-9'), event('ProfileUpdated', 'user-3')]);
    expect(sent.filter((m) => m.event === 'profile_changed')).toEqual([{ event: 'profile_changed', data: { userIds: [3, 9] } }]);
  });

  it("announces the pool's rules changed once their model has them, and a lead's exemption as a lead change", async () => {
    const sent: { event: string; data: Record<string, unknown> }[] = [];
    const onApplied = createLiveFeed({ pool: noDatabase, publish: (_u, m) => { if (m.type === 'broadcast') sent.push({ event: m.event, data: m.data }); } });
    const event = (type: string, streamId: string, streamVersion: number) => ({ type, streamId, streamVersion }) as Parameters<typeof onApplied>[1][number];
    await onApplied('pool_policies_v1', [event('PoolPolicySet', 'pool-policy', 3), event('PoolPolicyOverrideRemoved', 'pool-policy', 4)]);
    await onApplied('lead_auto_release_v1', [event('LeadAutoReleaseExempted', 'lead-12', 5)]);
    expect(sent).toEqual([
      { event: 'pool_policy_changed', data: { version: 4 } },
      { event: 'lead_changed', data: { leads: [{ leadId: 12, version: 5 }] } },
    ]);
  });
});
