import { describe, expect, it } from 'vitest';
import type { ApplicationStatus, ApplicationSummary } from '@leadfloor/contracts';
import { countsOf, withCard, withoutCard, type ColumnPages } from './kanban-cache';

const card = (id: number, status: ApplicationStatus): ApplicationSummary => ({
  id, jobId: 4, job: { id: 4, title: 'Solar closer', companyName: 'Sunward', status: 'active', ownerId: 2, ownerName: 'Morgan Reyes' },
  closerId: 10 + id, closerName: `Closer ${id}`, closerAvatarUrl: null, availableHoursPerWeek: 30, availableStartDate: '2026-04-01',
  status, statusReason: null, createdAt: '2026-03-01T10:00:00Z', statusChangedAt: '2026-03-01T10:00:00Z', messageCount: 0, lastMessageAt: null, version: 1,
});
const counts = { pending: 2, reviewing: 1, accepted: 0, rejected: 0, withdrawn: 0 };
const column = (...pages: ApplicationSummary[][]): ColumnPages => ({
  pages: pages.map((applications, i) => ({ applications, nextCursor: i < pages.length - 1 ? `c${i}` : null, counts })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});

describe('moving a card between kanban columns in the cache', () => {
  it('takes the card out of the column it leaves and moves the counts on every page', () => {
    const pending = column([card(1, 'pending')], [card(2, 'pending')]);
    const after = withoutCard(pending, card(2, 'pending'), 'reviewing');
    expect(after.pages.flatMap((p) => p.applications.map((a) => a.id))).toEqual([1]);
    expect(after.pages.map((p) => p.counts)).toEqual([{ ...counts, pending: 1, reviewing: 2 }, { ...counts, pending: 1, reviewing: 2 }]);
    expect(after.pageParams).toEqual(pending.pageParams);
  });
  it('puts the card last in the column it enters, in its new status since the move, once', () => {
    const reviewing = column([card(3, 'reviewing')]);
    const after = withCard(reviewing, card(1, 'pending'), 'reviewing', '2026-03-10T12:00:00Z');
    expect(after.pages[0]!.applications.map((a) => [a.id, a.status, a.statusChangedAt])).toEqual([
      [3, 'reviewing', '2026-03-01T10:00:00Z'], [1, 'reviewing', '2026-03-10T12:00:00Z'],
    ]);
    expect(withCard(after, card(1, 'pending'), 'reviewing', '2026-03-10T12:00:00Z').pages[0]!.applications).toHaveLength(2);
  });
  it('reads the counts from any column that has been read', () => {
    expect(countsOf([undefined, column([card(1, 'pending')])])).toEqual(counts);
    expect(countsOf([undefined])).toBeUndefined();
  });
});
