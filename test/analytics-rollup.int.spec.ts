import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsFilters } from '../contracts/src';
import { currentSchemaVersion, type EventType, type RecordedEvent } from '../events/src';
import { createPool, type Pool } from '../infra/src/postgres/pool';
import { leadAnalytics as projection } from '../projector/src/projections/lead-analytics';
import { funnelAnalytics } from '../query-service/src/analytics/funnel-analytics';
import { leadAnalytics } from '../query-service/src/analytics/lead-analytics';
import { createTestDatabase } from './db';

// Leads created over six weeks from a Wednesday, so ranges cut weeks anywhere.
const START = Date.UTC(2026, 0, 7, 15, 30);
const HOUR = 3_600_000;
const TYPES = ['real_estate', 'finance', 'forex'] as const;
const SOURCES = ['website', 'referral', null] as const;
const FUNNELS = [['facebook', 'spring'], ['facebook', null], ['google', 'spring'], [null, null]] as const;
const STATUSES = ['contacted', 'qualified', 'sold', 'lost', 'claimed'] as const;

const leadArb = fc.record({
  hours: fc.nat(6 * 7 * 24), type: fc.nat(2), source: fc.nat(2), funnel: fc.nat(3),
  steps: fc.array(fc.record({ kind: fc.nat(7), pick: fc.nat(4), gap: fc.integer({ min: 1, max: 48 }) }), { maxLength: 8 }),
});
const filtersArb = fc.record({
  from: fc.option(fc.nat(7 * 7 * 24 * 4), { nil: undefined }), span: fc.option(fc.integer({ min: 1, max: 7 * 7 * 24 * 4 }), { nil: undefined }),
  leadType: fc.option(fc.nat(2), { nil: undefined }), source: fc.option(fc.nat(3), { nil: undefined }),
  funnelSource: fc.option(fc.nat(2), { nil: undefined }), campaign: fc.option(fc.nat(2), { nil: undefined }),
});

type Lead = typeof leadArb extends fc.Arbitrary<infer T> ? T : never;
type Fact = { lead_type: string; source: string | null; funnel_source: string | null; campaign: string | null; created_at: Date;
  claimed: boolean; contacted: boolean; qualified: boolean; sold: boolean; lost: boolean; revenue: number };

