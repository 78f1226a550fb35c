import { learnerOfStream, parseEventData, type LearnerEvent, type QuestionFeedback, type RecordedEvent, type TrainingSection } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

export type LearnerAttemptRow = {
  assessmentId: number; assessmentVersion: number; attempt: number; score: number; passed: boolean; passingScore: number;
  feedback: QuestionFeedback[]; startedAt: string | null; at: string;
};

/** One row per learner of a training: sections completed (with the time credited then), graded attempts, certification. */
export type TrainingLearnerRow = {
  stream_id: string; training_id: number; user_id: number;
  sections: Partial<Record<TrainingSection, { completedAt: string; secondsSpent: number }>>;
  attempts: LearnerAttemptRow[]; certified_at: string | null; started_at: string; updated_at: string; version: number;
};

const handles = ['TrainingSectionCompleted', 'TrainingSectionReopened', 'AssessmentAttemptGraded', 'TrainingCertified'] as const;

function reduce(row: TrainingLearnerRow | null, e: RecordedEvent): TrainingLearnerRow | null {
  const who = learnerOfStream(e.streamId);
  if (!who) return row;
  const ev = { type: e.type, data: parseEventData(e.type as (typeof handles)[number], e.data, e.metadata.schemaVersion) } as LearnerEvent;
  const at = ev.data.at;
  const r: TrainingLearnerRow = row ?? {
    stream_id: e.streamId, training_id: who.trainingId, user_id: who.userId, sections: {}, attempts: [], certified_at: null,
    started_at: at, updated_at: at, version: 0,
  };
  switch (ev.type) {
    case 'TrainingSectionCompleted':
      return { ...r, sections: { ...r.sections, [ev.data.section]: { completedAt: at, secondsSpent: ev.data.secondsSpent } }, updated_at: at };
    case 'TrainingSectionReopened': {
      const { [ev.data.section]: _gone, ...sections } = r.sections;
      return { ...r, sections, updated_at: at };
    }
    case 'AssessmentAttemptGraded': {
      const d = ev.data;
      const attempt: LearnerAttemptRow = {
        assessmentId: d.assessmentId, assessmentVersion: d.assessmentVersion, attempt: d.attempt, score: d.score, passed: d.passed,
        passingScore: d.passingScore, feedback: d.feedback, startedAt: d.startedAt, at,
      };
      return { ...r, attempts: [...r.attempts, attempt], updated_at: at };
    }
    case 'TrainingCertified':
      return { ...r, certified_at: at, updated_at: at };
  }
}

/** Learners' records of trainings: "my trainings" with progress, the progress detail, the owner's list of learners. */
export const academyLearners = rowProjection<TrainingLearnerRow>({
  name: 'training_learners_v1',
  table: 'training_learners_v1',
  keyColumn: 'stream_id',
  handles,
  keyOf: (e) => (learnerOfStream(e.streamId) ? e.streamId : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        stream_id text primary key, training_id int not null, user_id int not null, sections jsonb not null, attempts jsonb not null,
        certified_at timestamptz, started_at timestamptz not null, updated_at timestamptz not null, version int not null
      );
      create unique index on "${t}" (training_id, user_id);
      create index on "${t}" (user_id, updated_at desc);
      create index on "${t}" (training_id, updated_at desc, user_id);
    `);
  },
});
