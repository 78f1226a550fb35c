import { describe, expect, it } from 'vitest';
import { levelProgress } from './level-progress';

describe('levelProgress (spec 2.5)', () => {
  it('measures a rookie against 500 points, next level Pro', () => {
    expect(levelProgress('rookie', 0)).toEqual({ percent: 0, nextLevel: 'Pro' });
    expect(levelProgress('rookie', 250)).toEqual({ percent: 50, nextLevel: 'Pro' });
    expect(levelProgress('rookie', 499)).toEqual({ percent: 99, nextLevel: 'Pro' });
  });
  it('measures a pro by the points above 500 against 1000, next level Elite', () => {
    expect(levelProgress('pro', 500)).toEqual({ percent: 0, nextLevel: 'Elite' });
    expect(levelProgress('pro', 1000)).toEqual({ percent: 50, nextLevel: 'Elite' });
    expect(levelProgress('pro', 1499)).toEqual({ percent: 99, nextLevel: 'Elite' });
  });
  it('measures an elite against 2000 points, next level Elite', () => {
    expect(levelProgress('elite', 1500)).toEqual({ percent: 75, nextLevel: 'Elite' });
  });
  it('caps at 100 and never goes below 0', () => {
    expect(levelProgress('rookie', 9000).percent).toBe(100);
    expect(levelProgress('elite', 5000).percent).toBe(100);
    expect(levelProgress('pro', 100).percent).toBe(0);
  });
});
