import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { leadDistribution } from './lead-distribution';
import { poolClaims } from './pool-claims';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute)).toISOString();
const created = (leadId: number, releaseAt?: string): NewEvent => ({
  type: 'LeadCreated',
  data: { leadId, name: `L${leadId}`, email: 'l@example.com', phone: '555-0100', address: null, city: 'Austin', state: 'TX', leadType: 'forex', source: null, notes: null, createdBy: 1, ...(releaseAt ? { releaseAt } : {}), at: at(0) },
});
const appends: [string, NewEvent[]][] = [
  // Offered, passed, offered again and accepted (the claim follows), reached, sold.
  ['lead-1', [
    created(1),
    { type: 'LeadOffered', data: { leadId: 1, userId: 7, expiresAt: at(6), distribution: 'round_robin', assignedBy: null, policyVersion: 2, at: at(1) } },
    { type: 'LeadOfferPassed', data: { leadId: 1, userId: 7, passedBy: 7, at: at(2) } },
    { type: 'LeadOffered', data: { leadId: 1, userId: 8, expiresAt: at(8), distribution: 'round_robin', assignedBy: null, policyVersion: 2, at: at(3) } },
    { type: 'LeadOfferAccepted', data: { leadId: 1, userId: 8, at: at(4) } },
    { type: 'LeadClaimed', data: { leadId: 1, userId: 8, at: at(4) } },
    { type: 'LeadStatusChanged', data: { leadId: 1, from: 'claimed', to: 'contacted', at: at(10) } },
    { type: 'LeadStatusChanged', data: { leadId: 1, from: 'contacted', to: 'sold', at: at(20) } },
  ]],
  // Held back by the drip, let in, claimed straight from the pool, auto-released, still offered to nobody.
  ['lead-2', [
    created(2, at(30)),
    { type: 'LeadDripReleased', data: { leadId: 2, releaseAt: at(30), at: at(30) } },
    { type: 'LeadClaimed', data: { leadId: 2, userId: 7, at: at(35) } },
    { type: 'LeadReleased', data: { leadId: 2, userId: 7, releasedBy: null, reason: 'auto_release', policyVersion: 3, at: at(50) } },
  ]],
  // Still held back.
  ['lead-3', [created(3, at(59))]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, streamType: 'lead', events })), [leadDistribution, poolClaims]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

describe('lead_distribution_v1', () => {
  it("keeps each lead's entry, offer, first claim (and how), first contact, sale and longest uncontacted hold", async () => {
    await appliedHash(pool, leadDistribution, events);
    const { rows } = await pool.query<Record<string, Date | number | string | null>>('select * from lead_distribution_v1 order by id');
    const view = rows.map((r) => ({
      id: r.id, held_until: iso(r.held_until as Date | null), entered_at: iso(r.entered_at as Date), offered_to: r.offered_to, offers: r.offers,
      first_claimed_at: iso(r.first_claimed_at as Date | null), first_claimed_by: r.first_claimed_by, claimed_via: r.claimed_via,
      first_contacted_at: iso(r.first_contacted_at as Date | null), sold_at: iso(r.sold_at as Date | null),
      holding_since: iso(r.holding_since as Date | null), longest_hold_ms: Number(r.longest_hold_ms),
    }));
    expect(view).toEqual([
      { id: 1, held_until: null, entered_at: at(0), offered_to: null, offers: 2, first_claimed_at: at(4), first_claimed_by: 8, claimed_via: 'round_robin',
        first_contacted_at: at(10), sold_at: at(20), holding_since: null, longest_hold_ms: 6 * 60_000 },
      { id: 2, held_until: null, entered_at: at(30), offered_to: null, offers: 0, first_claimed_at: at(35), first_claimed_by: 7, claimed_via: 'first_come',
        first_contacted_at: null, sold_at: null, holding_since: null, longest_hold_ms: 15 * 60_000 },
      { id: 3, held_until: at(59), entered_at: at(59), offered_to: null, offers: 0, first_claimed_at: null, first_claimed_by: null, claimed_via: null,
        first_contacted_at: null, sold_at: null, holding_since: null, longest_hold_ms: 0 },
    ]);
  });

  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await appliedHash(pool, leadDistribution, events);
    expect(await appliedHash(pool, leadDistribution, events)).toEqual(once);
    expect(await appliedHash(pool, leadDistribution, events.slice(0, 5), events.slice(3))).toEqual(once);
  });
});

describe('pool_claims_v1', () => {
  it('keeps a row per claim and per auto-release, none for the rest', async () => {
    await appliedHash(pool, poolClaims, events);
    const { rows } = await pool.query<{ id: string; user_id: number; kind: string; at: Date }>('select id, user_id, kind, at from pool_claims_v1 order by at');
    expect(rows.map((r) => ({ ...r, at: r.at.toISOString() }))).toEqual([
      { id: '1-6', user_id: 8, kind: 'claim', at: at(4) },
      { id: '2-3', user_id: 7, kind: 'claim', at: at(35) },
      { id: '2-4', user_id: 7, kind: 'auto_release', at: at(50) },
    ]);
  });

  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await appliedHash(pool, poolClaims, events);
    expect(await appliedHash(pool, poolClaims, events)).toEqual(once);
    expect(await appliedHash(pool, poolClaims, events.slice(0, 7), events.slice(5))).toEqual(once);
  });
});
