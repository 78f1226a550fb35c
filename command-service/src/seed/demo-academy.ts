import { learnerStreamId, trainingSections, trainingStreamId, type AssessmentQuestion, type TrainingSection } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { learnerAggregate } from '../academy/decide-learner';
import { trainingAggregate } from '../academy/decide-training';
import { recordHeartbeat } from '../academy/heartbeats';
import type { LearnerCommand } from '../academy/learner';
import { applicationStream, oneApplicationKey } from '../closers/application';
import { applicationAggregate } from '../closers/decide-application';
import { jobAggregate } from '../closers/decide-job';
import { jobStream } from '../closers/job';
import type { Actor } from '../leads/commands';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { DEMO_SEED_CORRELATION } from './demo-sign-ins';
import type { FloorMember } from './seed-leads';

const DAY = 86_400_000;
const ctx = { actorId: null, correlationId: DEMO_SEED_CORRELATION };
const actorOf = (m: FloorMember): Actor => ({ id: m.id, role: m.role, teamId: m.teamId });

const content = {
  companyInfo: 'SunCo has fitted rooftop solar for homeowners since 2009: 14,000 roofs, a 4.8 rating, installers on staff in every state we sell in.',
  productDetails: 'The Rooftop Kit: 12 panels (5.4 kW), a battery option, monitoring app.\nPrice from $12,000, or $0 down on finance.\nWarranty: 25 years on panels and workmanship.',
  questionsAndAnswers: 'Q: What if I move?\nA: The system adds value to the house; the warranty transfers to the buyer.\n\nQ: Does it work on cloudy days?\nA: Yes, at a lower output; the yearly estimate already counts the weather.',
  negotiationAnalysis: 'Most calls stall on price. Lead with the monthly saving, not the total. You may offer the free battery upgrade once per call, only after a survey is booked.',
  callScripts: '1. Introduce yourself and SunCo.\n2. Ask about their monthly power bill.\n3. Share the estimated saving for their roof.\n4. Handle the objection.\n5. Book the roof survey.',
  desiredOutcome: 'A roof survey booked within 7 days, with the homeowner and their partner present.',
  pitchDeckUrl: 'https://example.com/sunco/rooftop-kit-deck.pdf',
};

const q = (id: string, prompt: string, kind: 'single' | 'multiple', options: string[], right: number[], explanation: string | null): AssessmentQuestion => ({
  id, prompt, kind, options: options.map((label, i) => ({ id: `${id}${String.fromCharCode(97 + i)}`, label })),
  correctOptionIds: right.map((i) => `${id}${String.fromCharCode(97 + i)}`), explanation,
});
const basics = [
  q('q1', 'How long is the Rooftop Kit warranty?', 'single', ['10 years', '25 years', 'Lifetime'], [1], 'Panels and workmanship: 25 years.'),
  q('q2', 'What does a good call end with?', 'single', ['A signed contract', 'A booked roof survey', 'A brochure sent'], [1], null),
  q('q3', 'Which can you offer on a call?', 'multiple', ['$0 down finance', 'A free battery upgrade after a survey is booked', 'A 50% discount'], [0, 1], 'Discounts are never offered.'),
];
const objections = [
  q('q1', '"It costs too much." You first…', 'single', ['Lower the price', 'Show the monthly saving', 'End the call'], [1], 'Lead with the monthly saving, not the total.'),
  q('q2', '"What if we move?"', 'single', ['The warranty transfers with the house', 'They lose the system'], [0], null),
];

/**
 * The demo floor's academy: the Sales Manager's "Solar Closer" job (posted and published
 * through the closers hub's commands) with its training and two assessments. Jordan was
 * accepted, read it all and is certified; the demo agent was accepted, is two sections in and
 * failed the first assessment once; Sam applied and waits.
 */
