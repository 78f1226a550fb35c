import { describe, expect, it } from 'vitest';
import { isUpcoming } from './upcoming-routes';

describe('upcoming routes', () => {
  it('knows the pages that are not available yet, with their parameters and query', () => {
    expect(isUpcoming('/closers/my-applications')).toBe(true);
    expect(isUpcoming('/academy/12/progress')).toBe(true);
    expect(isUpcoming('/funnels')).toBe(true);
    expect(isUpcoming('/funnels/3')).toBe(true);
  });

  it('lets links to working pages through', () => {
    for (const to of ['/', '/leads', '/leads/42?from=dashboard', '/calls', '/call-analytics', '/commissions', '/settings', '/notifications', '/profile', '/subscribe', '/checkout?session_id=cs_test_1', '/leaderboard/tv',
      '/team', '/team?tab=rankings', '/team?tab=collaboration', '/team?tab=tasks#top']) {
      expect(isUpcoming(to), to).toBe(false);
    }
  });
});
