import { describe, expect, it } from 'vitest';
import { daysInStatus, progressSteps } from './application-progress';

describe('an application in three steps', () => {
  it('is at the first step while pending, the second in review', () => {
    expect(progressSteps('pending').map((s) => s.state)).toEqual(['current', 'upcoming', 'upcoming']);
    expect(progressSteps('reviewing').map((s) => s.state)).toEqual(['done', 'current', 'upcoming']);
  });
  it('names the decision, and a withdrawal as Withdrawn, not Rejected', () => {
    expect(progressSteps('accepted')[2]).toEqual({ label: 'Accepted', state: 'done', tone: 'success' });
    expect(progressSteps('rejected')[2]).toMatchObject({ label: 'Rejected', tone: 'destructive' });
    expect(progressSteps('withdrawn')[2]).toMatchObject({ label: 'Withdrawn', tone: 'muted' });
    expect(progressSteps('withdrawn').every((s) => s.state === 'done')).toBe(true);
  });
});

describe('days in status', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('counts whole days since the status was entered', () => {
    expect(daysInStatus('2026-03-10T08:00:00Z', now)).toBe('Today');
    expect(daysInStatus('2026-03-09T11:00:00Z', now)).toBe('1 day');
    expect(daysInStatus('2026-02-28T12:00:00Z', now)).toBe('10 days');
  });
  it('reads a moment a little ahead of this clock as today', () => {
    expect(daysInStatus('2026-03-10T12:00:05Z', now)).toBe('Today');
  });
});
