import type { JobEvent, JobFields } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { decideJob } from './decide-job';
import { evolveJob, initialJobState, type JobCommand, type UploadedFiles } from './job';

const at = '2026-03-01T10:00:00.000Z';
const owner: Actor = { id: 5, role: 'agent', teamId: 3 };
const other: Actor = { id: 6, role: 'agent', teamId: 3 };
const manager: Actor = { id: 1, role: 'manager', teamId: null };
const brochure = { id: '11111111-1111-4111-8111-111111111111', name: 'brochure.pdf', contentType: 'application/pdf', size: 1200 };

const fields: Omit<JobFields, 'fileUploads'> = {
  title: 'Solar closer', description: 'Close solar deals', companyName: 'SunCo', productName: 'Panels', salesPrice: 2_000_000, commissionRate: 7.5,
  location: 'Remote', type: 'commission_only', companyWebsite: null, targetMarket: null, tipsAndTricks: null, annualSales: null, yearsTrading: null,
  videoUrl: 'https://video.example.com/pitch', compensation: null, requirements: null, skillsRequired: ['solar'],
};
const posted: JobEvent = { type: 'JobPosted', data: { jobId: 9, ownerId: 5, fields: { ...fields, fileUploads: [] }, at } };
const published: JobEvent = { type: 'JobPublished', data: { jobId: 9, at } };
const closed: JobEvent = { type: 'JobClosed', data: { jobId: 9, at } };
const filled: JobEvent = { type: 'JobFilled', data: { jobId: 9, at } };

const stateOf = (events: JobEvent[]) => events.reduce(evolveJob, initialJobState());
const given = (...events: JobEvent[]) => ({
  when: (c: JobCommand) => ({
    then: (expected: JobEvent[]) => expect(decideJob(c, stateOf(events))).toEqual(expected),
    thenRefuses: (kind: string, code: string) => expect(() => decideJob(c, stateOf(events))).toThrow(expect.objectContaining({ kind, code })),
  }),
});
const post = (actor: Actor, f: Partial<JobFields> = {}, fileIds: string[] = [], files: UploadedFiles = {}): JobCommand =>
  ({ type: 'PostJob', data: { jobId: 9, fields: { ...fields, ...f }, fileIds }, meta: { now: at, actor, files } });
const move = (type: 'PublishJob' | 'CloseJob' | 'FillJob' | 'ReopenJob', actor: Actor = owner, expectedVersion?: number): JobCommand =>
  ({ type, data: { expectedVersion }, meta: { now: at, actor } });
const edit = (actor: Actor, changes: Partial<JobFields>, extra: { fileIds?: string[]; files?: UploadedFiles; expectedVersion?: number } = {}): JobCommand =>
  ({ type: 'EditJob', data: { changes, fileIds: extra.fileIds, expectedVersion: extra.expectedVersion }, meta: { now: at, actor, files: extra.files ?? {} } });

describe('job decider: posting', () => {
  it('posts a draft owned by whoever posts it, with their own uploads', () => {
    given().when(post(owner)).then([posted]);
    const files = { [brochure.id]: { ref: brochure, uploadedBy: 5 } };
    given().when(post(owner, {}, [brochure.id], files)).then([{ ...posted, data: { ...posted.data, fields: { ...posted.data.fields, fileUploads: [brochure] } } } as JobEvent]);
  });

  it("refuses someone else's upload, an unknown file, a second post", () => {
    given().when(post(owner, {}, [brochure.id], { [brochure.id]: { ref: brochure, uploadedBy: 6 } })).thenRefuses('RuleViolation', 'closers.file_not_found');
    given().when(post(owner, {}, [brochure.id], { [brochure.id]: null })).thenRefuses('RuleViolation', 'closers.file_not_found');
    given(posted).when(post(owner)).thenRefuses('RuleViolation', 'job.exists');
  });

  it('holds money to whole cents, the commission rate to 0-100 and videos to https', () => {
    given().when(post(owner, { salesPrice: 10.5 })).thenRefuses('RuleViolation', 'job.money_not_cents');
    given().when(post(owner, { annualSales: -1 })).thenRefuses('RuleViolation', 'job.money_not_cents');
    given().when(post(owner, { commissionRate: 100.01 })).thenRefuses('RuleViolation', 'job.commission_rate_range');
    given().when(post(owner, { commissionRate: -1 })).thenRefuses('RuleViolation', 'job.commission_rate_range');
    given().when(post(owner, { videoUrl: 'http://video.example.com/pitch' })).thenRefuses('RuleViolation', 'job.video_not_https');
    given().when(post(owner, { videoUrl: 'javascript:alert(1)' })).thenRefuses('RuleViolation', 'job.video_not_https');
    given().when(post(owner, { title: '   ' })).thenRefuses('RuleViolation', 'job.field_empty');
    given().when(post(owner, { commissionRate: 100, salesPrice: 0 })).then([{ ...posted, data: { ...posted.data, fields: { ...posted.data.fields, commissionRate: 100, salesPrice: 0 } } } as JobEvent]);
  });
});

