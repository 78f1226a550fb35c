import { parseEventData, type ApplicationEvent, type JobEvent, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * The academy's own view of the closers hub: each job's owner and names, and each application's
 * standing. Kept here (from the hub's job-… and application-… events, read only) so the academy
 * answers "whose is this job" and "who is an accepted closer of it" from its own tables.
 */
export type AcademyJobRow = { id: number; owner_id: number; title: string; company_name: string; status: string; version: number };
export type AcademyEnrollmentRow = { application_id: number; job_id: number; closer_id: number; status: string; updated_at: string; version: number };

const jobHandles = ['JobPosted', 'JobEdited', 'JobPublished', 'JobClosed', 'JobFilled', 'JobReopened'] as const;

function reduceJob(row: AcademyJobRow | null, e: RecordedEvent): AcademyJobRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as (typeof jobHandles)[number], e.data, e.metadata.schemaVersion) } as JobEvent;
  if (ev.type === 'JobPosted') {
    const d = ev.data;
    return { id: d.jobId, owner_id: d.ownerId, title: d.fields.title, company_name: d.fields.companyName, status: 'draft', version: 0 };
  }
  if (!row) return null;
  switch (ev.type) {
    case 'JobEdited': return { ...row, title: ev.data.changes.title ?? row.title, company_name: ev.data.changes.companyName ?? row.company_name };
    case 'JobPublished': case 'JobReopened': return { ...row, status: 'active' };
    case 'JobClosed': return { ...row, status: 'closed' };
    case 'JobFilled': return { ...row, status: 'filled' };
  }
}

export const academyJobs = rowProjection<AcademyJobRow>({
  name: 'academy_jobs_v1',
  table: 'academy_jobs_v1',
  keyColumn: 'id',
  handles: jobHandles,
  keyOf: (e) => (/^job-\d+$/.test(e.streamId) ? Number(e.streamId.slice('job-'.length)) : null),
  reduce: reduceJob,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (id int primary key, owner_id int not null, title text not null, company_name text not null, status text not null, version int not null);
      create index on "${t}" (owner_id);
    `);
  },
});

const applicationHandles = ['ApplicationSubmitted', 'ApplicationStatusChanged'] as const;

function reduceApplication(row: AcademyEnrollmentRow | null, e: RecordedEvent): AcademyEnrollmentRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as (typeof applicationHandles)[number], e.data, e.metadata.schemaVersion) } as ApplicationEvent;
  if (ev.type === 'ApplicationSubmitted') {
    const d = ev.data;
    return { application_id: d.applicationId, job_id: d.jobId, closer_id: d.closerId, status: 'pending', updated_at: d.at, version: 0 };
  }
  if (!row || ev.type !== 'ApplicationStatusChanged') return row;
  return { ...row, status: ev.data.to, updated_at: ev.data.at };
}

export const academyEnrollments = rowProjection<AcademyEnrollmentRow>({
  name: 'academy_enrollments_v1',
  table: 'academy_enrollments_v1',
  keyColumn: 'application_id',
  handles: applicationHandles,
  keyOf: (e) => (/^application-\d+$/.test(e.streamId) ? Number(e.streamId.slice('application-'.length)) : null),
  reduce: reduceApplication,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        application_id int primary key, job_id int not null, closer_id int not null, status text not null, updated_at timestamptz not null, version int not null
      );
      create index on "${t}" (job_id, closer_id);
      create index on "${t}" (closer_id, status);
    `);
  },
});
