import { describe, expect, it } from 'vitest';
import { readTaskFilter, writeTaskFilter } from './task-filters';

describe("the Tasks tab's lists", () => {
  it('opens the list the address names, else mine, or the team\'s for a manager', () => {
    expect(readTaskFilter(new URLSearchParams('list=overdue'), 'agent')).toBe('overdue');
    expect(readTaskFilter(new URLSearchParams('list=done'), 'manager')).toBe('done');
    expect(readTaskFilter(new URLSearchParams(''), 'agent')).toBe('mine');
    expect(readTaskFilter(new URLSearchParams('list=everything'), 'teamLead')).toBe('mine');
    expect(readTaskFilter(new URLSearchParams(''), 'manager')).toBe('team');
  });
  it('writes the list into the address, leaving the tab and team alone', () => {
    expect(writeTaskFilter(new URLSearchParams('tab=tasks&team=4'), 'done').toString()).toBe('tab=tasks&team=4&list=done');
  });
});
