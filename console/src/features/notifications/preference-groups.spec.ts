import { describe, expect, it } from 'vitest';
import { defaultNotificationPreferences } from '@leadfloor/contracts';
import { gatesOf, PREFERENCE_GROUPS } from './preference-groups';

describe('PREFERENCE_GROUPS', () => {
  it('offers each of the 15 preference switches exactly once', () => {
    const keys = PREFERENCE_GROUPS.flatMap((g) => g.switches.map((s) => s.key));
    expect(keys).toHaveLength(15);
    expect(new Set(keys)).toEqual(new Set(Object.keys(defaultNotificationPreferences)));
  });
  it('names event switches by the default notification titles', () => {
    const labels = PREFERENCE_GROUPS.flatMap((g) => g.switches).map((s) => s.label);
    expect(labels).toEqual(expect.arrayContaining(['New Lead', 'Lead Claimed', 'Team Member Call Completed']));
  });
});

describe('gatesOf', () => {
  it('makes an event depend on its category, and teammates’ events on team activity too', () => {
    expect(gatesOf('newLeadEnabled')).toEqual(['leadNotificationsEnabled']);
    expect(gatesOf('teamMemberSaleEnabled')).toEqual(['saleNotificationsEnabled', 'teamNotificationsEnabled']);
  });
  it('leaves category and delivery switches free', () => {
    expect(gatesOf('leadNotificationsEnabled')).toEqual([]);
    expect(gatesOf('soundEnabled')).toEqual([]);
  });
});
