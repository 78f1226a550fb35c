import type { AcademyResponse, TrainingAccess } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { activityCursor, afterActivity } from './activity-cursor';
import { progressOf, type LearnerRow, type TrainingRow } from './academy-reads';

type Row = TrainingRow & {
  access: TrainingAccess; job_title: string; company_name: string; learner: LearnerRow | null; last_at: Date | null; sort_at: Date;
};

/**
 * "My trainings": the trainings of jobs I was accepted on, of jobs I own, and those I started
 * reading in a preview that is still open; most recently active first (my own activity, or the
 * training's last change), a page at a time.
 */
export async function readMyTrainings(pool: Pool, userId: number, { limit, cursor }: { limit: number; cursor?: string }): Promise<AcademyResponse> {
  const params: unknown[] = [userId, limit + 1];
  let after = '';
  if (cursor !== undefined) {
    const [at, id] = afterActivity(cursor);
    params.push(at, id);
    after = 'where (sort_at, id) < ($3::timestamptz, $4::int)';
  }
  const { rows } = await pool.query<Row>(
    `with mine as (
       select distinct on (training_id) training_id, access from (
         select id as training_id, 'owner' as access, 1 as rank from academy_jobs_v1 where owner_id = $1
         union all select job_id, 'enrolled', 2 from academy_enrollments_v1 where closer_id = $1 and status = 'accepted'
         union all select training_id, 'preview', 3 from training_learners_v1 where user_id = $1
       ) m order by training_id, rank
     ), listed as (
       select t.id, t.job_id, t.content, t.sections, t.preview_open, t.assessments, t.updated_at, t.version, mine.access,
              j.title as job_title, j.company_name, to_jsonb(l) as learner,
              (select max(h.at) from training_heartbeats h where h.user_id = $1 and h.training_id = t.id) as last_at,
              greatest(t.updated_at, l.updated_at) as sort_at
       from mine join trainings_v1 t on t.id = mine.training_id join academy_jobs_v1 j on j.id = t.job_id
       left join training_learners_v1 l on l.training_id = t.id and l.user_id = $1
       where mine.access <> 'preview' or t.preview_open
     )
     select * from listed ${after} order by sort_at desc, id desc limit $2`, params);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    trainings: page.map((r) => {
      const learner = r.learner && { ...r.learner, certified_at: r.learner.certified_at && new Date(r.learner.certified_at) };
      const p = progressOf(r, learner);
      return {
        trainingId: r.id, jobId: r.job_id, jobTitle: r.job_title, companyName: r.company_name, access: r.access,
        sectionsTotal: r.sections.length, sectionsCompleted: p.sectionsCompleted, assessmentsTotal: p.assessmentsTotal,
        assessmentsPassed: p.assessmentsPassed, percent: p.percent, certifiedAt: learner?.certified_at?.toISOString() ?? null,
        lastAccessedAt: r.last_at?.toISOString() ?? null, updatedAt: r.sort_at.toISOString(),
      };
    }),
    nextCursor: rows.length > limit && last ? activityCursor(last.sort_at, last.id) : null,
  };
}
