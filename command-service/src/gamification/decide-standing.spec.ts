import type { GamificationEvent, PointsRule } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { UserStreamEvent } from '../users/user';
import { pointsTable } from './points-table';
import { decideStanding, evolveStanding, initialStanding, type AwardPoints } from './standing';

const AT = '2026-03-02T10:00:00.000Z';
const registered: UserStreamEvent = {
  type: 'UserRegistered',
  data: { userId: 7, username: 'ann', email: 'a@example.com', fullName: 'Ann Lee', passwordHash: 'h', role: 'agent', level: 'rookie', points: 0, at: AT },
};
const award = (rule: PointsRule, key: string, points: number, active = true, tableVersion = 1): AwardPoints => ({
  type: 'AwardPoints', data: { userId: 7, rule, awardKey: key, points, active, sourceEventId: `src-${key}`, tableVersion, at: AT },
});
const awarded = (rule: PointsRule, key: string, points: number, active = true, tableVersion = 1): GamificationEvent => ({
  type: 'PointsAwarded', data: { userId: 7, rule, awardKey: key, points, active, sourceEventId: `src-${key}`, tableVersion, at: AT },
});
const badge = (badgeId: number): GamificationEvent => ({ type: 'BadgeAwarded', data: { userId: 7, badgeId, at: AT } });
const level = (from: 'rookie' | 'pro' | 'elite', to: typeof from, points: number): GamificationEvent =>
  ({ type: 'LevelReached', data: { userId: 7, from, to, points, at: AT } });

const given = (...history: UserStreamEvent[]) => ({
  when: (c: AwardPoints) => ({ then: (expected: GamificationEvent[]) => expect(decideStanding(c, history.reduce(evolveStanding, initialStanding()))).toEqual(expected) }),
});

describe('crediting points', () => {
  it('credits an activity and awards the badge it unlocks', () => {
    given(registered).when(award('claim', 'claim:lead-1', 5)).then([awarded('claim', 'claim:lead-1', 5), badge(1)]);
  });

  it('credits an activity once, however often it is delivered', () => {
    given(registered, awarded('claim', 'claim:lead-1', 5), badge(1)).when(award('claim', 'claim:lead-1', 5)).then([]);
  });

  it('appends only the difference when the activity is worth something else (a replay with a new table)', () => {
    given(registered, awarded('claim', 'claim:lead-1', 5), badge(1)).when(award('claim', 'claim:lead-1', 2, true, 2))
      .then([awarded('claim', 'claim:lead-1', -3, true, 2)]);
  });

  it('takes back a rejected sale, and ignores taking back what was never credited', () => {
    given(registered, awarded('sale', 'sale:sale-3', 100), badge(2)).when(award('sale', 'sale:sale-3', 0, false))
      .then([awarded('sale', 'sale:sale-3', -100, false)]);
    given(registered).when(award('sale', 'sale:sale-3', 0, false)).then([]);
  });

  it('moves the level with the points, up to pro at 500 and elite at 1,500, and down after a correction', () => {
    const at495 = awarded('sale', 'sale:sale-1', 495);
    given(registered, at495, badge(2)).when(award('call', 'call:call-1', 5))
      .then([awarded('call', 'call:call-1', 5), level('rookie', 'pro', 500), badge(6)]);
    given(registered, at495, badge(2)).when(award('call', 'call:call-1', 4)).then([awarded('call', 'call:call-1', 4)]);
    given(registered, awarded('sale', 'sale:sale-1', 1500), level('rookie', 'elite', 1500), badge(2), badge(6), badge(7))
      .when(award('sale', 'sale:sale-1', 0, false)).then([awarded('sale', 'sale:sale-1', -1500, false), level('elite', 'rookie', 0)]);
  });

  it('counts activities for badges by rule, active ones only: the tenth lead contacted earns People Person', () => {
    const nine = Array.from({ length: 9 }, (_, i) => awarded('contact', `contact:lead-${i}`, 10));
    given(registered, ...nine).when(award('contact', 'contact:lead-9', 10)).then([awarded('contact', 'contact:lead-9', 10), badge(3)]);
  });

  it('credits nothing to a user who does not exist', () => {
    given().when(award('claim', 'claim:lead-1', 5)).then([]);
  });
});

describe('the points table', () => {
  it('is version 1 with these values: any change must come with a new version, or history keeps the old worth', () => {
    expect(pointsTable).toEqual({ version: 1, points: { claim: 5, contact: 10, qualify: 20, sale: 75, call: 5 } });
  });
});
