import type { EventMetadata, RecordedEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { route } from './notification-rules';
import { NotificationWorld } from './notification-world';

const tables = { notifications: 'n', members: 'm', teams: 't', leads: 'l', prefs: 'p' };
const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, m)).toISOString();
let version = 0;
const recorded = (type: string, data: Record<string, unknown>, actorId = 1): RecordedEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++version).padStart(12, '0')}`, streamId: 'lead-7', streamVersion: version, globalPosition: String(version),
  transactionId: '1', type, data, metadata: { actorId, correlationId: 'test', causationId: null } as EventMetadata, occurredAt: new Date(at(version)),
});

describe('notification rules and edited leads', () => {
  it('names a lead as its details now say in what follows an edit', () => {
    const w = NotificationWorld.empty(tables);
    route(recorded('LeadCreated', { leadId: 7, name: 'Ann', leadType: 'forex', createdBy: 1, at: at(0) }), w);
    expect(route(recorded('LeadDetailsEdited', { leadId: 7, changes: { name: 'Ann Lee' }, at: at(1) }), w)).toBeNull();
    const warned = route(recorded('LeadAutoReleaseWarned', { leadId: 7, userId: 4, releaseAt: at(62), policyVersion: 1, at: at(2) }, 0), w);
    expect(warned).toMatchObject({ message: 'Contact Ann Lee within 60 minutes or the lead goes back to the pool', data: { lead: { name: 'Ann Lee' } } });
    // An edit that leaves the name alone keeps it.
    route(recorded('LeadDetailsEdited', { leadId: 7, changes: { city: 'Dallas' }, at: at(3) }), w);
    expect(w.leads.get(7)?.name).toBe('Ann Lee');
  });
});
