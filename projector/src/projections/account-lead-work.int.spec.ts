import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { accountLeadWork } from './account-lead-work';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute)).toISOString();
const created = (leadId: number): NewEvent => ({ type: 'LeadCreated', data: {
  leadId, name: `Lead ${leadId}`, email: 'l@example.com', phone: '555-0100', address: null, city: 'Austin', state: 'TX',
  leadType: 'forex', source: null, notes: null, createdBy: 1, at: at(0) } });
const claimed = (leadId: number, userId: number, minute: number): NewEvent => ({ type: 'LeadClaimed', data: { leadId, userId, at: at(minute) } });
const status = (leadId: number, from: string, to: string, minute: number) =>
  ({ type: 'LeadStatusChanged', data: { leadId, from, to, at: at(minute) } }) as NewEvent;

// Lead 1: agent 7 claims, contacts, qualifies and releases it; agent 8 claims it; manager 1
// reassigns it to agent 9, who sells it. Lead 2: agent 7 claims it and loses it. Lead 3: agent 8
// claims it and qualifies it at once (spec 4: no ordering).
const appends: [string, NewEvent[]][] = [
  ['lead-1', [created(1), claimed(1, 7, 1), status(1, 'claimed', 'contacted', 2), status(1, 'contacted', 'qualified', 3)]],
  ['lead-2', [created(2), claimed(2, 7, 4)]],
  ['lead-1', [{ type: 'LeadReleased', data: { leadId: 1, userId: 7, releasedBy: 7, at: at(5) } }, claimed(1, 8, 6)]],
  ['lead-3', [created(3), claimed(3, 8, 7), status(3, 'claimed', 'qualified', 8)]],
  ['lead-1', [{ type: 'LeadReassigned', data: { leadId: 1, from: 8, to: 9, reassignedBy: 1, at: at(9) } }, status(1, 'claimed', 'sold', 10)]],
  ['lead-2', [status(2, 'claimed', 'lost', 11)]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, events })), [accountLeadWork]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

describe('lead_work_v1', () => {
  it('keeps one row per spell a user held a lead, with when it was first reached and when it ended', async () => {
    await appliedHash(pool, accountLeadWork, events.slice(0, 5), events.slice(5));
    const { rows } = await pool.query(
      `select lead_id, user_id, kind, claimed_at, contacted_at, ended_at from lead_work_v1 order by claimed_at`);
    const t = (minute: number) => new Date(at(minute));
    expect(rows).toEqual([
      { lead_id: 1, user_id: 7, kind: 'claim', claimed_at: t(1), contacted_at: t(2), ended_at: t(5) },
      { lead_id: 2, user_id: 7, kind: 'claim', claimed_at: t(4), contacted_at: null, ended_at: null },
      { lead_id: 1, user_id: 8, kind: 'claim', claimed_at: t(6), contacted_at: null, ended_at: t(9) },
      { lead_id: 3, user_id: 8, kind: 'claim', claimed_at: t(7), contacted_at: t(8), ended_at: null },
      { lead_id: 1, user_id: 9, kind: 'assigned', claimed_at: t(9), contacted_at: t(10), ended_at: null },
    ]);
  });

  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await appliedHash(pool, accountLeadWork, events);
    expect(once.rows).toBe(5);
    expect(await appliedHash(pool, accountLeadWork, events)).toEqual(once);
    expect(await appliedHash(pool, accountLeadWork, events.slice(3), events.slice(8))).toEqual(once);
    expect(await appliedHash(pool, accountLeadWork, events.slice(1, 3), events.slice(10))).toEqual(once);
  });
});
