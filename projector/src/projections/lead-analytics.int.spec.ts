import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { leadAnalytics } from './lead-analytics';

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, 0) + m * 60_000).toISOString();
const created = (leadId: number, leadType: 'real_estate' | 'finance' | 'forex', source: 'website' | null, m: number): NewEvent => ({
  type: 'LeadCreated', data: { leadId, name: `Lead ${leadId}`, email: 'a@example.com', phone: '555-0101', address: null, city: 'Austin',
    state: 'TX', leadType, source, notes: null, createdBy: 1, at: at(m) } });
const status = (leadId: number, from: string, to: string, m: number): NewEvent => ({ type: 'LeadStatusChanged', data: { leadId, from, to, at: at(m) } });
const stage = (leadId: number, from: string, to: string, m: number): NewEvent => ({ type: 'LeadStageMoved', data: { leadId, from, to, at: at(m) } });
const sale = (saleId: number, leadId: number, amountCents: number, m: number): NewEvent => ({ type: 'SaleRecorded', data: {
  saleId, leadId, userId: 3, teamId: null, leadType: 'real_estate', amountCents, notes: null, rateBasisPoints: 300, rateSource: 'plan',
  planTeamId: null, planVersion: 0, commissionCents: Math.round(amountCents * 0.03), recordedBy: 3, at: at(m) } });

// Lead 1: claimed by 3, straight to qualified, two stages, sold with a sale; then a second sale rejected.
// Lead 2: claimed by 3, released, claimed by 4, contacted, reassigned to 5, lost. Lead 3: never claimed.
// Lead 4: sold, then reopened and released back to the pool.
const appends: [string, NewEvent[]][] = [
  ['lead-1', [created(1, 'real_estate', 'website', 0)]],
  ['lead-2', [created(2, 'finance', null, 1)]],
  ['lead-3', [created(3, 'forex', 'website', 2)]],
  ['lead-1', [{ type: 'LeadClaimed', data: { leadId: 1, userId: 3, at: at(10) } }]],
  ['lead-2', [{ type: 'LeadClaimed', data: { leadId: 2, userId: 3, at: at(11) } }]],
  ['lead-1', [status(1, 'claimed', 'qualified', 20), stage(1, 'new', 'discovery', 21), stage(1, 'discovery', 'proposal', 30)]],
  ['lead-2', [{ type: 'LeadReleased', data: { leadId: 2, userId: 3, releasedBy: 3, reason: 'manual', policyVersion: null, at: at(31) } }]],
  ['lead-2', [{ type: 'LeadClaimed', data: { leadId: 2, userId: 4, at: at(32) } }, status(2, 'claimed', 'contacted', 40)]],
  ['lead-1', [status(1, 'qualified', 'sold', 50)]],
  ['sale-1', [sale(1, 1, 100_000, 50)]],
  ['sale-2', [sale(2, 1, 5_000, 51)]],
  ['sale-2', [{ type: 'CommissionRejected', data: { saleId: 2, by: 9, reason: 'Duplicate', at: at(52) } }]],
  ['lead-2', [{ type: 'LeadReassigned', data: { leadId: 2, from: 4, to: 5, reassignedBy: 9, at: at(60) } }, status(2, 'contacted', 'lost', 61)]],
  ['lead-4', [created(4, 'real_estate', 'website', 70), { type: 'LeadClaimed', data: { leadId: 4, userId: 3, at: at(71) } },
    status(4, 'claimed', 'sold', 72), status(4, 'sold', 'qualified', 73),
    { type: 'LeadReleased', data: { leadId: 4, userId: 3, releasedBy: 3, reason: 'manual', policyVersion: null, at: at(74) } }]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, events, actorId: 3 })), [leadAnalytics]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

const truncate = () => pool.query(`truncate ${Object.values(leadAnalytics.tables).join(', ')}`);
const iso = (m: number) => new Date(at(m)).toISOString();

describe('lead_analytics_v1', () => {
  it('changes nothing when events are applied twice or redelivered in part, and batch by batch equals all at once', async () => {
    await truncate();
    const once = await appliedHash(pool, leadAnalytics, events);
    expect(once.rows).toBeGreaterThan(0);
    expect(await appliedHash(pool, leadAnalytics, events)).toEqual(once);
    expect(await appliedHash(pool, leadAnalytics, events.slice(3), events.slice(7, 12))).toEqual(once);
    await truncate();
    expect(await appliedHash(pool, leadAnalytics, ...events.map((e) => [e]))).toEqual(once);
    await truncate();
    expect(await appliedHash(pool, leadAnalytics, events.slice(0, 5), events.slice(5, 13), events.slice(13))).toEqual(once);
  });

  it('keeps each lead\'s first steps, its holder now, its outcome and its version', async () => {
    await truncate();
    await appliedHash(pool, leadAnalytics, events);
    const { rows } = await pool.query(`select lead_id, lead_type, source, status, agent_id, first_claimed_by,
        to_json(first_claimed_at) #>> '{}' as claimed, to_json(contacted_at) #>> '{}' as contacted, to_json(qualified_at) #>> '{}' as qualified,
        sold_at is not null as sold, lost_at is not null as lost, stage, version from lead_facts_v1 order by lead_id`);
    const t = (m: number) => new Date(at(m)).toISOString().replace('.000Z', '+00:00');
    expect(rows).toEqual([
      { lead_id: 1, lead_type: 'real_estate', source: 'website', status: 'sold', agent_id: 3, first_claimed_by: 3, claimed: t(10),
        contacted: t(20), qualified: t(20), sold: true, lost: false, stage: 'proposal', version: 6 },
      { lead_id: 2, lead_type: 'finance', source: null, status: 'lost', agent_id: 5, first_claimed_by: 3, claimed: t(11),
        contacted: t(40), qualified: null, sold: false, lost: true, stage: 'new', version: 7 },
      { lead_id: 3, lead_type: 'forex', source: 'website', status: 'available', agent_id: null, first_claimed_by: null, claimed: null,
        contacted: null, qualified: null, sold: false, lost: false, stage: 'new', version: 1 },
      { lead_id: 4, lead_type: 'real_estate', source: 'website', status: 'available', agent_id: null, first_claimed_by: 3, claimed: t(71),
        contacted: t(72), qualified: t(72), sold: false, lost: false, stage: 'new', version: 5 },
    ]);
  });

  it('records each stay in a stage, and revenue from sales not rejected', async () => {
    await truncate();
    await appliedHash(pool, leadAnalytics, events);
    const { rows: stays } = await pool.query<{ stage: string; entered_at: Date; left_at: Date | null }>(
      'select stage, entered_at, left_at from lead_stage_intervals_v1 where lead_id = 1 order by entered_version');
    expect(stays.map((s) => [s.stage, s.entered_at.toISOString(), s.left_at?.toISOString() ?? null])).toEqual([
      ['new', iso(0), iso(21)], ['discovery', iso(21), iso(30)], ['proposal', iso(30), null],
    ]);
    const { rows: sales } = await pool.query('select sale_id, lead_id, amount_cents::int as amount, rejected from lead_sales_v1 order by sale_id');
    expect(sales).toEqual([{ sale_id: 1, lead_id: 1, amount: 100_000, rejected: false }, { sale_id: 2, lead_id: 1, amount: 5_000, rejected: true }]);
    const { rows: revenue } = await pool.query('select lead_id, revenue_cents::int as cents from lead_facts_v1 where revenue_cents > 0');
    expect(revenue).toEqual([{ lead_id: 1, cents: 100_000 }]);
  });
});
