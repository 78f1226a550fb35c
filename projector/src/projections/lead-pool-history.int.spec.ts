import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { tablesHash, tablesWithSuffix } from '@leadfloor/infra/projections/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { leadPoolHistory } from './lead-pool-history';

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, 0) + m * 60_000).toISOString();
const created = (leadId: number, m: number): NewEvent => ({ type: 'LeadCreated', data: {
  leadId, name: `Lead ${leadId}`, email: `l${leadId}@example.com`, phone: '555-0100', address: null, city: 'Austin', state: 'TX',
  leadType: 'finance', source: 'website', notes: null, createdBy: 1, at: at(m) } });
// Lead 1: claimed, contacted, exempted from auto-release, released. Lead 2: claimed and moved
// twice in one instant (the first move is never the lead at any instant). Lead 3: only made.
// Lead 4: scored by a command whose clock ran behind the claim's (dated a minute earlier).
const appends: [string, NewEvent[]][] = [
  ['lead-1', [created(1, 0)]],
  ['lead-2', [created(2, 1)]],
  ['lead-1', [{ type: 'LeadClaimed', data: { leadId: 1, userId: 7, at: at(5) } }]],
  ['lead-2', [{ type: 'LeadClaimed', data: { leadId: 2, userId: 8, at: at(6) } }]],
  ['lead-1', [{ type: 'LeadStatusChanged', data: { leadId: 1, from: 'claimed', to: 'contacted', at: at(10) } }]],
  ['lead-2', [
    { type: 'LeadStageMoved', data: { leadId: 2, from: 'new', to: 'discovery', at: at(12) } },
    { type: 'LeadStageMoved', data: { leadId: 2, from: 'discovery', to: 'proposal', at: at(12) } },
  ]],
  ['lead-3', [created(3, 13)]],
  ['lead-1', [{ type: 'LeadAutoReleaseExempted', data: { leadId: 1, exemptedBy: 100, at: at(14) } }]],
  ['lead-1', [{ type: 'LeadReleased', data: { leadId: 1, userId: 7, releasedBy: 7, reason: 'manual', policyVersion: null, at: at(20) } }]],
  ['lead-4', [created(4, 21), { type: 'LeadClaimed', data: { leadId: 4, userId: 7, at: at(30) } }]],
  ['lead-4', [{ type: 'LeadScored', data: { leadId: 4, score: 80, at: at(29) } }]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, events })), [leadPoolHistory]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

type Version = { id: number; version: number; valid_from: string; valid_to: string; status: string; stage: string; claimed_by: number | null; score: number | null; auto_release_exempt: boolean };
const versions = async () => (await pool.query<Version>(
  `select id, version, to_char(valid_from at time zone 'UTC', 'HH24:MI') as valid_from,
          case when valid_to = 'infinity' then 'open' else to_char(valid_to at time zone 'UTC', 'HH24:MI') end as valid_to,
          status, stage, claimed_by, score, auto_release_exempt
   from lead_pool_history_v1 order by id, version`)).rows;

describe('lead_pool_history_v1', () => {
  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await appliedHash(pool, leadPoolHistory, events);
    expect(once.rows).toBe(13);
    expect(await appliedHash(pool, leadPoolHistory, events)).toEqual(once);
    expect(await appliedHash(pool, leadPoolHistory, events.slice(3), events.slice(1, 9), events.slice(7))).toEqual(once);
  });

  it('keeps every version of a lead with the span it was the lead, the last one open', async () => {
    await appliedHash(pool, leadPoolHistory, events);
    const rows = await versions();
    const v = (id: number, version: number, valid_from: string, valid_to: string, status: string, o: Partial<Version> = {}) =>
      ({ id, version, valid_from, valid_to, status, stage: 'new', claimed_by: null, score: null, auto_release_exempt: false, ...o });
    expect(rows).toEqual([
      v(1, 1, '10:00', '10:05', 'available'),
      v(1, 2, '10:05', '10:10', 'claimed', { claimed_by: 7 }),
      v(1, 3, '10:10', '10:14', 'contacted', { claimed_by: 7 }),
      v(1, 4, '10:14', '10:20', 'contacted', { claimed_by: 7, auto_release_exempt: true }),
      v(1, 5, '10:20', 'open', 'available', { auto_release_exempt: true }),
      v(2, 1, '10:01', '10:06', 'available'),
      v(2, 2, '10:06', '10:12', 'claimed', { claimed_by: 8 }),
      // Superseded in the same instant: an empty span, shown at no instant.
      v(2, 3, '10:12', '10:12', 'claimed', { claimed_by: 8, stage: 'discovery' }),
      v(2, 4, '10:12', 'open', 'claimed', { claimed_by: 8, stage: 'proposal' }),
      v(3, 1, '10:13', 'open', 'available'),
      v(4, 1, '10:21', '10:30', 'available'),
      // Dated before the claim it follows: it starts when the claim's version started.
      v(4, 2, '10:30', '10:30', 'claimed', { claimed_by: 7 }),
      v(4, 3, '10:30', 'open', 'claimed', { claimed_by: 7, score: 80 }),
    ]);
  });

  it('is rebuilt by its replay loader into the very rows the live batches wrote', async () => {
    const live = await appliedHash(pool, leadPoolHistory, events);
    const tables = tablesWithSuffix(leadPoolHistory.tables, '_rebuild');
    const c = await pool.connect();
    try {
      await c.query(`drop table if exists "${tables.versions}"`);
      await leadPoolHistory.createTables(c, tables);
      const loader = leadPoolHistory.load!(tables);
      const handled = events.filter((e) => leadPoolHistory.handles.includes(e.type));
      await loader.apply(c, handled.slice(0, 5));
      await loader.apply(c, handled.slice(5));
      await loader.finish(c);
      expect(await tablesHash(c, tables)).toEqual(live);
    } finally {
      c.release();
    }
  });

  it('is rebuilt into the same rows when its loader writes ended versions while it folds the next events', async () => {
    const live = await appliedHash(pool, leadPoolHistory, events);
    const tables = tablesWithSuffix(leadPoolHistory.tables, '_rebuild_held');
    const c = await pool.connect();
    try {
      await c.query(`drop table if exists "${tables.versions}"`);
      await leadPoolHistory.createTables(c, tables);
      // Holding one ended version at most: a COPY after nearly every event, each running while the next is folded.
      const loader = leadPoolHistory.load!(tables, { heldRows: 1 });
      for (const e of events.filter((x) => leadPoolHistory.handles.includes(x.type))) await loader.apply(c, [e]);
      await loader.finish(c);
      expect(await tablesHash(c, tables)).toEqual(live);
    } finally {
      c.release();
    }
  });
});
