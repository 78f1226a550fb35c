import type { ApplicationCounts, EmployerDashboard } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { countsSql } from './job-reads';

const WEEKS = 12;

/**
 * The employer dashboard: figures over the viewer's own jobs, each computed here from the jobs',
 * applications' and messages' read models (nothing stored pre-counted).
 * - first response: the earliest of the first status change by the employer's side and the first
 *   message of someone other than the applicant; the median over applications that had one.
 * - acceptance rate: accepted over accepted plus rejected by the employer (withdrawals are the
 *   applicant's, not decisions).
 * Weeks start on Monday in the floor's time zone.
 */
export async function readEmployerDashboard(pool: Pool, userId: number, now: Date, timeZone: string): Promise<EmployerDashboard> {
  const [{ rows: jobs }, { rows: apps }, { rows: response }, { rows: weeks }, { rows: busiest }] = await Promise.all([
    pool.query<{ status: string; n: number }>('select status, count(*)::int as n from job_opportunities_v1 where owner_id = $1 group by status', [userId]),
    pool.query<ApplicationCounts & { total: number }>(`select ${countsSql}, count(*)::int as total from job_applications_v1 a where a.job_owner_id = $1`, [userId]),
    pool.query<{ median: number | null; responded: number }>(
      `with firsts as (
         select a.created_at, least(a.first_review_at,
                  (select min(m.created_at) from application_messages_v1 m where m.application_id = a.id and m.sender_id <> a.closer_id)) as first_at
         from job_applications_v1 a where a.job_owner_id = $1
       )
       select round(percentile_cont(0.5) within group (order by extract(epoch from first_at - created_at)))::int as median,
              count(first_at)::int as responded
       from firsts where first_at is not null`, [userId]),
    pool.query<{ week_start: string; count: number }>(
      `with weeks as (
         select generate_series(date_trunc('week', ($2::timestamptz at time zone $3)) - interval '${WEEKS - 1} weeks',
                                date_trunc('week', ($2::timestamptz at time zone $3)), interval '1 week') as week_start
       )
       select to_char(w.week_start, 'YYYY-MM-DD') as week_start, count(a.id)::int as count
       from weeks w left join job_applications_v1 a
         on a.job_owner_id = $1 and date_trunc('week', a.created_at at time zone $3) = w.week_start
       group by w.week_start order by w.week_start`, [userId, now, timeZone]),
    pool.query<{ job_id: number; title: string; waiting: number; total: number }>(
      `select j.id as job_id, j.title, count(a.id) filter (where a.status in ('pending', 'reviewing'))::int as waiting, count(a.id)::int as total
       from job_opportunities_v1 j left join job_applications_v1 a on a.job_id = j.id
       where j.owner_id = $1 and j.status = 'active'
       group by j.id, j.title order by waiting desc, total desc, j.id limit 5`, [userId]),
  ]);
  const byStatus = Object.fromEntries(jobs.map((j) => [j.status, j.n])) as Record<string, number>;
  const jobsByStatus = { draft: byStatus.draft ?? 0, active: byStatus.active ?? 0, closed: byStatus.closed ?? 0, filled: byStatus.filled ?? 0 };
  const { total, ...applicationsByStatus } = apps[0]!;
  const decided = applicationsByStatus.accepted + applicationsByStatus.rejected - applicationsByStatus.withdrawn;
  return {
    isEmployer: Object.values(jobsByStatus).some((n) => n > 0),
    openJobs: jobsByStatus.active,
    jobsByStatus,
    applicationsByStatus,
    totalApplications: total,
    medianFirstResponseSeconds: response[0]?.median ?? null,
    respondedCount: response[0]?.responded ?? 0,
    acceptanceRate: decided === 0 ? null : Math.round((applicationsByStatus.accepted / decided) * 1000) / 10,
    decidedCount: decided,
    applicationsPerWeek: weeks.map((w) => ({ weekStart: w.week_start, count: w.count })),
    busiestJobs: busiest.map((b) => ({ jobId: b.job_id, title: b.title, waiting: b.waiting, total: b.total })),
  };
}
