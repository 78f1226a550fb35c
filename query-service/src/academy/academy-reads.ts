import {
  trainingSectionTitles, type AssessmentView, type AttemptResult, type SectionState, type TrainingAccess,
} from '@leadfloor/contracts';
import { attemptStanding, trainingAccess, type AssessmentQuestion, type QuestionFeedback, type TrainingContent, type TrainingSection } from '@leadfloor/events';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';

export type AssessmentRow = {
  id: number; version: number; title: string; description: string; section: TrainingSection | null; questions: AssessmentQuestion[];
  passingScore: number; maxAttempts: number | null; cooldownHours: number; publishedAt: string; withdrawn: boolean;
};
export type TrainingRow = {
  id: number; job_id: number; content: TrainingContent; sections: TrainingSection[]; preview_open: boolean; assessments: AssessmentRow[];
  updated_at: Date; version: number;
};
export type JobRow = { id: number; owner_id: number; title: string; company_name: string };
export type AttemptRow = {
  assessmentId: number; assessmentVersion: number; attempt: number; score: number; passed: boolean; passingScore: number;
  feedback: QuestionFeedback[]; startedAt: string | null; at: string;
};
export type LearnerRow = {
  training_id: number; user_id: number; sections: Partial<Record<TrainingSection, { completedAt: string; secondsSpent: number }>>;
  attempts: AttemptRow[]; certified_at: Date | null; updated_at: Date; version: number;
};
type TimeRow = { section: TrainingSection; seconds: number; last_at: Date };

const TRAINING_COLUMNS = 'id, job_id, content, sections, preview_open, assessments, updated_at, version';

export async function readJob(pool: Pool, jobId: number): Promise<JobRow | null> {
  const { rows } = await pool.query<JobRow>('select id, owner_id, title, company_name from academy_jobs_v1 where id = $1', [jobId]);
  return rows[0] ?? null;
}

export async function readTraining(pool: Pool, trainingId: number): Promise<TrainingRow | null> {
  const { rows } = await pool.query<TrainingRow>(`select ${TRAINING_COLUMNS} from trainings_v1 where id = $1`, [trainingId]);
  return rows[0] ?? null;
}

export async function readLearner(pool: Pool, trainingId: number, userId: number): Promise<LearnerRow | null> {
  const { rows } = await pool.query<LearnerRow>(
    'select training_id, user_id, sections, attempts, certified_at, updated_at, version from training_learners_v1 where training_id = $1 and user_id = $2',
    [trainingId, userId]);
  return rows[0] ?? null;
}

/** Seconds credited per section from the learner's heartbeats, and when they last read it. */
export async function readTimeSpent(pool: Pool, trainingId: number, userId: number): Promise<Map<TrainingSection, TimeRow>> {
  const { rows } = await pool.query<TimeRow>(
    `select section, sum(credited_seconds)::int as seconds, max(at) as last_at
     from training_heartbeats where user_id = $1 and training_id = $2 group by section`, [userId, trainingId]);
  return new Map(rows.map((r) => [r.section, r]));
}

/**
 * The job and training behind a training id, and how the reader stands to it, or the answer
 * that stops the read: 404 for no such job or training, 403 for no access.
 */
export async function requireTrainingAccess(pool: Pool, trainingId: number, userId: number): Promise<{ job: JobRow; training: TrainingRow; access: TrainingAccess }> {
  const [job, training] = await Promise.all([readJob(pool, trainingId), readTraining(pool, trainingId)]);
  if (!job || !training) throw new ApiError(404, 'training.not_found', 'This job has no training.');
  const accepted = job.owner_id !== userId && (await pool.query(
    "select 1 from academy_enrollments_v1 where job_id = $1 and closer_id = $2 and status = 'accepted' limit 1", [job.id, userId])).rowCount! > 0;
  const access = trainingAccess({ userId, ownerId: job.owner_id, accepted, previewOpen: training.preview_open });
  if (!access) throw new ApiError(403, 'academy.no_access', "This training is for the job's accepted closers.");
  return { job, training, access };
}

export const liveAssessments = (t: TrainingRow) => t.assessments.filter((a) => !a.withdrawn);

export function sectionStates(t: TrainingRow, learner: LearnerRow | null, time: Map<TrainingSection, TimeRow>): SectionState[] {
  return t.sections.map((section) => {
    const done = learner?.sections[section];
    const spent = time.get(section);
    return {
      section, title: trainingSectionTitles[section], completed: done !== undefined, completedAt: done?.completedAt ?? null,
      secondsSpent: spent?.seconds ?? 0, lastAccessedAt: spent?.last_at.toISOString() ?? null,
    };
  });
}

/** Completed sections and passed (live) assessments over all of them, 0-100. */
export function progressOf(t: TrainingRow, learner: LearnerRow | null) {
  const live = liveAssessments(t);
  const sectionsCompleted = t.sections.filter((s) => learner?.sections[s]).length;
  const assessmentsPassed = live.filter((a) => learner?.attempts.some((x) => x.assessmentId === a.id && x.passed)).length;
  const total = t.sections.length + live.length;
  const percent = total === 0 ? 0 : Math.floor(((sectionsCompleted + assessmentsPassed) * 100) / total);
  return { sectionsCompleted, assessmentsPassed, assessmentsTotal: live.length, percent };
}

const resultOf = (a: AttemptRow): AttemptResult => ({
  assessmentId: a.assessmentId, assessmentVersion: a.assessmentVersion, attempt: a.attempt, score: a.score, passed: a.passed,
  passingScore: a.passingScore, feedback: a.feedback, at: a.at,
});

/** An assessment as the reader may see it: the answer keys only for the job's owner. */
export function assessmentView(trainingId: number, a: AssessmentRow, access: TrainingAccess, learner: LearnerRow | null): AssessmentView {
  const mine = learner?.attempts.filter((x) => x.assessmentId === a.id) ?? [];
  const standing = attemptStanding(a, mine);
  const owner = access === 'owner';
  return {
    id: a.id, trainingId, version: a.version, title: a.title, description: a.description, section: a.section, passingScore: a.passingScore,
    maxAttempts: a.maxAttempts, cooldownHours: a.cooldownHours, publishedAt: a.publishedAt,
    questions: a.questions.map((q) => ({
      id: q.id, prompt: q.prompt, kind: q.kind, options: q.options,
      ...(owner ? { correctOptionIds: q.correctOptionIds, explanation: q.explanation } : {}),
    })),
    attemptsUsed: standing.used, attemptsLeft: standing.left, nextAttemptAt: standing.nextAttemptAt, passed: standing.passed,
    bestScore: standing.bestScore, lastAttempt: mine.length > 0 ? resultOf(mine.at(-1)!) : null,
  };
}

/** Waits (bounded) until a row the query names reflects `minVersion`: the read-your-writes token of a command's answer. */
export async function awaitVersion(pool: Pool, sql: string, params: unknown[], minVersion: number | undefined, waitMs: number) {
  if (minVersion === undefined) return;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await pool.query<{ version: number }>(sql, params);
    if ((rows[0]?.version ?? 0) >= minVersion || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
