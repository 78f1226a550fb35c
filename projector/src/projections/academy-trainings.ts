import { parseEventData, sectionsOf, type AssessmentQuestion, type RecordedEvent, type TrainingContent, type TrainingEvent, type TrainingSection } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** An assessment at its latest version, answer keys included (the reads strip them for learners). */
export type TrainingAssessmentRow = {
  id: number; version: number; title: string; description: string; section: TrainingSection | null; questions: AssessmentQuestion[];
  passingScore: number; maxAttempts: number | null; cooldownHours: number; publishedAt: string; withdrawn: boolean;
};

/** One row per training (its id is its job's): content, the sections it holds, its assessments. */
export type TrainingRow = {
  id: number; job_id: number; content: TrainingContent; sections: TrainingSection[]; preview_open: boolean;
  assessments: TrainingAssessmentRow[]; assessment_ids: number[]; created_at: string; updated_at: string; version: number;
};

const handles = ['TrainingContentSaved', 'AssessmentPublished', 'AssessmentWithdrawn'] as const;

function reduce(row: TrainingRow | null, e: RecordedEvent): TrainingRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as (typeof handles)[number], e.data, e.metadata.schemaVersion) } as TrainingEvent;
  if (ev.type === 'TrainingContentSaved') {
    const d = ev.data;
    return {
      id: d.trainingId, job_id: d.jobId, content: d.content, sections: sectionsOf(d.content), preview_open: d.previewOpen,
      assessments: row?.assessments ?? [], assessment_ids: row?.assessment_ids ?? [], created_at: row?.created_at ?? d.at, updated_at: d.at,
      version: 0,
    };
  }
  if (!row) return null;
  if (ev.type === 'AssessmentWithdrawn') {
    return { ...row, assessments: row.assessments.map((a) => (a.id === ev.data.assessmentId ? { ...a, withdrawn: true } : a)), updated_at: ev.data.at };
  }
  const { trainingId: _t, assessmentId, at, ...rest } = ev.data;
  const next: TrainingAssessmentRow = { id: assessmentId, ...rest, publishedAt: at, withdrawn: false };
  const known = row.assessments.some((a) => a.id === assessmentId);
  return {
    ...row, updated_at: at,
    assessments: known ? row.assessments.map((a) => (a.id === assessmentId ? next : a)) : [...row.assessments, next],
    assessment_ids: known ? row.assessment_ids : [...row.assessment_ids, assessmentId],
  };
}

/**
 * Trainings as the academy reads them (GET /api/academy/:jobId, the assessments list, the
 * authoring editor). `assessment_ids` (GIN-indexed) finds an assessment's training.
 */
export const academyTrainings = rowProjection<TrainingRow>({
  name: 'trainings_v1',
  table: 'trainings_v1',
  keyColumn: 'id',
  handles,
  keyOf: (e) => (/^training-\d+$/.test(e.streamId) ? Number(e.streamId.slice('training-'.length)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, job_id int not null, content jsonb not null, sections text[] not null, preview_open boolean not null,
        assessments jsonb not null, assessment_ids int[] not null, created_at timestamptz not null, updated_at timestamptz not null,
        version int not null
      );
      create index on "${t}" using gin (assessment_ids);
    `);
  },
});
