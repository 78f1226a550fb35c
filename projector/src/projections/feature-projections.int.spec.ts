import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { LOG_START, type EventStore } from '@leadfloor/infra/event-store/types';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import type { Projection } from '@leadfloor/infra/projections/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { waitFor } from '../../../test/wait-for';
import { appliedHash } from '../../../test/applied-hash';
import { calls } from './calls';
import { pointsLedger } from './points-ledger';
import { sales } from './sales';
import { callScripts, commissionPlans } from './team-settings';

const AT = '2026-03-02T10:00:00.000Z';
const meta = { actorId: 1, correlationId: 'test', causationId: null };
const analysis = {
  sentimentScore: 7.5, sentiment: 'positive', scriptAdherence: 80, scriptAdherenceDetails: [], scriptDeviations: [], buyingSignals: ['Asked about price'],
  objections: [], keyTopics: [], suggestions: [], actionItems: [], insights: [], summary: 'ok',
};
const streams: [string, string, NewEvent[]][] = [
  ['call-1', 'call', [
    { type: 'CallStarted', data: { callId: 1, leadId: 7, userId: 1, teamId: 10, at: AT } },
    { type: 'CallCompleted', data: { callId: 1, leadId: 7, userId: 1, teamId: 10, durationSeconds: 60, result: 'connected', notes: null, recordingUrl: null, transcript: 'Agent: hi', at: AT } },
    { type: 'CallAnalyzed', data: { callId: 1, analysis, scriptTeamId: null, scriptVersion: 0, analyzerVersion: 1, at: AT } },
  ]],
  ['sale-1', 'sale', [
    { type: 'SaleRecorded', data: { saleId: 1, leadId: 7, userId: 1, teamId: 10, leadType: 'finance', amountCents: 100_000, notes: null, rateBasisPoints: 400, rateSource: 'plan', planTeamId: null, planVersion: 0, commissionCents: 4_000, recordedBy: 1, at: AT } },
    { type: 'CommissionApproved', data: { saleId: 1, by: 9, at: AT } },
    { type: 'CommissionPaid', data: { saleId: 1, by: 9, at: AT } },
  ]],
  ['commissionplan-10', 'commissionplan', [{ type: 'CommissionRatesSet', data: { teamId: 10, rates: { real_estate: 250, finance: 400, forex: 800 }, by: 9, at: AT } }]],
  ['callscript-10', 'callscript', [{ type: 'CallScriptUpdated', data: { teamId: 10, checkpoints: [{ id: 'a-1', label: 'A', phrases: ['a'] }], by: 9, at: AT } }]],
  ['user-1', 'user', [
    { type: 'PointsAwarded', data: { userId: 1, rule: 'claim', awardKey: 'claim:lead-7', points: 5, active: true, sourceEventId: 'e1', tableVersion: 1, at: AT } },
    { type: 'BadgeAwarded', data: { userId: 1, badgeId: 1, at: AT } },
    { type: 'PointsAwarded', data: { userId: 1, rule: 'sale', awardKey: 'sale:sale-1', points: 75, active: true, sourceEventId: 'e2', tableVersion: 1, at: AT } },
  ]],
];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
let events: RecordedEvent[];
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 4 });
  store = createPostgresEventStore(pool);
  for (const [streamId, streamType, evs] of streams) await store.append({ streamId, streamType, expectedVersion: 0, events: evs, metadata: meta });
  // read below the oldest transaction running on the server: wait until all are readable
  const appended = streams.reduce((n, [, , evs]) => n + evs.length, 0);
  events = await waitFor(async () => {
    const read = await store.readAfter(LOG_START, 1000);
    return read.length === appended && read;
  }, { what: 'the appended events to be readable' });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const applied = (p: Projection, ...batches: RecordedEvent[][]) => appliedHash(pool, p, ...batches);

describe.each([calls, sales, commissionPlans, callScripts, pointsLedger] as Projection[])('$name', (projection) => {
  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const c = await pool.connect();
    await projection.createTables(c, projection.tables).finally(() => c.release());
    const once = await applied(projection, events);
    expect(once.rows).toBeGreaterThan(0);
    expect(await applied(projection, events)).toEqual(once);
    expect(await applied(projection, events.slice(2), events.slice(4))).toEqual(once);
  });
});

describe('what the rows say', () => {
  it('keeps the latest analysis on the call, the commission trail on the sale, and every points change', async () => {
    const { rows: [call] } = await pool.query('select status, duration, sentiment_score, script_adherence, version from calls_v1 where id = 1');
    expect(call).toMatchObject({ status: 'completed', duration: 60, sentiment_score: '7.5', script_adherence: 80, version: 3 });
    const { rows: [sale] } = await pool.query('select status, commission_cents, history from sales_v1 where id = 1');
    expect(sale.status).toBe('paid');
    expect(sale.commission_cents).toBe('4000');
    expect(sale.history.map((h: { type: string }) => h.type)).toEqual(['SaleRecorded', 'CommissionApproved', 'CommissionPaid']);
    const { rows: [ledger] } = await pool.query('select sum(points)::int as points, count(*)::int as n from points_ledger_v1 where user_id = 1');
    expect(ledger).toEqual({ points: 80, n: 2 });
    const { rows: badges } = await pool.query('select badge_id from user_badges_v1 where user_id = 1');
    expect(badges).toEqual([{ badge_id: 1 }]);
  });
});
