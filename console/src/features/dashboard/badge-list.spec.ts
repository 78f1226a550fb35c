import { describe, expect, it } from 'vitest';
import { badgeList } from './badge-list';

const badge = (id: number, name: string, icon = 'star') => ({ id, name, description: '', icon, pointsRequired: null });
const owned = (id: number, badgeId: number, name: string, icon = 'star') => ({ id, badgeId, awardedAt: '2026-01-01T00:00:00Z', badge: { name, icon } });

describe('badgeList (spec 2.5)', () => {
  it("lists unlocked badges first, then locked ones marked '(Locked)'", () => {
    const shown = badgeList([badge(1, 'First Claim'), badge(2, 'Closer'), badge(3, 'Team Player')], [owned(10, 2, 'Closer')]);
    expect(shown.map((b) => [b.name, b.locked])).toEqual([
      ['Closer', false],
      ['First Claim (Locked)', true],
      ['Team Player (Locked)', true],
    ]);
  });
  it('shows at most six', () => {
    const all = Array.from({ length: 9 }, (_, i) => badge(i + 1, `B${i + 1}`));
    expect(badgeList(all, [owned(1, 9, 'B9')])).toHaveLength(6);
    expect(badgeList(all, [owned(1, 9, 'B9')])[0]?.name).toBe('B9');
  });
  it('is empty when there are no badges at all', () => {
    expect(badgeList([], [])).toEqual([]);
  });
});
