import { parseEventData, type ApplicationEvent, type JobFields, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

type Status = 'pending' | 'reviewing' | 'accepted' | 'rejected';
/** One step of the status timeline: who moved it where, when. */
export type StatusStep = { status: Status; statusReason: string | null; feedback: string | null; at: string; byUserId: number };

/** One row per application (spec job_applications), with its status timeline. */
export type ApplicationRow = {
  id: number; job_id: number; closer_id: number; job_owner_id: number;
  experience: string; message: string; linkedin_profile: string | null; available_hours_per_week: number;
  available_start_date: string; available_days: string[]; file_uploads: JobFields['fileUploads'];
  status: Status; status_reason: string | null; feedback: string | null;
  created_at: string; status_changed_at: string;
  /** The first status change by the employer's side (a withdrawal is the applicant's, not a response). */
  first_review_at: string | null;
  timeline: StatusStep[];
  version: number;
};

const APPLICATION_EVENTS = ['ApplicationSubmitted', 'ApplicationStatusChanged'] as const;

function reduce(row: ApplicationRow | null, e: RecordedEvent): ApplicationRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as (typeof APPLICATION_EVENTS)[number], e.data, e.metadata.schemaVersion) } as ApplicationEvent;
  if (ev.type === 'ApplicationSubmitted') {
    const d = ev.data;
    return {
      id: d.applicationId, job_id: d.jobId, closer_id: d.closerId, job_owner_id: d.jobOwnerId,
      experience: d.experience, message: d.message, linkedin_profile: d.linkedinProfile, available_hours_per_week: d.availableHoursPerWeek,
      available_start_date: d.availableStartDate, available_days: d.availableDays, file_uploads: d.fileUploads,
      status: 'pending', status_reason: null, feedback: null, created_at: d.at, status_changed_at: d.at, first_review_at: null,
      timeline: [{ status: 'pending', statusReason: null, feedback: null, at: d.at, byUserId: d.closerId }],
      version: 0,
    };
  }
  if (!row || ev.type !== 'ApplicationStatusChanged') return row;
  const d = ev.data;
  const withdrawn = d.reason !== null;
  // A change made by a system actor (a seed, an import) is the employer's side unless withdrawn.
  const by = e.metadata.actorId ?? (withdrawn ? d.closerId : d.jobOwnerId);
  return {
    ...row,
    status: d.to, status_reason: d.reason, feedback: withdrawn ? row.feedback : d.feedback,
    status_changed_at: d.from === d.to ? row.status_changed_at : d.at,
    first_review_at: row.first_review_at ?? (withdrawn ? null : d.at),
    timeline: [...row.timeline, { status: d.to, statusReason: d.reason, feedback: d.feedback, at: d.at, byUserId: by }],
  };
}

/**
 * Applications as the hub lists them: a closer's own (newest first), a job's as a kanban by
 * status (oldest in its status first), one application with its timeline, and the employer
 * dashboard's figures. Also where other areas read who is an accepted closer of a job.
 */
export const closerApplications = rowProjection<ApplicationRow>({
  name: 'job_applications_v1',
  table: 'job_applications_v1',
  keyColumn: 'id',
  handles: APPLICATION_EVENTS,
  keyOf: (e) => (/^application-\d+$/.test(e.streamId) ? Number(e.streamId.slice('application-'.length)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, job_id int not null, closer_id int not null, job_owner_id int not null,
        experience text not null, message text not null, linkedin_profile text, available_hours_per_week int not null,
        available_start_date date not null, available_days jsonb not null, file_uploads jsonb not null,
        status text not null, status_reason text, feedback text, created_at timestamptz not null, status_changed_at timestamptz not null,
        first_review_at timestamptz, timeline jsonb not null, version int not null
      );
      create index on "${t}" (job_id, status, status_changed_at, id);
      create index on "${t}" (closer_id, created_at desc, id desc);
      create index on "${t}" (job_owner_id, created_at);
      create index on "${t}" using gin (file_uploads jsonb_path_ops);
    `);
  },
});
