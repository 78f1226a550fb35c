import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead } from './floor-setup';
import { basicsAssessment, basicsRight, jobWithClosers, trainingContent } from './academy-setup';

// Olga owns the job; Ann, Cy and Dan are its accepted closers, Pia applied and waits, Sam is a stranger.
let api: Api;
let olga: Agent, ann: Agent, cy: Agent, dan: Agent, pia: Agent, sam: Agent;
let job: number;
let basics: number, objections: number;
beforeAll(async () => {
  api = await startApi();
  [olga, ann, cy, dan, pia, sam] = await Promise.all([api.agent('olga'), api.agent('ann'), api.agent('cyd'), api.agent('dan'), api.agent('pia'), api.agent('sam')]);
  job = await jobWithClosers(api, olga, 'Solar closer', { accepted: [ann, cy, dan], pending: [pia] });
});
afterAll(async () => api.close());

const objectionsAssessment = {
  title: 'Objections', passingScore: 100, maxAttempts: 2,
  questions: [{ prompt: 'A homeowner says "not now". You…', kind: 'single', options: [{ label: 'Hang up', correct: false }, { label: 'Book a later call', correct: true }] }],
};
/** Waits until the training (at least `version`) is in its read model. */
const settled = (version: number) => waitFor(async () =>
  (await api.pool.query('select 1 from trainings_v1 where id = $1 and version >= $2', [job, version])).rowCount === 1, { what: 'training read model' });

describe('authoring a training', () => {
  it("lets only the job's owner write the content", async () => {
    for (const who of [ann, sam]) {
      expect((await who.request('PUT', `/api/jobs/${job}/training`, trainingContent)).json()).toMatchObject({ status: 403, error: 'training.not_owner' });
    }
    expect((await olga.request('PUT', '/api/jobs/999999/training', trainingContent)).statusCode).toBe(404);
    expect((await olga.request('PUT', `/api/jobs/${job}/training`, { ...trainingContent, ownerId: ann.id })).statusCode).toBe(400);
    expect((await olga.request('PUT', `/api/jobs/${job}/training`, { ...trainingContent, pitchDeckUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await olga.request('POST', `/api/trainings/${job}/assessments`, basicsAssessment)).json()).toMatchObject({ status: 404, error: 'training.not_found' });
    expect((await api.app.inject({ method: 'PUT', url: `/api/jobs/${job}/training`, payload: trainingContent })).statusCode).toBe(401);
    const saved = await olga.request('PUT', `/api/jobs/${job}/training`, trainingContent);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ trainingId: job, version: 1 });
    await settled(1);
    const draft = (await olga.request('GET', `/api/jobs/${job}/training?minVersion=1`)).json();
    expect(draft).toMatchObject({ jobId: job, jobTitle: 'Solar closer', companyName: 'SunCo', exists: true, previewOpen: false, content: trainingContent });
    expect((await ann.request('GET', `/api/jobs/${job}/training`)).json()).toMatchObject({ status: 403, error: 'training.not_owner' });
  });

  it('publishes assessments, refuses a malformed key, and never shows the key to a learner', async () => {
    const bad = { ...basicsAssessment, questions: [{ prompt: 'Two right?', kind: 'single', options: [{ label: 'A', correct: true }, { label: 'B', correct: true }] }] };
    expect((await olga.request('POST', `/api/trainings/${job}/assessments`, bad)).statusCode).toBe(400);
    expect((await ann.request('POST', `/api/trainings/${job}/assessments`, basicsAssessment)).statusCode).toBe(403);
    const first = await olga.request('POST', `/api/trainings/${job}/assessments`, basicsAssessment);
    expect(first.statusCode, first.body).toBe(201);
    basics = first.json().assessmentId;
    expect(first.json()).toMatchObject({ trainingId: job, assessmentVersion: 1 });
    const second = await olga.request('POST', `/api/trainings/${job}/assessments`, objectionsAssessment);
    objections = second.json().assessmentId;
    await settled(second.json().version);
    const owner = (await olga.request('GET', `/api/trainings/${job}/assessments`)).json();
    expect(owner.assessments[0].questions[0]).toMatchObject({ id: 'q1', correctOptionIds: ['q1b'], explanation: 'Page 2 of the deck.' });
    expect(owner.assessments[1]).toMatchObject({ passingScore: 100, maxAttempts: 2, cooldownHours: 0 });
    const learner = (await ann.request('GET', `/api/trainings/${job}/assessments`)).json();
    expect(learner.access).toBe('enrolled');
    expect(learner.assessments[0]).toMatchObject({ id: basics, version: 1, passingScore: 70, maxAttempts: 3, cooldownHours: 1, attemptsUsed: 0, passed: false });
    expect(JSON.stringify(learner)).not.toMatch(/correctOptionIds|explanation/);
  });
});