describe('job decider: lifecycle draft -> active -> closed or filled, reopen', () => {
  it('publishes a draft, closes or fills an active job, reopens a closed or filled one', () => {
    given(posted).when(move('PublishJob')).then([published]);
    given(posted, published).when(move('CloseJob')).then([closed]);
    given(posted, published).when(move('FillJob')).then([filled]);
    given(posted, published, closed).when(move('FillJob')).then([filled]);
    given(posted, published, closed).when(move('ReopenJob')).then([{ type: 'JobReopened', data: { jobId: 9, from: 'closed', at } }]);
    given(posted, published, filled).when(move('ReopenJob')).then([{ type: 'JobReopened', data: { jobId: 9, from: 'filled', at } }]);
  });

  it('does nothing for a move to where the job already is', () => {
    given(posted, published).when(move('PublishJob')).then([]);
    given(posted, published, closed).when(move('CloseJob')).then([]);
    given(posted, published, filled).when(move('FillJob')).then([]);
    given(posted, published).when(move('ReopenJob')).then([]);
  });

  it('refuses moves that skip a step', () => {
    given(posted).when(move('CloseJob')).thenRefuses('RuleViolation', 'job.not_active');
    given(posted).when(move('FillJob')).thenRefuses('RuleViolation', 'job.not_published');
    given(posted).when(move('ReopenJob')).thenRefuses('RuleViolation', 'job.not_published');
    given(posted, published, closed).when(move('PublishJob')).thenRefuses('RuleViolation', 'job.not_draft');
    given(posted, published, filled).when(move('CloseJob')).thenRefuses('RuleViolation', 'job.not_active');
  });

  it("lets the owner and any manager change a job; another user gets 403, or 404 for someone else's draft", () => {
    given(posted).when(move('PublishJob', manager)).then([published]);
    given(posted).when(move('PublishJob', other)).thenRefuses('NotFound', 'job.not_found');
    given(posted, published).when(move('CloseJob', other)).thenRefuses('Forbidden', 'job.not_owner');
    given(posted, published).when(edit(other, { title: 'Mine now' })).thenRefuses('Forbidden', 'job.not_owner');
    given().when(move('PublishJob')).thenRefuses('NotFound', 'job.not_found');
  });

  it('refuses a change made against a stale version', () => {
    given(posted, published).when(move('CloseJob', owner, 1)).thenRefuses('VersionConflict', 'job.stale');
    given(posted, published).when(move('CloseJob', owner, 2)).then([closed]);
  });
});

describe('job decider: editing', () => {
  it('records only what changed, and nothing when nothing did', () => {
    given(posted).when(edit(owner, { title: 'Solar closer', commissionRate: 10 })).then([{ type: 'JobEdited', data: { jobId: 9, changes: { commissionRate: 10 }, at } }]);
    given(posted).when(edit(owner, { title: 'Solar closer' })).then([]);
    given(posted).when(edit(owner, { videoUrl: 'ftp://x.example.com/v' })).thenRefuses('RuleViolation', 'job.video_not_https');
  });

  it("keeps files already on the job (a manager may keep the owner's) and adds only the editor's own uploads", () => {
    const withFile: JobEvent = { ...posted, data: { ...posted.data, fields: { ...posted.data.fields, fileUploads: [brochure] } } } as JobEvent;
    given(withFile).when(edit(manager, {}, { fileIds: [brochure.id] })).then([]);
    given(withFile).when(edit(manager, {}, { fileIds: [] })).then([{ type: 'JobEdited', data: { jobId: 9, changes: { fileUploads: [] }, at } }]);
    const foreign = '22222222-2222-4222-8222-222222222222';
    given(withFile).when(edit(manager, {}, { fileIds: [foreign], files: { [foreign]: { ref: { ...brochure, id: foreign }, uploadedBy: 5 } } }))
      .thenRefuses('RuleViolation', 'closers.file_not_found');
  });
});
