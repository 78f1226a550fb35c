import { attemptStanding, sectionsOf, type LearnerEvent } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { grade } from './grading';
import { attemptsAt, evolveLearner, initialLearner, type Learner, type LearnerAccess, type LearnerCommand, type SetSectionCompleted, type SubmitAttempt } from './learner';
import { liveAssessments, type Training } from './training';

const noAccess = () => new Forbidden('academy.no_access', "This training is for the job's accepted closers.");

/**
 * Whether the section can be read and tracked: a section of an existing training, read by its
 * owner, an accepted closer, or anyone while the preview is open. The route checks it before it
 * credits a heartbeat; the decider checks it again.
 */
export function checkReading(training: Training, access: LearnerAccess, section: SetSectionCompleted['data']['section']) {
  if (!training.exists) throw new NotFound('training.not_found', 'This job has no training.');
  if (access === null) throw noAccess();
  if (!sectionsOf(training.content).includes(section)) throw new NotFound('training.section_not_found', 'This training has no such section.');
}

function setSection(c: SetSectionCompleted, s: Learner): LearnerEvent[] {
  const { training, access, userId, now: at } = c.meta;
  checkReading(training, access, c.data.section);
  if (!training.exists) return [];
  const { section, completed, secondsSpent } = c.data;
  const done = s.sections[section] !== undefined;
  if (completed === done) return [];
  return [completed
    ? { type: 'TrainingSectionCompleted', data: { trainingId: training.id, userId, section, secondsSpent, at } }
    : { type: 'TrainingSectionReopened', data: { trainingId: training.id, userId, section, at } }];
}

/**
 * An attempt at an assessment is graded here, on the version the learner answered (a newer one
 * is refused, so nobody is graded on questions they did not see). Only the job's accepted
 * closers take assessments (a preview is for reading). A pass ends the attempts; `maxAttempts`
 * and the cooldown after a failed attempt are enforced with the time the next one is allowed.
 * The attempt that leaves every live assessment passed certifies the closer, once.
 */
function submit(c: SubmitAttempt, s: Learner): LearnerEvent[] {
  const { training, access, userId, now: at } = c.meta;
  if (!training.exists) throw new NotFound('training.not_found', 'This job has no training.');
  const assessment = training.assessments.find((a) => a.id === c.data.assessmentId && !a.withdrawn);
  if (!assessment) throw new NotFound('assessment.not_found', 'No such assessment.');
  if (access !== 'enrolled') {
    throw access === 'owner' || access === 'preview'
      ? new Forbidden('assessment.not_enrolled', "Assessments are taken by the job's accepted closers.")
      : noAccess();
  }
  if (c.data.assessmentVersion !== assessment.version) {
    throw new RuleViolation('assessment.version_changed', 'The assessment was changed since you opened it; reload it.', { currentVersion: assessment.version });
  }
  const mine = attemptsAt(s, assessment.id);
  const standing = attemptStanding(assessment, mine);
  if (standing.passed) throw new RuleViolation('assessment.already_passed', 'You passed this assessment already.');
  if (standing.left === 0) {
    throw new RuleViolation('assessment.no_attempts_left', `You have used all ${assessment.maxAttempts} attempts at this assessment.`, { maxAttempts: assessment.maxAttempts });
  }
  if (standing.nextAttemptAt && Date.parse(at) < Date.parse(standing.nextAttemptAt)) {
    throw new RuleViolation('assessment.cooling_down', `Your next attempt is allowed from ${standing.nextAttemptAt}.`, { nextAttemptAt: standing.nextAttemptAt });
  }
  const { score, feedback } = grade(assessment.questions, c.data.answers);
  const passed = score >= assessment.passingScore;
  const events: LearnerEvent[] = [{
    type: 'AssessmentAttemptGraded',
    data: {
      trainingId: training.id, userId, assessmentId: assessment.id, assessmentVersion: assessment.version, attempt: mine.length + 1,
      answers: c.data.answers, score, passed, passingScore: assessment.passingScore, feedback, startedAt: c.data.startedAt, at,
    },
  }];
  if (passed && s.certifiedAt === null) {
    const after = evolveLearner(s, events[0]!);
    const passes = liveAssessments(training).map((a) => ({ a, pass: attemptsAt(after, a.id).find((x) => x.passed) }));
    if (passes.every((p) => p.pass)) {
      events.push({
        type: 'TrainingCertified',
        data: { trainingId: training.id, jobId: training.jobId, userId, assessments: passes.map(({ a, pass }) => ({ assessmentId: a.id, version: pass!.version, score: pass!.score })), at },
      });
    }
  }
  return events;
}

export function decideLearner(c: LearnerCommand, s: Learner): LearnerEvent[] {
  return c.type === 'SetSectionCompleted' ? setSection(c, s) : submit(c, s);
}

export const learnerAggregate: Aggregate<Learner, LearnerCommand, LearnerEvent> = {
  streamType: 'training_learner', initialState: initialLearner, evolve: evolveLearner, decide: decideLearner,
};