describe('who may learn', () => {
  it('opens the training to accepted closers; a pending applicant and a stranger see it only while the preview is open', async () => {
    const view = (await ann.request('GET', `/api/academy/${job}`)).json();
    expect(view).toMatchObject({ access: 'enrolled', jobTitle: 'Solar closer', assessmentsTotal: 2, percent: 0 });
    expect(view.sections.map((s: { section: string }) => s.section)).toEqual(['companyInfo', 'productDetails', 'callScripts', 'desiredOutcome']);
    for (const who of [pia, sam]) expect((await who.request('GET', `/api/academy/${job}`)).json()).toMatchObject({ status: 403, error: 'academy.no_access' });
    expect((await ann.request('GET', '/api/academy/999999')).statusCode).toBe(404);
    const open = await olga.request('PUT', `/api/jobs/${job}/training`, { ...trainingContent, previewOpen: true });
    await settled(open.json().version);
    expect((await sam.request('GET', `/api/academy/${job}`)).json()).toMatchObject({ access: 'preview' });
    expect((await sam.request('POST', `/api/assessments/${basics}/attempts`, { answers: basicsRight, assessmentVersion: 1 })).json())
      .toMatchObject({ status: 403, error: 'assessment.not_enrolled' });
    expect((await olga.request('POST', `/api/assessments/${basics}/attempts`, { answers: basicsRight, assessmentVersion: 1 })).statusCode).toBe(403);
    const closed = await olga.request('PUT', `/api/jobs/${job}/training`, trainingContent);
    await settled(closed.json().version);
    expect((await sam.request('GET', `/api/academy/${job}`)).statusCode).toBe(403);
    const mine = (await ann.request('GET', '/api/academy')).json();
    expect(mine.trainings).toEqual([expect.objectContaining({ trainingId: job, jobTitle: 'Solar closer', access: 'enrolled', sectionsTotal: 4, assessmentsTotal: 2 })]);
    expect((await sam.request('GET', '/api/academy')).json().trainings).toEqual([]);
    expect((await ann.request('GET', '/api/academy?cursor=bm9wZQ')).statusCode).toBe(400);
  });
});

