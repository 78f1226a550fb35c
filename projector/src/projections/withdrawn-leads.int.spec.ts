import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { leadAnalytics } from './lead-analytics';
import { leadDistribution } from './lead-distribution';

// An undone import withdraws the leads it made (LeadWithdrawn) and gives the leads it updated
// their old details back (LeadDetailsEdited). The read models beside the pool follow: a withdrawn
// lead leaves the pool report and every analytics count; an edited source moves its lead.

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, m)).toISOString();
const created = (leadId: number, source: 'website' | 'referral', releaseAt?: string): NewEvent => ({
  type: 'LeadCreated',
  data: { leadId, name: `L${leadId}`, email: `l${leadId}@example.com`, phone: '555-0100', address: null, city: 'Austin', state: 'TX',
    leadType: 'forex', source, notes: null, createdBy: 1, ...(releaseAt ? { releaseAt } : {}), at: at(0) },
});
const withdrawn = (leadId: number, m: number): NewEvent => ({ type: 'LeadWithdrawn', data: { leadId, importId: 9, by: 1, at: at(m) } });
const appends: [string, NewEvent[]][] = [
  // Imported, then its import undone.
  ['lead-1', [created(1, 'website'), { type: 'LeadImported', data: { leadId: 1, importId: 9, row: 1, at: at(0) } }]],
  // Held back by the drip, withdrawn before its release.
  ['lead-2', [created(2, 'website', at(50))]],
  // Updated by the import (source), then the undo gave the old source back; later claimed.
  ['lead-3', [created(3, 'referral')]],
  ['lead-3', [{ type: 'LeadDetailsEdited', data: { leadId: 3, changes: { source: 'website', city: 'Dallas' }, at: at(2) } }]],
  ['lead-1', [withdrawn(1, 5)]],
  ['lead-2', [withdrawn(2, 6)]],
  ['lead-3', [{ type: 'LeadDetailsEdited', data: { leadId: 3, changes: { source: 'referral' }, at: at(7) } }]],
  ['lead-3', [{ type: 'LeadClaimed', data: { leadId: 3, userId: 4, at: at(8) } }]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, streamType: 'lead', events })), [leadDistribution, leadAnalytics]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

describe('withdrawn and edited leads beside the pool', () => {
  it('leaves a withdrawn lead out of the pool report and the drip queue', async () => {
    const whole = await appliedHash(pool, leadDistribution, events);
    const { rows } = await pool.query<{ id: number; first_claimed_by: number | null }>('select id, first_claimed_by from lead_distribution_v1 order by id');
    expect(rows).toEqual([{ id: 3, first_claimed_by: 4 }]);
    // Applying again changes nothing.
    expect(await appliedHash(pool, leadDistribution, events)).toEqual(whole);
  });

  it('leaves a withdrawn lead out of every analytics count, and counts an edited lead under its source now', async () => {
    const whole = await appliedHash(pool, leadAnalytics, events);
    const { rows: facts } = await pool.query<{ lead_id: number; source: string; agent_id: number | null }>(
      'select lead_id, source, agent_id from lead_facts_v1 order by lead_id');
    expect(facts).toEqual([{ lead_id: 3, source: 'referral', agent_id: 4 }]);
    const { rows: stages } = await pool.query<{ lead_id: number }>('select distinct lead_id from lead_stage_intervals_v1 order by lead_id');
    expect(stages).toEqual([{ lead_id: 3 }]);
    expect(await appliedHash(pool, leadAnalytics, events)).toEqual(whole);
  });

  it('reaches the same rows whether the events come in one batch or one by one', async () => {
    for (const p of [leadDistribution, leadAnalytics]) {
      const c = await pool.connect();
      try {
        for (const t of Object.values(p.tables)) await c.query(`truncate "${t}"`);
      } finally {
        c.release();
      }
      const oneByOne = await appliedHash(pool, p, ...events.map((e) => [e]));
      for (const t of Object.values(p.tables)) await pool.query(`truncate "${t}"`);
      expect(await appliedHash(pool, p, events)).toEqual(oneByOne);
    }
  });
});
