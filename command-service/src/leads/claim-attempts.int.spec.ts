import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { createClaimAttemptRecorder } from './claim-attempts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 10 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('claim attempts recorded during a claim storm', () => {
  it('writes every attempt once, with its outcome, in far fewer inserts than attempts; rate-limited clicks still add to their window', async () => {
    const record = createClaimAttemptRecorder(pool);
    const at = new Date('2026-03-01T10:00:00Z');
    const outcomes = ['won', 'lost', 'over_cap'] as const;
    const attempts = Array.from({ length: 300 }, (_, i) => ({ leadId: 1 + (i % 40), userId: 100 + i, outcome: outcomes[i % 3]!, attemptedAt: at, windowMs: 10_000 }));
    const clicks = Array.from({ length: 5 }, () => ({ leadId: 7, userId: 9, outcome: 'rate_limited' as const, attemptedAt: at, windowMs: 10_000 }));
    await Promise.all([...attempts, ...clicks].map(record));

    const { rows } = await pool.query<{ lead_id: number; user_id: number; outcome: string; repeats: number }>(
      'select lead_id, user_id, outcome, repeats from claim_attempts order by user_id');
    expect(rows.filter((r) => r.outcome !== 'rate_limited').map((r) => [r.lead_id, r.user_id, r.outcome]))
      .toEqual(attempts.map((a) => [a.leadId, a.userId, a.outcome]));
    expect(rows.filter((r) => r.outcome === 'rate_limited')).toEqual([{ lead_id: 7, user_id: 9, outcome: 'rate_limited', repeats: 5 }]);
    const { rows: [inserts] } = await pool.query<{ n: string }>(`select count(distinct xmin::text) as n from claim_attempts where outcome <> 'rate_limited'`);
    expect(Number(inserts!.n)).toBeLessThan(attempts.length / 10);
  });
});
