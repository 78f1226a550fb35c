import { defaultPoolPolicyRules, poolPolicyFor, type NewEvent, type PoolPolicies, type RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { leadAutoRelease } from './lead-auto-release';
import { poolPolicy } from './pool-policy';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute)).toISOString();
const rules = { ...defaultPoolPolicyRules, maxActiveClaims: 5, autoReleaseHours: 24 };
const appends: [string, string, NewEvent[]][] = [
  ['pool-policy', 'pool', [
    { type: 'PoolPolicySet', data: { teamId: null, ...rules, by: 1, at: at(1) } },
    { type: 'PoolPolicySet', data: { teamId: 4, ...rules, maxActiveClaims: 2, by: 1, at: at(2) } },
  ]],
  ['lead-1', 'lead', [
    { type: 'LeadCreated', data: { leadId: 1, name: 'L', email: 'l@example.com', phone: '555-0100', address: null, city: 'Austin', state: 'TX', leadType: 'forex', source: null, notes: null, createdBy: 1, at: at(0) } },
    { type: 'LeadAutoReleaseExempted', data: { leadId: 1, exemptedBy: 1, at: at(3) } },
  ]],
  ['lead-2', 'lead', [
    { type: 'LeadCreated', data: { leadId: 2, name: 'M', email: 'm@example.com', phone: '555-0100', address: null, city: 'Austin', state: 'TX', leadType: 'forex', source: null, notes: null, createdBy: 1, at: at(0) } },
    { type: 'LeadAutoReleaseExempted', data: { leadId: 2, exemptedBy: 1, at: at(4) } },
    { type: 'LeadAutoReleaseExemptionLifted', data: { leadId: 2, liftedBy: 1, at: at(5) } },
  ]],
  ['pool-policy', 'pool', [{ type: 'PoolPolicyOverrideRemoved', data: { teamId: 4, by: 1, at: at(6) } }]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, streamType, events]) => ({ streamId, streamType, events })), [poolPolicy, leadAutoRelease]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

describe('pool_policies_v1', () => {
  it('holds the policy stream folded: every scope, its version, and a team back on the floor', async () => {
    await appliedHash(pool, poolPolicy, events.slice(0, 2), events.slice(2));
    const { rows } = await pool.query<{ policies: PoolPolicies; version: number }>(`select policies, version from pool_policies_v1`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(3);
    expect(rows[0]!.policies.version).toBe(3);
    expect(poolPolicyFor(rows[0]!.policies, 4)).toMatchObject({ source: 'floor', maxActiveClaims: 5, version: 1 });
    expect(rows[0]!.policies.teams).toEqual({});
  });

  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await appliedHash(pool, poolPolicy, events);
    expect(await appliedHash(pool, poolPolicy, events)).toEqual(once);
    expect(await appliedHash(pool, poolPolicy, events.slice(1), events.slice(4))).toEqual(once);
  });
});

describe('lead_auto_release_v1', () => {
  it('keeps each lead\'s exemption, and when a lifted one restarted its clock', async () => {
    await appliedHash(pool, leadAutoRelease, events);
    const { rows } = await pool.query(`select id, exempt, exempted_by, resumed_at from lead_auto_release_v1 order by id`);
    expect(rows).toEqual([
      { id: 1, exempt: true, exempted_by: 1, resumed_at: null },
      { id: 2, exempt: false, exempted_by: null, resumed_at: new Date(at(5)) },
    ]);
  });

  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await appliedHash(pool, leadAutoRelease, events);
    expect(await appliedHash(pool, leadAutoRelease, events)).toEqual(once);
    expect(await appliedHash(pool, leadAutoRelease, events.slice(3), events.slice(5))).toEqual(once);
  });
});