/** A lead's events as the log would hold them (the facts fold trusts the log, as every projection does). */
function logOf(leads: Lead[]): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  let position = 0;
  let saleId = 0;
  const push = (streamId: string, version: number, type: EventType, data: Record<string, unknown>) => out.push({
    eventId: `e${position}`, streamId, streamVersion: version, globalPosition: String(++position), transactionId: String(position), type, data,
    metadata: { schemaVersion: currentSchemaVersion[type], actorId: 1, correlationId: 't', causationId: null }, occurredAt: new Date(data.at as string),
  });
  leads.forEach((l, i) => {
    const leadId = i + 1;
    const stream = `lead-${leadId}`;
    let t = START + l.hours * HOUR;
    let v = 1;
    const at = () => new Date(t).toISOString();
    const [funnelSource, funnelCampaignId] = FUNNELS[l.funnel]!;
    push(stream, v++, 'LeadCreated', {
      leadId, name: `Lead ${leadId}`, email: 'a@example.com', phone: '555-0101', address: null, city: 'Austin', state: 'TX',
      leadType: TYPES[l.type], source: SOURCES[l.source], notes: null, createdBy: 1, at: at(),
      ...(funnelSource ? { funnelSource } : {}), ...(funnelCampaignId ? { funnelCampaignId } : {}),
    });
    let status = 'available';
    let holder: number | null = null;
    const sales: number[] = [];
    for (const s of l.steps) {
      t += s.gap * HOUR;
      if (s.kind === 0 && holder === null) {
        holder = 1 + s.pick;
        push(stream, v++, 'LeadClaimed', { leadId, userId: holder, at: at() });
        status = 'claimed';
      } else if (s.kind === 1 && holder !== null) {
        push(stream, v++, 'LeadReleased', { leadId, userId: holder, releasedBy: holder, reason: 'manual', policyVersion: null, at: at() });
        holder = null;
        status = 'available';
      } else if (s.kind === 2 && holder !== null && STATUSES[s.pick] !== status) {
        push(stream, v++, 'LeadStatusChanged', { leadId, from: status, to: STATUSES[s.pick], at: at() });
        status = STATUSES[s.pick]!;
      } else if (s.kind === 3 && holder !== null) {
        push(stream, v++, 'LeadReassigned', { leadId, from: holder, to: 10 + s.pick, reassignedBy: 9, at: at() });
        holder = 10 + s.pick;
      } else if (s.kind === 4) {
        push(stream, v++, 'LeadDetailsEdited', { leadId, changes: { source: SOURCES[s.pick % 3] }, at: at() });
      } else if (s.kind === 5 && holder !== null) {
        sales.push(++saleId);
        push(`sale-${saleId}`, 1, 'SaleRecorded', {
          saleId, leadId, userId: holder, teamId: null, leadType: TYPES[l.type], amountCents: 1000 * (1 + s.pick), notes: null, rateBasisPoints: 300,
          rateSource: 'plan', planTeamId: null, planVersion: 0, commissionCents: 30 * (1 + s.pick), recordedBy: holder, at: at(),
        });
      } else if (s.kind === 7 && s.pick === 0) {
        // an import's undo takes the lead back: it leaves every count
        push(stream, v++, 'LeadWithdrawn', { leadId, importId: 1, by: 9, at: at() });
        break;
      } else if (s.kind === 6 && sales.length > 0) {
        const rejected = sales.shift()!;
        push(`sale-${rejected}`, 2, 'CommissionRejected', { saleId: rejected, by: 9, reason: 'No', at: at() });
      }
    }
  });
  return out;
}

let pool: Pool;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  pool = createPool(db.url, { max: 4 });
  const c = await pool.connect();
  try {
    await projection.createTables(c, projection.tables);
  } finally {
    c.release();
  }
});
afterAll(async () => {
  await pool.end();
  await drop();
});

async function apply(batches: RecordedEvent[][]) {
  const c = await pool.connect();
  try {
    await c.query(`truncate ${Object.values(projection.tables).join(', ')}`);
    for (const b of batches) await projection.apply(c, b.filter((e) => projection.handles.includes(e.type)), projection.tables);
  } finally {
    c.release();
  }
}

const facts = async (): Promise<Fact[]> => (await pool.query<Fact>(`
  select lead_type, source, funnel_source, funnel_campaign_id as campaign, created_at, first_claimed_at is not null as claimed,
         contacted_at is not null as contacted, qualified_at is not null as qualified, sold_at is not null as sold, lost_at is not null as lost,
         case when sold_at is not null then revenue_cents::int else 0 end as revenue
  from lead_facts_v1`)).rows;

/** The filters' picks from the facts themselves: the detail computation the rollup must equal. */
function picked(all: Fact[], f: AnalyticsFilters) {
  return all.filter((x) => (f.from === undefined || x.created_at >= new Date(f.from)) && (f.to === undefined || x.created_at < new Date(f.to))
    && (f.leadType === undefined || x.lead_type === f.leadType)
    && (f.source === undefined || x.source === (f.source === 'none' ? null : f.source))
    && (f.funnelSource === undefined || x.funnel_source === (f.funnelSource === 'none' ? null : f.funnelSource))
    && (f.campaign === undefined || x.campaign === (f.campaign === 'none' ? null : f.campaign)));
}
const counts = (xs: Fact[]) => ({
  leads: xs.length, claimed: xs.filter((x) => x.claimed).length, contacted: xs.filter((x) => x.contacted).length,
  qualified: xs.filter((x) => x.qualified).length, sold: xs.filter((x) => x.sold).length, lost: xs.filter((x) => x.lost).length,
  revenueCents: xs.reduce((n, x) => n + x.revenue, 0),
});

