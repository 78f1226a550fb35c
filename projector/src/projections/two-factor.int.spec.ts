import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { floorPolicy, userTwoFactor } from './two-factor';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute)).toISOString();
const hashes = Array.from({ length: 10 }, (_, i) => `h${i}`);
const secretId = '0b4a8e4e-5b1c-4a57-9c7e-2f0c1d3e4a5b';
const registered = (userId: number): NewEvent => ({ type: 'UserRegistered', data: {
  userId, username: `u${userId}`, email: `u${userId}@example.com`, fullName: 'U Ser', passwordHash: 'h', role: 'agent', level: 'rookie', points: 0, at: at(0) } });
const enabled = (userId: number, minute: number): NewEvent[] => [
  { type: 'TwoFactorEnabled', data: { userId, secretId, step: 100, at: at(minute) } },
  { type: 'RecoveryCodesIssued', data: { userId, codeHashes: hashes, at: at(minute) } },
];

// User 7 turns it on, spends two recovery codes and signs in with a code; user 8 turns it on,
// renews the codes, then turns it off; user 9 never does. A manager (1) requires it, then not.
const appends: [string, NewEvent[]][] = [
  ['user-7', [registered(7), ...enabled(7, 1)]],
  ['user-8', [registered(8), ...enabled(8, 2)]],
  ['user-9', [registered(9)]],
  ['user-7', [{ type: 'RecoveryCodeUsed', data: { userId: 7, index: 0, at: at(3) } }, { type: 'TwoFactorCodeUsed', data: { userId: 7, step: 101, at: at(3) } }]],
  ['floor-policy', [{ type: 'FloorTwoFactorPolicySet', data: { required: true, by: 1, at: at(4) } }]],
  ['user-8', [{ type: 'RecoveryCodesIssued', data: { userId: 8, codeHashes: hashes.map((h) => `${h}x`), at: at(5) } }]],
  ['user-7', [{ type: 'RecoveryCodeUsed', data: { userId: 7, index: 4, at: at(6) } }]],
  ['floor-policy', [{ type: 'FloorTwoFactorPolicySet', data: { required: false, by: 1, at: at(7) } }]],
  ['user-8', [{ type: 'TwoFactorDisabled', data: { userId: 8, at: at(8) } }]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, events })), [userTwoFactor, floorPolicy]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

describe('user_two_factor_v1 and floor_policy_v1', () => {
  it("keep whether each user's second factor is on and the codes left, and the floor's rule", async () => {
    await appliedHash(pool, userTwoFactor, events.slice(0, 6), events.slice(6));
    await appliedHash(pool, floorPolicy, events);
    const { rows } = await pool.query('select user_id, enabled, enabled_at, recovery_codes_left, version from user_two_factor_v1 order by user_id');
    expect(rows).toEqual([
      { user_id: 7, enabled: true, enabled_at: new Date(at(1)), recovery_codes_left: 8, version: 6 },
      { user_id: 8, enabled: false, enabled_at: null, recovery_codes_left: 0, version: 5 },
    ]);
    const policy = await pool.query('select id, two_factor_required, updated_by, updated_at, version from floor_policy_v1');
    expect(policy.rows).toEqual([{ id: 'floor', two_factor_required: false, updated_by: 1, updated_at: new Date(at(7)), version: 2 }]);
  });

  it('changes nothing when events are applied twice or redelivered in part', async () => {
    const once = await appliedHash(pool, userTwoFactor, events);
    expect(once.rows).toBe(2);
    expect(await appliedHash(pool, userTwoFactor, events)).toEqual(once);
    expect(await appliedHash(pool, userTwoFactor, events.slice(4), events.slice(9))).toEqual(once);
    const policy = await appliedHash(pool, floorPolicy, events);
    expect(await appliedHash(pool, floorPolicy, events.slice(5))).toEqual(policy);
  });
});
