import type {
  Application, ApplicationCounts, ApplicationStatus, ApplicationSummary, JobApplicationsResponse, MyApplicationsResponse,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { countsSql, fileDto, managesJob } from './job-reads';
import { decodeCursor, encodeCursor } from './keyset-cursor';

type Step = { status: ApplicationStatus; statusReason: 'withdrawn_by_applicant' | null; feedback: string | null; at: string; byUserId: number };
type Row = {
  id: number; job_id: number; closer_id: number; job_owner_id: number; closer_name: string | null; closer_avatar: string | null;
  job_title: string; job_company: string; job_status: ApplicationSummary['job']['status']; owner_name: string | null;
  available_hours_per_week: number; available_start_date: string; status: ApplicationStatus; status_reason: 'withdrawn_by_applicant' | null;
  created_at: Date; status_changed_at: Date; message_count: number; last_message_at: Date | null; version: number;
  experience: string; message: string; linkedin_profile: string | null; available_days: Application['availableDays'];
  file_uploads: { id: string; name: string; contentType: string; size: number }[]; feedback: string | null; first_review_at: Date | null;
  first_reply_at: Date | null; timeline: Step[];
};

const SELECT = `
  select a.*, to_char(a.available_start_date, 'YYYY-MM-DD') as available_start_date,
         c.full_name as closer_name, c.avatar_url as closer_avatar, o.full_name as owner_name,
         j.title as job_title, j.company_name as job_company, j.status as job_status,
         t.message_count, t.last_message_at, t.first_reply_at
  from job_applications_v1 a
  join job_opportunities_v1 j on j.id = a.job_id
  left join users_v1 c on c.id = a.closer_id
  left join users_v1 o on o.id = a.job_owner_id
  cross join lateral (
    select count(*)::int as message_count, max(m.created_at) as last_message_at,
           min(m.created_at) filter (where m.sender_id <> a.closer_id) as first_reply_at
    from application_messages_v1 m where m.application_id = a.id
  ) t`;

const summaryOf = (r: Row): ApplicationSummary => ({
  id: r.id, jobId: r.job_id,
  job: { id: r.job_id, title: r.job_title, companyName: r.job_company, status: r.job_status, ownerId: r.job_owner_id, ownerName: r.owner_name ?? `User ${r.job_owner_id}` },
  closerId: r.closer_id, closerName: r.closer_name ?? `User ${r.closer_id}`, closerAvatarUrl: r.closer_avatar,
  availableHoursPerWeek: r.available_hours_per_week, availableStartDate: r.available_start_date,
  status: r.status, statusReason: r.status_reason, createdAt: r.created_at.toISOString(), statusChangedAt: r.status_changed_at.toISOString(),
  messageCount: r.message_count, lastMessageAt: r.last_message_at?.toISOString() ?? null, version: r.version,
});

const earliest = (...ds: (Date | null)[]) => ds.filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;

/**
 * Who may see an application: its applicant, the job's owner, a manager. Unknown: 404; anyone
 * else: 403. Returns the row and what the viewer may do with it.
 */
export async function requireApplication(pool: Pool, actor: SessionActor, id: number) {
  const { rows } = await pool.query<Row>(`${SELECT} where a.id = $1`, [id]);
  const r = rows[0];
  if (!r) throw new ApiError(404, 'application.not_found', 'No such application.');
  const isApplicant = r.closer_id === actor.id;
  // A manager who applied is an applicant there: never a reviewer of their own application.
  const canReview = !isApplicant && managesJob(actor, r.job_owner_id);
  if (!isApplicant && !canReview) throw new ApiError(403, 'application.forbidden', "Only the applicant, the job's owner and managers see an application.");
  return { row: r, isApplicant, canReview, canMessage: isApplicant || r.job_owner_id === actor.id };
}

/** One application with its status timeline (names resolved). Reviewer notes are never part of it. */
export async function readApplication(pool: Pool, actor: SessionActor, id: number): Promise<Application> {
  const { row: r, isApplicant, canReview, canMessage } = await requireApplication(pool, actor, id);
  const people = [...new Set(r.timeline.map((s) => s.byUserId))];
  const { rows: names } = await pool.query<{ id: number; full_name: string }>('select id, full_name from users_v1 where id = any($1::int[])', [people]);
  const nameOf = new Map(names.map((n) => [n.id, n.full_name]));
  return {
    ...summaryOf(r),
    experience: r.experience, message: r.message, linkedinProfile: r.linkedin_profile, availableDays: r.available_days,
    fileUploads: r.file_uploads.map(fileDto), feedback: r.feedback,
    firstResponseAt: earliest(r.first_review_at, r.first_reply_at)?.toISOString() ?? null,
    timeline: r.timeline.map((s) => ({ ...s, byName: nameOf.get(s.byUserId) ?? `User ${s.byUserId}` })),
    viewer: {
      isApplicant, canReview, canMessage,
      canWithdraw: isApplicant && r.status_reason === null && (r.status === 'pending' || r.status === 'reviewing'),
    },
  };
}

type ListQuery = { status?: ApplicationStatus; limit: number; cursor?: string };

/** The viewer's own applications, newest first, with how many they have in each status. */
export async function readMyApplications(pool: Pool, actor: SessionActor, q: ListQuery): Promise<MyApplicationsResponse> {
  const params: unknown[] = [actor.id];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = ['a.closer_id = $1'];
  if (q.status) where.push(`a.status = ${p(q.status)}`);
  if (q.cursor !== undefined) {
    const [at, id] = decodeCursor(q.cursor, ['instant', 'id']);
    where.push(`(a.created_at, a.id) < (${p(at)}::timestamptz, ${p(id)}::int)`);
  }
  const [{ rows }, { rows: counts }] = await Promise.all([
    pool.query<Row>(`${SELECT} where ${where.join(' and ')} order by a.created_at desc, a.id desc limit ${p(q.limit + 1)}`, params),
    pool.query<ApplicationCounts>(`select ${countsSql} from job_applications_v1 a where a.closer_id = $1`, [actor.id]),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    applications: page.map(summaryOf), counts: counts[0]!,
    nextCursor: rows.length > q.limit && last ? encodeCursor([last.created_at.toISOString(), last.id]) : null,
  };
}

/** A job's applications for its owner or a manager: oldest in its status first (a kanban column), with counts per status. */
export async function readJobApplications(pool: Pool, actor: SessionActor, jobId: number, q: ListQuery): Promise<JobApplicationsResponse> {
  const { rows: jobs } = await pool.query<{ owner_id: number; status: string }>('select owner_id, status from job_opportunities_v1 where id = $1', [jobId]);
  const job = jobs[0];
  const canManage = job !== undefined && managesJob(actor, job.owner_id);
  if (!job || (job.status === 'draft' && !canManage)) throw new ApiError(404, 'job.not_found', 'No such job.');
  if (!canManage) throw new ApiError(403, 'job.not_owner', "Only the job's owner (or a manager) sees its applications.");
  const params: unknown[] = [jobId];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = ['a.job_id = $1'];
  if (q.status) where.push(`a.status = ${p(q.status)}`);
  if (q.cursor !== undefined) {
    const [at, id] = decodeCursor(q.cursor, ['instant', 'id']);
    where.push(`(a.status_changed_at, a.id) > (${p(at)}::timestamptz, ${p(id)}::int)`);
  }
  const [{ rows }, { rows: counts }] = await Promise.all([
    pool.query<Row>(`${SELECT} where ${where.join(' and ')} order by a.status_changed_at, a.id limit ${p(q.limit + 1)}`, params),
    pool.query<ApplicationCounts>(`select ${countsSql} from job_applications_v1 a where a.job_id = $1`, [jobId]),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    applications: page.map(summaryOf), counts: counts[0]!,
    nextCursor: rows.length > q.limit && last ? encodeCursor([last.status_changed_at.toISOString(), last.id]) : null,
  };
}
