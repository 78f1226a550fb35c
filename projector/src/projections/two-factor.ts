import { parseEventData, type RecordedEvent, type TwoFactorEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * One row per user who ever set up a second factor: whether it is on, since when, and how many
 * recovery codes are left. Never a secret or a code's hash.
 */
export type UserTwoFactorRow = { user_id: number; enabled: boolean; enabled_at: string | null; recovery_codes_left: number; version: number };

const USER_EVENTS = ['TwoFactorEnabled', 'RecoveryCodesIssued', 'RecoveryCodeUsed', 'TwoFactorDisabled'] as const;

function reduceUser(row: UserTwoFactorRow | null, e: RecordedEvent): UserTwoFactorRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as (typeof USER_EVENTS)[number], e.data, e.metadata.schemaVersion) } as TwoFactorEvent;
  switch (ev.type) {
    case 'TwoFactorEnabled':
      return { user_id: ev.data.userId, enabled: true, enabled_at: ev.data.at, recovery_codes_left: 0, version: 0 };
    case 'RecoveryCodesIssued':
      return row && { ...row, recovery_codes_left: ev.data.codeHashes.length };
    case 'RecoveryCodeUsed':
      return row && { ...row, recovery_codes_left: Math.max(0, row.recovery_codes_left - 1) };
    case 'TwoFactorDisabled':
      return row && { ...row, enabled: false, enabled_at: null, recovery_codes_left: 0 };
    default:
      return row;
  }
}

export const userTwoFactor = rowProjection<UserTwoFactorRow>({
  name: 'user_two_factor_v1',
  table: 'user_two_factor_v1',
  keyColumn: 'user_id',
  handles: USER_EVENTS,
  keyOf: (e) => (e.streamId.startsWith('user-') ? Number(e.streamId.slice(5)) : null),
  reduce: reduceUser,
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (
      user_id int primary key, enabled boolean not null, enabled_at timestamptz, recovery_codes_left int not null, version int not null)`);
  },
});

/** The floor's sign-in rule (one row, once a manager first set it; no row: not required). */
export type FloorPolicyRow = { id: string; two_factor_required: boolean; updated_by: number; updated_at: string; version: number };

export const FLOOR_POLICY_ROW = 'floor';

export const floorPolicy = rowProjection<FloorPolicyRow>({
  name: 'floor_policy_v1',
  table: 'floor_policy_v1',
  keyColumn: 'id',
  handles: ['FloorTwoFactorPolicySet'],
  keyOf: (e) => (e.streamId === 'floor-policy' ? FLOOR_POLICY_ROW : null),
  reduce(_row, e) {
    const d = parseEventData('FloorTwoFactorPolicySet', e.data, e.metadata.schemaVersion);
    return { id: FLOOR_POLICY_ROW, two_factor_required: d.required, updated_by: d.by, updated_at: d.at, version: 0 };
  },
  async createTables(db, { rows: t }) {
    await db.query(`create table "${t}" (
      id text primary key, two_factor_required boolean not null, updated_by int not null, updated_at timestamptz not null, version int not null)`);
  },
});
