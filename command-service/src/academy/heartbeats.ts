import { HEARTBEAT_IDLE_CUTOFF_SECONDS } from '@leadfloor/contracts';
import type { TrainingSection } from '@leadfloor/events';
import { withTransaction, type Pool } from '@leadfloor/infra/postgres/pool';

/**
 * The seconds a heartbeat earns: what the console counted, but never more than the wall-clock
 * gap since the learner's previous heartbeat on this training, and nothing after a gap longer
 * than the idle cut-off (the learner was away, or the section hidden). The first heartbeat of
 * a sitting only starts the clock.
 */
export function creditFor(claimedSeconds: number, previousAt: Date | null, now: Date): number {
  if (!previousAt) return 0;
  const gap = Math.floor((now.getTime() - previousAt.getTime()) / 1000);
  if (gap < 0 || gap > HEARTBEAT_IDLE_CUTOFF_SECONDS) return 0;
  return Math.min(claimedSeconds, gap);
}

/**
 * Records one heartbeat and answers what it credited and the section's total. Heartbeats of one
 * learner on one training are serialised (a transaction lock on the pair), so two tabs or a
 * retried request can never credit the same seconds twice.
 */
export async function recordHeartbeat(
  pool: Pool, h: { userId: number; trainingId: number; section: TrainingSection; claimedSeconds: number; now: Date },
): Promise<{ credited: number; total: number }> {
  return withTransaction(pool, async (db) => {
    await db.query('select pg_advisory_xact_lock($1::int, $2::int)', [h.userId, h.trainingId]);
    const { rows: prev } = await db.query<{ at: Date }>(
      'select at from training_heartbeats where user_id = $1 and training_id = $2 order by id desc limit 1', [h.userId, h.trainingId]);
    const credited = creditFor(h.claimedSeconds, prev[0]?.at ?? null, h.now);
    const { rows } = await db.query<{ total: number }>(
      `with added as (
         insert into training_heartbeats (user_id, training_id, section, at, claimed_seconds, credited_seconds)
         values ($1, $2, $3, $4, $5, $6) returning credited_seconds
       )
       select (coalesce((select sum(credited_seconds) from training_heartbeats where user_id = $1 and training_id = $2 and section = $3), 0)
               + (select credited_seconds from added))::int as total`,
      [h.userId, h.trainingId, h.section, h.now, h.claimedSeconds, credited]);
    return { credited, total: rows[0]!.total };
  });
}
