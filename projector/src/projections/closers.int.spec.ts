import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { closerApplications } from './closers-applications';
import { closerJobs } from './closers-jobs';
import { applicationMessages, reviewerNotes } from './closers-threads';

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, 0) + m * 60_000).toISOString();
const fields = {
  title: 'Solar closer', description: 'Close solar', companyName: 'SunCo', productName: 'Panels', salesPrice: 2_000_000, commissionRate: 7.5,
  location: 'Remote', type: 'commission_only' as const, companyWebsite: null, targetMarket: null, tipsAndTricks: null, annualSales: 90_000_000,
  yearsTrading: 4, fileUploads: [], videoUrl: null, compensation: null, requirements: null, skillsRequired: ['Solar'],
};
const parties = { jobId: 1, closerId: 7, jobOwnerId: 5, jobTitle: 'Solar closer' };
const submitted = (applicationId: number, closerId: number, m: number): NewEvent => ({ type: 'ApplicationSubmitted', data: {
  ...parties, applicationId, closerId, experience: 'Years', message: 'Hi', linkedinProfile: null, availableHoursPerWeek: 20,
  availableStartDate: '2026-04-01', availableDays: ['monday'], fileUploads: [], at: at(m) } });
const moved = (applicationId: number, closerId: number, from: string, to: string, m: number, reason: string | null = null, feedback: string | null = null): NewEvent =>
  ({ type: 'ApplicationStatusChanged', data: { ...parties, applicationId, closerId, from, to, reason, feedback, at: at(m) } });

// Job 1 posted, edited, published, filled, reopened. Application 10 reviewed then accepted (by
// the owner, actor 5); application 11 withdrawn (by its applicant, actor 8). Two messages, a note.
const log = [
  { streamId: 'job-1', actorId: 5, events: [{ type: 'JobPosted', data: { jobId: 1, ownerId: 5, fields, at: at(0) } }] },
  { streamId: 'job-1', actorId: 5, events: [
    { type: 'JobEdited', data: { jobId: 1, changes: { commissionRate: 10, title: 'Senior solar closer' }, at: at(1) } },
    { type: 'JobPublished', data: { jobId: 1, at: at(2) } },
  ] },
  { streamId: 'application-10', actorId: 7, events: [submitted(10, 7, 3)] },
  { streamId: 'application-11', actorId: 8, events: [submitted(11, 8, 4)] },
  { streamId: 'application_message-20', actorId: 5, events: [{ type: 'ApplicationMessagePosted', data: { ...parties, applicationId: 10, messageId: 20, senderId: 5, content: 'Call me', at: at(5) } }] },
  { streamId: 'application-10', actorId: 5, events: [moved(10, 7, 'pending', 'reviewing', 6)] },
  { streamId: 'application_note-30', actorId: 5, events: [{ type: 'ReviewerNoteAdded', data: { noteId: 30, applicationId: 10, jobId: 1, authorId: 5, content: 'Strong', at: at(7) } }] },
  { streamId: 'application-11', actorId: 8, events: [moved(11, 8, 'pending', 'rejected', 8, 'withdrawn_by_applicant')] },
  { streamId: 'application-10', actorId: 5, events: [moved(10, 7, 'reviewing', 'accepted', 9, null, 'Welcome')] },
  { streamId: 'application_message-21', actorId: 7, events: [{ type: 'ApplicationMessagePosted', data: { ...parties, applicationId: 10, messageId: 21, senderId: 7, content: 'Thanks!', at: at(10) } }] },
  { streamId: 'job-1', actorId: 5, events: [{ type: 'JobFilled', data: { jobId: 1, at: at(11) } }, { type: 'JobReopened', data: { jobId: 1, from: 'filled', at: at(12) } }] },
] as { streamId: string; actorId: number; events: NewEvent[] }[];

const all = [closerJobs, closerApplications, applicationMessages, reviewerNotes];
let fixture: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  fixture = await projectionLog(log, all);
  ({ pool, events } = fixture);
});
afterAll(() => fixture.close());

describe('closers hub read models', () => {
  it('change nothing when events are applied twice, or redelivered in part', async () => {
    for (const p of all) {
      const once = await appliedHash(pool, p, events);
      expect(await appliedHash(pool, p, events)).toEqual(once);
      expect(await appliedHash(pool, p, events.slice(3), events.slice(6))).toEqual(once);
    }
  });

  it('hold the job as its events leave it, with the commission per close the board sorts on', async () => {
    await appliedHash(pool, closerJobs, events);
    const { rows } = await pool.query('select id, owner_id, status, title, commission_rate::float as rate, commission_per_close::int as per_close, annual_sales::bigint::text as annual, search_text, filled_at, version from job_opportunities_v1');
    expect(rows).toEqual([{
      id: 1, owner_id: 5, status: 'active', title: 'Senior solar closer', rate: 10, per_close: 200_000, annual: '90000000',
      search_text: 'senior solar closer sunco panels close solar solar', filled_at: null, version: 5,
    }]);
  });

  it('hold each application with its timeline, withdrawn as rejected with its reason, first review by the employer only', async () => {
    await appliedHash(pool, closerApplications, events);
    const { rows } = await pool.query(`select id, status, status_reason, feedback, first_review_at is not null as reviewed,
                                              jsonb_path_query_array(timeline, '$[*].status') as steps, jsonb_path_query_array(timeline, '$[*].byUserId') as by, version
                                       from job_applications_v1 order by id`);
    expect(rows).toEqual([
      { id: 10, status: 'accepted', status_reason: null, feedback: 'Welcome', reviewed: true, steps: ['pending', 'reviewing', 'accepted'], by: [7, 5, 5], version: 3 },
      { id: 11, status: 'rejected', status_reason: 'withdrawn_by_applicant', feedback: null, reviewed: false, steps: ['pending', 'rejected'], by: [8, 8], version: 2 },
    ]);
  });

  it('keep the thread and the notes apart', async () => {
    await appliedHash(pool, applicationMessages, events);
    await appliedHash(pool, reviewerNotes, events);
    expect((await pool.query('select id, sender_id, content from application_messages_v1 order by id')).rows).toEqual([
      { id: 20, sender_id: 5, content: 'Call me' }, { id: 21, sender_id: 7, content: 'Thanks!' },
    ]);
    expect((await pool.query('select id, application_id, author_id, content from application_notes_v1')).rows).toEqual([
      { id: 30, application_id: 10, author_id: 5, content: 'Strong' },
    ]);
  });
});
