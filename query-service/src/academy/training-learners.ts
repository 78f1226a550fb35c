import type { LearnersResponse } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { activityCursor, afterActivity } from './activity-cursor';
import { progressOf, type LearnerRow, type TrainingRow } from './academy-reads';

type Row = LearnerRow & { full_name: string | null };


/** The training's learners (anyone with a record of it), most recently active first, a page at a time. */
export async function readLearners(pool: Pool, training: TrainingRow, { limit, cursor }: { limit: number; cursor?: string }): Promise<LearnersResponse> {
  const params: unknown[] = [training.id, limit + 1];
  let after = '';
  if (cursor !== undefined) {
    const [at, id] = afterActivity(cursor);
    params.push(at, id);
    after = 'and (l.updated_at, l.user_id) < ($3::timestamptz, $4::int)';
  }
  const { rows } = await pool.query<Row>(
    `select l.training_id, l.user_id, l.sections, l.attempts, l.certified_at, l.updated_at, l.version, u.full_name
     from training_learners_v1 l left join users_v1 u on u.id = l.user_id
     where l.training_id = $1 ${after} order by l.updated_at desc, l.user_id desc limit $2`, params);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const { assessmentsTotal } = progressOf(training, null);
  return {
    learners: page.map((r) => {
      const p = progressOf(training, r);
      return {
        userId: r.user_id, fullName: r.full_name ?? `User ${r.user_id}`, sectionsCompleted: p.sectionsCompleted, assessmentsPassed: p.assessmentsPassed,
        percent: p.percent, certifiedAt: r.certified_at?.toISOString() ?? null, lastActiveAt: r.updated_at.toISOString(),
      };
    }),
    nextCursor: rows.length > limit && last ? activityCursor(last.updated_at, last.user_id) : null,
    sectionsTotal: training.sections.length, assessmentsTotal,
  };
}