export async function seedDemoAcademy({ pool, store, handle, members, now }: {
  pool: Pool; store: EventStore; handle: HandleCommand; members: FloorMember[]; now: Date;
}): Promise<{ jobId: number }> {
  const by = (username: string) => members.find((m) => m.username === username)!;
  const [manager, demo, jordan, sam] = [by('manager'), by('demo'), by('jordan'), by('sam')];
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY + minutes * 60_000);
  const meta = (who: FloorMember, when: Date) => ({ now: when.toISOString(), actor: actorOf(who) });

  const jobId = await store.nextId('job');
  await handle(jobAggregate, jobStream(jobId), {
    type: 'PostJob', meta: { ...meta(manager, at(30)), files: {} }, data: {
      jobId, fileIds: [], fields: {
        title: 'Solar Closer', description: 'Close rooftop solar for homeowners who asked for a quote.', companyName: 'SunCo',
        productName: 'Rooftop Kit', salesPrice: 1_200_000, commissionRate: 8, location: 'Remote', type: 'commission_only',
        companyWebsite: 'https://example.com/sunco', targetMarket: 'Homeowners with bills over $150 a month.', tipsAndTricks: null,
        annualSales: null, yearsTrading: 16, videoUrl: null, compensation: '8% per close', requirements: null, skillsRequired: ['Phone sales'],
      },
    },
  }, ctx);
  await handle(jobAggregate, jobStream(jobId), { type: 'PublishJob', data: {}, meta: meta(manager, at(30, 5)) }, ctx);
  const job = { id: jobId, ownerId: manager.id, title: 'Solar Closer', companyName: 'SunCo' };
  const jobFacts = { id: jobId, ownerId: manager.id, status: 'active' as const, title: 'Solar Closer' };
  for (const [who, accepted, daysAgo] of [[jordan, true, 28], [demo, true, 20], [sam, false, 3]] as const) {
    const applicationId = await store.nextId('application');
    const stream = applicationStream(applicationId);
    await handle(applicationAggregate, stream, {
      type: 'SubmitApplication', meta: { ...meta(who, at(daysAgo)), job: jobFacts, files: {} }, data: {
        applicationId, experience: 'Three years of inbound solar and home-improvement calls.', message: 'I close on the first call more often than not.',
        linkedinProfile: null, availableHoursPerWeek: 30, availableStartDate: '2026-01-05', availableDays: ['monday', 'tuesday', 'wednesday', 'thursday'], fileIds: [],
      },
    }, ctx, { claimKeys: () => [oneApplicationKey(jobId, who.id)] });
    if (accepted) {
      await handle(applicationAggregate, stream, {
        type: 'ChangeApplicationStatus', data: { status: 'accepted', feedback: 'Welcome aboard: start with the training.', expectedVersion: 1 }, meta: meta(manager, at(daysAgo - 1)),
      }, ctx);
    }
  }

  const training = trainingStreamId(jobId);
  await handle(trainingAggregate, training, { type: 'SaveTrainingContent', data: { content, previewOpen: false }, meta: { ...meta(manager, at(29)), job } }, ctx);
  const published = [['Product basics', basics, 3, 24], ['Objection handling', objections, null, 0]] as const;
  const ids: number[] = [];
  for (const [title, questions, maxAttempts, cooldownHours] of published) {
    const assessmentId = await store.nextId('assessment');
    ids.push(assessmentId);
    await handle(trainingAggregate, training, {
      type: 'PublishAssessment', meta: { ...meta(manager, at(29, 10)), job },
      data: { assessmentId, isNew: true, title, description: '', section: null, questions: [...questions], passingScore: 70, maxAttempts, cooldownHours },
    }, ctx);
  }
  const { state } = await loadState(store, trainingAggregate, training);

  const learn = (who: FloorMember, c: Pick<LearnerCommand, 'type' | 'data'>, when: Date) =>
    handle(learnerAggregate, learnerStreamId(jobId, who.id), { ...c, meta: { now: when.toISOString(), userId: who.id, training: state, access: 'enrolled' } } as LearnerCommand, ctx);
  /** A sitting of `minutes` on a section: heartbeats every half minute, then (optionally) done. */
  const read = async (who: FloorMember, section: TrainingSection, start: Date, minutes: number, done: boolean) => {
    for (let s = 0; s <= minutes * 60; s += 30) {
      await recordHeartbeat(pool, { userId: who.id, trainingId: jobId, section, claimedSeconds: s === 0 ? 0 : 30, now: new Date(start.getTime() + s * 1000) });
    }
    if (done) await learn(who, { type: 'SetSectionCompleted', data: { section, completed: true, secondsSpent: minutes * 60 } }, new Date(start.getTime() + minutes * 60_000));
  };
  const attempt = (who: FloorMember, assessmentId: number, answers: Record<string, string[]>, when: Date) =>
    learn(who, { type: 'SubmitAttempt', data: { assessmentId, assessmentVersion: 1, answers, startedAt: new Date(when.getTime() - 6 * 60_000).toISOString() } }, when);

  for (const [i, section] of trainingSections.entries()) await read(jordan, section, at(26, i * 20), 8 + i, true);
  await attempt(jordan, ids[0]!, { q1: ['q1b'], q2: ['q2b'], q3: ['q3a', 'q3b'] }, at(25));
  await attempt(jordan, ids[1]!, { q1: ['q1b'], q2: ['q2a'] }, at(25, 15));

  await read(demo, 'companyInfo', at(2, 0), 6, true);
  await read(demo, 'productDetails', at(2, 10), 9, true);
  await read(demo, 'questionsAndAnswers', at(1, 0), 3, false);
  await attempt(demo, ids[0]!, { q1: ['q1b'], q2: ['q2a'], q3: ['q3a'] }, at(2, 30));
  return { jobId };
}