describe('time spent reading', () => {
  const beat = (who: Agent, section: string, body: object) => who.request('POST', `/api/trainings/${job}/sections/${section}/progress`, body);
  const backdate = (who: Agent, secondsAgo: number) => api.pool.query(
    `insert into training_heartbeats (user_id, training_id, section, at, claimed_seconds, credited_seconds)
     values ($1, $2, 'companyInfo', date_trunc('milliseconds', now() - make_interval(secs => $3)), 0, 0)`, [who.id, job, secondsAgo]);

  it("credits heartbeats by the server's clock, not the client's claim, and nothing after an idle gap", async () => {
    expect((await beat(ann, 'companyInfo', { completed: false, secondsSpent: 600 })).json()).toMatchObject({ creditedSeconds: 0, secondsSpent: 0 });
    // The seconds between the learner's last two heartbeats, by the server's clock.
    const lastGap = async () => (await api.pool.query<{ gap: number }>(
      `select floor(extract(epoch from max(at) - min(at)))::int as gap from (
         select at from training_heartbeats where user_id = $1 and training_id = $2 order by id desc limit 2) h`, [ann.id, job])).rows[0]!.gap;
    const quick = (await beat(ann, 'companyInfo', { completed: false, secondsSpent: 600 })).json();
    expect(quick.creditedSeconds).toBe(await lastGap());
    await backdate(ann, 40);
    const steady = (await beat(ann, 'companyInfo', { completed: false, secondsSpent: 30 })).json();
    expect(steady.creditedSeconds).toBe(30);
    await backdate(ann, 40);
    const capped = (await beat(ann, 'companyInfo', { completed: false, secondsSpent: 3600 })).json();
    expect(capped.creditedSeconds).toBe(await lastGap());
    expect(capped.creditedSeconds).toBeGreaterThanOrEqual(40);
    await backdate(ann, 300);
    expect((await beat(ann, 'companyInfo', { completed: false, secondsSpent: 300 })).json()).toMatchObject({ creditedSeconds: 0 });
    const done = await beat(ann, 'companyInfo', { completed: true, secondsSpent: 0 });
    expect(done.json()).toMatchObject({ section: 'companyInfo', completed: true, secondsSpent: steady.secondsSpent + capped.creditedSeconds + done.json().creditedSeconds });
    const progress = (await ann.request('GET', `/api/trainings/${job}/progress?minVersion=${done.json().version}`)).json();
    expect(progress.sections[0]).toMatchObject({ section: 'companyInfo', completed: true, secondsSpent: done.json().secondsSpent });
    expect(progress.percent).toBe(16);
  });

  it('refuses a section the training leaves empty, and readers without access', async () => {
    expect((await beat(ann, 'questionsAndAnswers', { completed: true, secondsSpent: 0 })).json()).toMatchObject({ status: 404, error: 'training.section_not_found' });
    expect((await beat(sam, 'companyInfo', { completed: true, secondsSpent: 0 })).json()).toMatchObject({ status: 403, error: 'academy.no_access' });
    expect((await beat(ann, 'nonsense', { completed: true, secondsSpent: 0 })).statusCode).toBe(400);
    expect((await beat(ann, 'companyInfo', { completed: true, secondsSpent: 99_999 })).statusCode).toBe(400);
  });
});

