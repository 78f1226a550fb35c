import type {
  ApplicationCounts, ApplicationStatus, EmployerJob, EmployerJobsResponse, Job, JobListResponse, JobSort, JobSummary,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { decodeCursor, encodeCursor } from './keyset-cursor';

type FileRef = { id: string; name: string; contentType: string; size: number };
export type JobRow = {
  id: number; owner_id: number; owner_name: string | null; status: Job['status']; title: string; description: string;
  company_name: string; company_website: string | null; product_name: string; sales_price: string; commission_rate: string;
  commission_per_close: string; target_market: string | null; tips_and_tricks: string | null; annual_sales: string | null;
  years_trading: number | null; file_uploads: FileRef[]; video_url: string | null; location: string; type: Job['type'];
  compensation: string | null; requirements: string | null; skills_required: string[]; created_at: Date; updated_at: Date;
  published_at: Date | null; closed_at: Date | null; filled_at: Date | null; version: number; application_count: number;
};

export const JOB_SELECT = `
  select j.*, u.full_name as owner_name, (select count(*)::int from job_applications_v1 a where a.job_id = j.id) as application_count
  from job_opportunities_v1 j left join users_v1 u on u.id = j.owner_id`;

/** An uploaded file's download address (query-service serves it, as an attachment). */
export const fileDto = (f: FileRef) => ({ ...f, contentType: f.contentType as Job['fileUploads'][number]['contentType'], url: `/api/closers/files/${f.id}` });

export const summaryOf = (r: JobRow): JobSummary => ({
  id: r.id, ownerId: r.owner_id, ownerName: r.owner_name ?? `User ${r.owner_id}`, title: r.title, companyName: r.company_name,
  productName: r.product_name, salesPrice: Number(r.sales_price), commissionRate: Number(r.commission_rate),
  commissionPerClose: Number(r.commission_per_close), location: r.location, type: r.type, compensation: r.compensation,
  skillsRequired: r.skills_required, status: r.status, createdAt: r.created_at.toISOString(),
  publishedAt: r.published_at?.toISOString() ?? null, applicationCount: r.application_count, version: r.version,
});

/** The owner, or any manager: edits the job and reviews its applications. */
export const managesJob = (actor: SessionActor, ownerId: number) => actor.id === ownerId || actor.role === 'manager';

const COUNTS = `count(*) filter (where a.status = 'pending')::int as pending, count(*) filter (where a.status = 'reviewing')::int as reviewing,
  count(*) filter (where a.status = 'accepted')::int as accepted, count(*) filter (where a.status = 'rejected')::int as rejected,
  count(*) filter (where a.status_reason = 'withdrawn_by_applicant')::int as withdrawn`;
export const countsSql = COUNTS;

/** A job as the viewer may see it: a draft only by its owner and managers (404 for anyone else). */
export async function readJob(pool: Pool, actor: SessionActor, jobId: number): Promise<Job> {
  const { rows } = await pool.query<JobRow>(`${JOB_SELECT} where j.id = $1`, [jobId]);
  const r = rows[0];
  const canManage = r !== undefined && managesJob(actor, r.owner_id);
  if (!r || (r.status === 'draft' && !canManage)) throw new ApiError(404, 'job.not_found', 'No such job.');
  const [{ rows: mine }, { rows: counts }] = await Promise.all([
    pool.query<{ id: number; status: ApplicationStatus; status_reason: 'withdrawn_by_applicant' | null }>(
      'select id, status, status_reason from job_applications_v1 where job_id = $1 and closer_id = $2', [jobId, actor.id]),
    canManage ? pool.query<ApplicationCounts>(`select ${COUNTS} from job_applications_v1 a where a.job_id = $1`, [jobId]) : Promise.resolve({ rows: [] }),
  ]);
  const m = mine[0];
  return {
    ...summaryOf(r),
    description: r.description, companyWebsite: r.company_website, targetMarket: r.target_market, tipsAndTricks: r.tips_and_tricks,
    annualSales: r.annual_sales === null ? null : Number(r.annual_sales), yearsTrading: r.years_trading,
    fileUploads: r.file_uploads.map(fileDto), videoUrl: r.video_url, requirements: r.requirements,
    updatedAt: r.updated_at.toISOString(), closedAt: r.closed_at?.toISOString() ?? null, filledAt: r.filled_at?.toISOString() ?? null,
    viewer: { canManage, myApplication: m ? { id: m.id, status: m.status, statusReason: m.status_reason } : null },
    applicationCounts: canManage ? counts[0] ?? null : null,
  };
}

export type JobBoardQuery = { search?: string; type?: Job['type']; location?: string; minCommission?: number; sort: JobSort; limit: number; cursor?: string };

const ORDER: Record<JobSort, { by: string; cmp: '<' | '>'; key: (r: JobRow) => (string | number)[]; shape: ('instant' | 'int' | 'id')[]; cols: string; casts: string[] }> = {
  newest: { by: 'j.published_at desc, j.id desc', cmp: '<', key: (r) => [r.published_at!.toISOString(), r.id], shape: ['instant', 'id'], cols: '(j.published_at, j.id)', casts: ['timestamptz', 'int'] },
  commission_desc: { by: 'j.commission_per_close desc, j.id desc', cmp: '<', key: (r) => [Number(r.commission_per_close), r.id], shape: ['int', 'id'], cols: '(j.commission_per_close, j.id)', casts: ['bigint', 'int'] },
  commission_asc: { by: 'j.commission_per_close asc, j.id asc', cmp: '>', key: (r) => [Number(r.commission_per_close), r.id], shape: ['int', 'id'], cols: '(j.commission_per_close, j.id)', casts: ['bigint', 'int'] },
};

/**
 * The job board: active jobs only. `search` matches every word in the title, company, product,
 * description or skills; `location` a part of the location; `minCommission` cents per close.
 */
export async function readJobBoard(pool: Pool, q: JobBoardQuery): Promise<JobListResponse> {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = ["j.status = 'active'"];
  for (const word of (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10)) where.push(`strpos(j.search_text, ${p(word)}) > 0`);
  if (q.type) where.push(`j.type = ${p(q.type)}`);
  if (q.location) where.push(`strpos(lower(j.location), ${p(q.location.toLowerCase())}) > 0`);
  if (q.minCommission !== undefined) where.push(`j.commission_per_close >= ${p(q.minCommission)}`);
  const filters = where.join(' and ');
  const totalParams = [...params];
  const order = ORDER[q.sort];
  let after = '';
  if (q.cursor !== undefined) {
    const key = decodeCursor(q.cursor, order.shape);
    after = `and ${order.cols} ${order.cmp} (${key.map((k, i) => `${p(k)}::${order.casts[i]}`).join(', ')})`;
  }
  const [{ rows }, { rows: total }] = await Promise.all([
    pool.query<JobRow>(`${JOB_SELECT} where ${filters} ${after} order by ${order.by} limit ${p(q.limit + 1)}`, params),
    pool.query<{ n: number }>(`select count(*)::int as n from job_opportunities_v1 j where ${filters}`, totalParams),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { jobs: page.map(summaryOf), nextCursor: rows.length > q.limit && last ? encodeCursor(order.key(last)) : null, total: total[0]!.n };
}

export type EmployerJobsQuery = { status?: Job['status']; scope: 'mine' | 'all'; limit: number; cursor?: string };

/** The viewer's own jobs in every status (a manager may ask for every job), newest first, with applications per status. */
export async function readEmployerJobs(pool: Pool, actor: SessionActor, q: EmployerJobsQuery): Promise<EmployerJobsResponse> {
  if (q.scope === 'all' && actor.role !== 'manager') throw new ApiError(403, 'job.manager_only', 'Only a manager sees every job on the floor.');
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = q.scope === 'mine' ? [`j.owner_id = ${p(actor.id)}`] : ['true'];
  if (q.status) where.push(`j.status = ${p(q.status)}`);
  if (q.cursor !== undefined) {
    const [createdAt, id] = decodeCursor(q.cursor, ['instant', 'id']);
    where.push(`(j.created_at, j.id) < (${p(createdAt)}::timestamptz, ${p(id)}::int)`);
  }
  const { rows } = await pool.query<JobRow & { counts: ApplicationCounts }>(
    `select x.*, c.counts from (${JOB_SELECT} where ${where.join(' and ')} order by j.created_at desc, j.id desc limit ${p(q.limit + 1)}) x
     cross join lateral (select to_jsonb(s) as counts from (select ${COUNTS} from job_applications_v1 a where a.job_id = x.id) s) c
     order by x.created_at desc, x.id desc`, params);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const jobs: EmployerJob[] = page.map((r) => ({ ...summaryOf(r), applicationCounts: r.counts }));
  return { jobs, nextCursor: rows.length > q.limit && last ? encodeCursor([last.created_at.toISOString(), last.id]) : null };
}
