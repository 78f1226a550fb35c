import { describe, expect, it } from 'vitest';
import { rankChanges, ranksOf } from './rank-changes';

describe('rankChanges', () => {
  it('finds nothing on the first standings', () => {
    expect(rankChanges(null, [1, 2, 3]).size).toBe(0);
  });
  it('marks who overtook whom', () => {
    expect([...rankChanges(ranksOf([1, 2, 3]), [2, 1, 3])]).toEqual([[2, 'up'], [1, 'down']]);
  });
  it('counts a newcomer as moving up and leaves unchanged ranks alone', () => {
    expect([...rankChanges(ranksOf([1, 2, 3]), [1, 2, 9])]).toEqual([[9, 'up']]);
  });
});