describe('assessments', () => {
  const attempt = (who: Agent, id: number, answers: object, assessmentVersion = 1) =>
    who.request('POST', `/api/assessments/${id}/attempts`, { answers, assessmentVersion });

  it('grades on the server with per-question feedback, then holds a failed closer to the cooldown', async () => {
    const failed = await attempt(cy, basics, { q1: ['q1a'], q2: ['q2a', 'q2c'] });
    expect(failed.statusCode, failed.body).toBe(201);
    expect(failed.json()).toMatchObject({ attempt: 1, score: 50, passed: false, passingScore: 70, certified: false, attemptsLeft: 2 });
    expect(failed.json().feedback[0]).toMatchObject({ questionId: 'q1', correct: false, chosenOptionIds: ['q1a'], correctOptionIds: ['q1b'], explanation: 'Page 2 of the deck.' });
    const again = (await attempt(cy, basics, basicsRight)).json();
    expect(again).toMatchObject({ status: 409, error: 'assessment.cooling_down' });
    expect(Date.parse(again.details.nextAttemptAt) - Date.parse(failed.json().at)).toBe(3_600_000);
  });

  it('stops at maxAttempts', async () => {
    for (const n of [1, 2]) expect((await attempt(dan, objections, { q1: ['q1a'] })).json()).toMatchObject({ attempt: n, passed: false });
    expect((await attempt(dan, objections, { q1: ['q1b'] })).json()).toMatchObject({ status: 409, error: 'assessment.no_attempts_left' });
  });

  it('certifies the closer who passes every assessment, once, with the badge', async () => {
    expect((await attempt(ann, basics, { q9: ['x'] })).json()).toMatchObject({ status: 409, error: 'assessment.answer_mismatch' });
    expect((await attempt(ann, basics, basicsRight)).json()).toMatchObject({ score: 100, passed: true, certified: false });
    expect((await attempt(ann, basics, basicsRight)).json()).toMatchObject({ status: 409, error: 'assessment.already_passed' });
    const last = await attempt(ann, objections, { q1: ['q1b'] });
    expect(last.json()).toMatchObject({ passed: true, certified: true });
    await waitFor(async () => (await ann.request('GET', '/api/user-badges')).json().some((b: { badgeId: number }) => b.badgeId === 8), { what: 'the Certified Closer badge' });
    const progress = (await ann.request('GET', `/api/trainings/${job}/progress?minVersion=${last.json().version}`)).json();
    expect(progress.certifiedAt).toEqual(last.json().at);
    expect(progress.assessments.map((a: { passed: boolean }) => a.passed)).toEqual([true, true]);
    expect(progress.outcome).toMatchObject({ certifiedAt: last.json().at, before: { calls: 0 }, after: { calls: 0 } });
  });

  it('makes an edit a new version: attempts keep theirs, a stale answer sheet is refused', async () => {
    const edited = await olga.request('PUT', `/api/trainings/${job}/assessments/${basics}`, { ...basicsAssessment, passingScore: 100 });
    expect(edited.json()).toMatchObject({ assessmentVersion: 2 });
    await settled(edited.json().version);
    expect((await attempt(cy, basics, basicsRight, 1)).json()).toMatchObject({ status: 409, error: 'assessment.version_changed', details: { currentVersion: 2 } });
    const annProgress = (await ann.request('GET', `/api/trainings/${job}/progress`)).json();
    expect(annProgress.assessments[0]).toMatchObject({ currentVersion: 2, passed: true, attempts: [expect.objectContaining({ assessmentVersion: 1, score: 100 })] });
    expect((await ann.request('PUT', `/api/trainings/${job}/assessments/${basics}`, basicsAssessment)).statusCode).toBe(403);
    expect((await olga.request('PUT', `/api/trainings/${job}/assessments/999999`, basicsAssessment)).statusCode).toBe(404);
  });
});

describe("the training's outcome and the owner's view", () => {
  it("splits the closer's calls at certification, with the number of calls behind each figure", async () => {
    const lead = await claimedLead(cy, 'real_estate', 'Rita Roof');
    const call = await cy.request('POST', '/api/calls', { leadId: lead, durationSeconds: 120, result: 'connected', notes: null, transcript: null });
    expect(call.statusCode, call.body).toBe(201);
    await waitFor(async () => (await api.pool.query("select 1 from calls_v1 where user_id = $1 and status = 'completed'", [cy.id])).rowCount === 1);
    const progress = (await cy.request('GET', `/api/trainings/${job}/progress`)).json();
    expect(progress.outcome).toEqual({
      certifiedAt: null, after: null,
      before: { calls: 1, analyzedCalls: 0, scriptAdherence: null, sentiment: null, conversion: 0, convertedCalls: 0 },
    });
  });

  it("shows the owner every learner's progress; a closer sees only their own", async () => {
    expect((await olga.request('GET', `/api/trainings/${job}/progress?userId=${ann.id}`)).json()).toMatchObject({ learner: { id: ann.id, fullName: 'Ann Agent' } });
    expect((await cy.request('GET', `/api/trainings/${job}/progress?userId=${ann.id}`)).json()).toMatchObject({ status: 403, error: 'training.not_owner' });
    const first = (await olga.request('GET', `/api/trainings/${job}/learners?limit=2`)).json();
    expect(first.learners).toHaveLength(2);
    const rest = (await olga.request('GET', `/api/trainings/${job}/learners?limit=2&cursor=${first.nextCursor}`)).json();
    const all = [...first.learners, ...rest.learners];
    expect(all.map((l: { userId: number }) => l.userId).sort()).toEqual([ann.id, cy.id, dan.id].sort());
    expect(all.find((l: { userId: number }) => l.userId === ann.id)).toMatchObject({ percent: expect.any(Number), certifiedAt: expect.any(String) });
    expect((await ann.request('GET', `/api/trainings/${job}/learners`)).json()).toMatchObject({ status: 403, error: 'training.not_owner' });
  });
});
