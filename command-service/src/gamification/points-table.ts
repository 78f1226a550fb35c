import type { PointsRule } from '@leadfloor/events';
import type { UserLevel } from '../users/user';

/**
 * What each activity is worth. Points are derived from events by the points process manager,
 * so a changed table takes effect for the whole history: bump `version` with any change, and
 * the process manager (whose checkpoint is named after the version) re-reads the log from the
 * start and appends only the corrections (README, "Replaying points").
 */
export type PointsTable = { version: number; points: Record<PointsRule, number> };

export const pointsTable: PointsTable = {
  version: 1,
  points: {
    claim: 5, // first claim of a lead by this agent (re-claims and reassignments earn nothing)
    contact: 10, // the lead moved to contacted while this agent held it (once per lead)
    qualify: 20, // the lead moved to qualified while this agent held it (once per lead)
    sale: 75, // a sale recorded; taken back if its commission is rejected
    call: 5, // a completed call
  },
};

/** Spec 2.5 and 9: rookie below 500, pro from 500, elite from 1,500. */
export const levelFor = (points: number): UserLevel => (points >= 1500 ? 'elite' : points >= 500 ? 'pro' : 'rookie');
