import { describe, expect, it } from 'vitest';
import type { EmployerDashboard } from '@leadfloor/contracts';
import { applicationRows, decisionRows, formatWait, jobRows, weekRows } from './employer-figures';

const dashboard: EmployerDashboard = {
  isEmployer: true, openJobs: 2, jobsByStatus: { draft: 1, active: 2, closed: 0, filled: 1 },
  applicationsByStatus: { pending: 3, reviewing: 2, accepted: 1, rejected: 4, withdrawn: 1 }, totalApplications: 10,
  medianFirstResponseSeconds: 7_200, respondedCount: 6, acceptanceRate: 25, decidedCount: 4,
  applicationsPerWeek: [{ weekStart: '2026-03-02', count: 4 }, { weekStart: '2026-03-09T00:00:00.000Z', count: 6 }],
  busiestJobs: [],
};

describe('the employer dashboard figures', () => {
  it('says a median wait in the largest two units', () => {
    expect([30, 720, 7_200, 12_000, 86_400, 187_200].map(formatWait)).toEqual(['< 1m', '12m', '2h', '3h 20m', '1d', '2d 4h']);
  });
  it('lists jobs in the order of their life, and withdrawn applications apart from rejected ones', () => {
    expect(jobRows(dashboard).map((r) => [r.label, r.value])).toEqual([['Draft', 1], ['Open', 2], ['Closed', 0], ['Filled', 1]]);
    expect(applicationRows(dashboard).map((r) => r.value)).toEqual([3, 2, 1, 3, 1]);
    expect(applicationRows(dashboard).at(-1)!.label).toBe('Withdrawn');
  });
  it('counts only the employer decisions behind the acceptance rate', () => {
    expect(decisionRows(dashboard)).toEqual([{ label: 'Accepted', value: 1 }, { label: 'Rejected', value: 3 }]);
  });
  it('names each week by its first day, whichever way the day is written', () => {
    expect(weekRows(dashboard).map((r) => r.label)).toEqual(['Mar 2', 'Mar 9']);
  });
});
