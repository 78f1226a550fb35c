import { describe, expect, it } from 'vitest';
import { readTeamTab, writeTeamTab } from './team-tabs';

describe("/team's tabs", () => {
  it('opens the tab the link names, and Structure for an unknown one', () => {
    expect(readTeamTab(new URLSearchParams('tab=rankings'))).toBe('rankings');
    expect(readTeamTab(new URLSearchParams('tab=collaboration'))).toBe('collaboration');
    expect(readTeamTab(new URLSearchParams('tab=nonsense'))).toBe('structure');
    expect(readTeamTab(new URLSearchParams('tab=tasks'))).toBe('tasks');
    expect(readTeamTab(new URLSearchParams(''))).toBe('structure');
  });
  it('writes the tab into the search, leaving the default out and other parameters alone', () => {
    expect(writeTeamTab(new URLSearchParams('x=1'), 'rankings').toString()).toBe('x=1&tab=rankings');
    expect(writeTeamTab(new URLSearchParams('tab=rankings&x=1'), 'structure').toString()).toBe('x=1');
  });
});
