import { describe, expect, it } from 'vitest';
import { isUpcoming } from './upcoming-routes';

describe('upcoming routes', () => {
  it('knows the pages that are not available yet, with their parameters and query', () => {
    expect(isUpcoming('/templates')).toBe(true);
    expect(isUpcoming('/funnel-templates')).toBe(true);
  });

  it('lets links to working pages through', () => {
    for (const to of ['/', '/leads', '/leads/42?from=dashboard', '/calls', '/call-analytics', '/commissions', '/settings', '/notifications', '/profile', '/subscribe', '/checkout?session_id=cs_test_1', '/leaderboard/tv',
      '/team', '/team?tab=rankings', '/team?tab=collaboration', '/team?tab=tasks#top', '/academy', '/academy/12/progress',
      '/closers', '/closers/my-applications', '/applications/7', '/closers/manage-applications', '/closers/manage-applications/3', '/employer-dashboard', '/funnels', '/funnels/3?step=4']) {
      expect(isUpcoming(to), to).toBe(false);
    }
  });
});
