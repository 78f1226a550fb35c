import { describe, expect, it } from 'vitest';
import { historyMoments, momentIndexAt, type HistoryEntry } from './history-moments';

const entry = (version: number, at: string, summary = `v${version}`): HistoryEntry =>
  ({ version, at, summary, type: 'X', actorId: null, actorName: null, changes: {} });

describe('history moments (the time slider stops)', () => {
  const history = [
    entry(1, '2026-03-01T10:00:00.000Z'),
    entry(2, '2026-03-02T10:00:00.000Z'),
    entry(3, '2026-03-03T10:00:00.000Z', 'sold'),
    entry(4, '2026-03-03T10:00:00.000Z', 'closed'),
  ];

  it('groups events recorded at one instant into one stop, oldest first', () => {
    const moments = historyMoments([...history].reverse());
    expect(moments.map((m) => [m.at, m.version, m.entries.length])).toEqual([
      ['2026-03-01T10:00:00.000Z', 1, 1], ['2026-03-02T10:00:00.000Z', 2, 1], ['2026-03-03T10:00:00.000Z', 4, 2],
    ]);
  });

  it('finds the stop an instant falls on, or the newest without one', () => {
    const moments = historyMoments(history);
    expect(momentIndexAt(moments, null)).toBe(2);
    expect(momentIndexAt(moments, '2026-03-02T10:00:00.000Z')).toBe(1);
    expect(momentIndexAt(moments, '2026-03-02T23:00:00.000Z')).toBe(1);
    expect(momentIndexAt(moments, '2020-01-01T00:00:00.000Z')).toBe(0);
    expect(momentIndexAt([], null)).toBe(-1);
  });
});
