import { describe, expect, it } from 'vitest';
import { WITHDRAWN_BY_APPLICANT } from '@leadfloor/contracts';
import { applicationStage, formatBytes, formatRate, isWithdrawable } from './closer-labels';

describe('closers hub labels', () => {
  it('shows a rejection the applicant made as withdrawn', () => {
    expect(applicationStage({ status: 'rejected', statusReason: WITHDRAWN_BY_APPLICANT })).toBe('withdrawn');
    expect(applicationStage({ status: 'rejected', statusReason: null })).toBe('rejected');
    expect(applicationStage({ status: 'reviewing', statusReason: null })).toBe('reviewing');
  });
  it('lets the applicant withdraw only while pending or in review', () => {
    expect(['pending', 'reviewing', 'accepted', 'rejected'].map((status) => isWithdrawable({ status: status as never }))).toEqual([true, true, false, false]);
  });
  it('formats rates and file sizes as people read them', () => {
    expect([formatRate(10), formatRate(7.5), formatRate(2.25)]).toEqual(['10%', '7.5%', '2.25%']);
    expect([formatBytes(900), formatBytes(820 * 1024), formatBytes(2.44 * 1024 * 1024)]).toEqual(['900 B', '820 KB', '2.4 MB']);
  });
});
