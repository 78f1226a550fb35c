import type { PoolPolicyRules } from '@leadfloor/events';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_POLICY_STREAM, poolPolicyAggregate } from '../../command-service/src/pool-policy/pool-policy';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { startApi, type Agent, type Api } from '../api-harness';

// Lead commands are built on the pool policy the command service last read, with no read of it
// per command; their append carries the policy's version and happens only while it holds. Here
// the policy changes behind the service's back, as another process would change it (its own
// store and command handler on the same database, so the service's memory is not told): the
// next command still obeys the new policy.

let api: Api;
let max: Agent; // signs the policy changes as their manager
let ann: Agent;
beforeAll(async () => {
  api = await startApi({ claimLimit: { max: 1_000, windowMs: 10_000 } });
  [max, ann] = [await api.agent('max'), await api.agent('ann')];
}, 120_000);
afterAll(async () => api.close());

const rules: PoolPolicyRules = { maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 30, distribution: 'first_come', weights: [], dripPerHour: null, offerTimeoutMinutes: 5 };
const newLead = { name: 'Dana Scott', email: 'dana@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'real_estate' };
const create = async () => (await max.request('POST', '/api/leads', newLead)).json().lead.id as number;

/** Sets the floor's rules the way another command-service process would: not through this app. */
async function setFloorRulesElsewhere(changes: Partial<PoolPolicyRules>) {
  const handle = createCommandHandler(createPostgresEventStore(api.pool));
  const out = await handle(poolPolicyAggregate, POOL_POLICY_STREAM, {
    type: 'SetPoolPolicy', data: { teamId: null, rules: { ...rules, ...changes } },
    meta: { now: new Date().toISOString(), actor: { id: max.id, role: 'manager', teamId: null } },
  }, { actorId: max.id, correlationId: 'elsewhere' });
  return out.version;
}

describe('the pool policy a command is built on', () => {
  it('is the one committed before its append, even when another process changed it since this one last read it', async () => {
    const [first, second, third] = [await create(), await create(), await create()];
    // The service reads the policy (none yet: no cap) and remembers it.
    expect((await ann.request('POST', `/api/leads/${first}/claim`, {})).statusCode).toBe(200);

    await setFloorRulesElsewhere({ maxActiveClaims: 1 });
    const over = await ann.request('POST', `/api/leads/${second}/claim`, {});
    expect(over.json()).toMatchObject({ status: 409, code: 'claim_limit_reached', cap: 1, count: 1 });
    const { rows } = await api.pool.query<{ n: number }>(
      `select count(*)::int as n from events where type = 'LeadClaimed' and stream_id = $1`, [`lead-${second}`]);
    expect(rows[0]!.n).toBe(0);

    // The answer of a command shows the lead by the policy its append was guarded by.
    await setFloorRulesElsewhere({ maxActiveClaims: 2, autoReleaseHours: 2 });
    const claimed = await ann.request('POST', `/api/leads/${third}/claim`, {});
    expect(claimed.statusCode).toBe(200);
    const { claimedAt, autoReleaseAt } = claimed.json().lead;
    expect(Date.parse(autoReleaseAt) - Date.parse(claimedAt)).toBe(2 * 3_600_000);

    await setFloorRulesElsewhere({ maxActiveClaims: 2, autoReleaseHours: 3 });
    const staged = await ann.request('PATCH', `/api/leads/${third}`, { score: 40 });
    expect(staged.statusCode).toBe(200);
    // Counted from the claim, or from when the 3-hour rule was set if that came later (moments after).
    const heldFor = Date.parse(staged.json().lead.autoReleaseAt) - Date.parse(staged.json().lead.claimedAt);
    expect(heldFor).toBeGreaterThanOrEqual(3 * 3_600_000);
    expect(heldFor).toBeLessThan(3 * 3_600_000 + 60_000);
  });
});