describe('the weekly analytics rollup', () => {
  it('holds exactly the facts summed per week and cell, however the events are batched or redelivered, and reads equal the facts they stand for', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(leadArb, { minLength: 1, maxLength: 12 }), fc.nat(), fc.array(filtersArb, { minLength: 4, maxLength: 4 }),
      async (leads, cut, filterPicks) => {
        const log = logOf(leads);
        const at = cut % log.length;
        // in two batches, the second redelivering part of the first
        await apply([log.slice(0, at + 1), log.slice(Math.floor(at / 2))]);
        const { rows: rollup } = await pool.query(`select to_char(week, 'YYYY-MM-DD') as week, lead_type, source, funnel_source, campaign,
            created, claimed, contacted, qualified, sold, lost, revenue_cents::int as revenue from lead_rollup_v1 order by 1, 2, 3, 4, 5`);
        const { rows: grouped } = await pool.query(`select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
            lead_type, source, funnel_source, funnel_campaign_id as campaign, count(*)::int as created, count(first_claimed_at)::int as claimed,
            count(contacted_at)::int as contacted, count(qualified_at)::int as qualified, count(sold_at)::int as sold, count(lost_at)::int as lost,
            coalesce(sum(revenue_cents) filter (where sold_at is not null), 0)::int as revenue
          from lead_facts_v1 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
        expect(rollup).toEqual(grouped);

        const all = await facts();
        for (const p of filterPicks) {
          const from = p.from === undefined ? undefined : new Date(START - 7 * 24 * HOUR + p.from * 15 * 60_000);
          const f: AnalyticsFilters = {
            ...(from ? { from: from.toISOString() } : {}),
            ...(from && p.span !== undefined ? { to: new Date(from.getTime() + p.span * 15 * 60_000).toISOString() } : {}),
            ...(p.leadType !== undefined ? { leadType: TYPES[p.leadType] } : {}),
            ...(p.source !== undefined ? { source: (['website', 'referral', 'none'] as const)[p.source % 3] } : {}),
            ...(p.funnelSource !== undefined ? { funnelSource: ['facebook', 'google', 'none'][p.funnelSource]! } : {}),
            ...(p.campaign !== undefined ? { campaign: ['spring', 'none', 'autumn'][p.campaign]! } : {}),
          };
          const xs = picked(all, f);
          const want = counts(xs);
          const a = await leadAnalytics(pool, { scope: { kind: 'floor' }, filters: f, timeZone: 'UTC' });
          expect(a.funnel.map((s) => s.count), JSON.stringify(f)).toEqual([want.leads, want.claimed, want.contacted, want.qualified, want.sold]);
          expect([a.lost, a.revenueCents]).toEqual([want.lost, want.revenueCents]);
          for (const w of a.winRateBySource) {
            const of = xs.filter((x) => x.source === w.source);
            expect([w.sold, w.lost]).toEqual([of.filter((x) => x.sold).length, of.filter((x) => x.lost).length]);
          }
          for (const c of a.cohorts) {
            const of = xs.filter((x) => x.created_at >= new Date(c.from) && x.created_at < new Date(c.to));
            expect({ created: c.created, sold: c.sold, revenueCents: c.revenueCents }).toEqual({ created: of.length, sold: counts(of).sold, revenueCents: counts(of).revenueCents });
          }
          expect(a.cohorts.reduce((n, c) => n + c.created, 0)).toBe(want.leads);
          const funnel = await funnelAnalytics(pool, { scope: { kind: 'floor' }, filters: f, limit: 200 });
          expect(funnel.totals).toMatchObject(want);
          for (const r of funnel.rows) {
            expect(r).toMatchObject(counts(xs.filter((x) => x.funnel_source === r.funnelSource && x.campaign === r.campaignId)));
          }
        }
      },
    ), { numRuns: 40 });
  }, 240_000);
});
