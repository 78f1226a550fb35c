import type { TrainingEvent } from '@leadfloor/events';
import { ASSESSMENTS_PER_TRAINING_MAX } from '@leadfloor/contracts';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { evolveTraining, initialTraining, liveAssessments, type Training, type TrainingCommand } from './training';

/** Key order aside: a stored event comes back in its schema's key order. */
const canonical = (v: unknown): unknown => (Array.isArray(v) ? v.map(canonical)
  : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : v);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * A job's training is its owner's to write: its content (saved whole), and its assessments.
 * Publishing an assessment again makes its next version (attempts already graded keep theirs);
 * publishing what is already there changes nothing. Assessments are added to a training whose
 * content exists, at most ASSESSMENTS_PER_TRAINING_MAX live at once; a withdrawn one stays in
 * its learners' histories but no longer counts towards certification.
 */
export function decideTraining(c: TrainingCommand, s: Training): TrainingEvent[] {
  const { now: at, actor, job } = c.meta;
  if (!job) throw new NotFound('job.not_found', 'No such job.');
  if (job.ownerId !== actor.id) throw new Forbidden('training.not_owner', "Only the job's owner can write its training.");
  if (c.type === 'SaveTrainingContent') {
    const { content, previewOpen } = c.data;
    if (s.exists && sameJson(s.content, content) && s.previewOpen === previewOpen) return [];
    return [{ type: 'TrainingContentSaved', data: { trainingId: job.id, jobId: job.id, content, previewOpen, at } }];
  }
  if (!s.exists) throw new NotFound('training.not_found', 'This job has no training yet: write its content first.');
  if (c.type === 'WithdrawAssessment') {
    const a = s.assessments.find((x) => x.id === c.data.assessmentId);
    if (!a) throw new NotFound('assessment.not_found', 'No such assessment in this training.');
    if (a.withdrawn) return [];
    return [{ type: 'AssessmentWithdrawn', data: { trainingId: s.id, assessmentId: a.id, at } }];
  }
  const { assessmentId, isNew, ...fields } = c.data;
  const current = s.assessments.find((x) => x.id === assessmentId);
  if (isNew) {
    if (current) throw new RuleViolation('assessment.exists', 'This assessment was already made.');
    if (liveAssessments(s).length >= ASSESSMENTS_PER_TRAINING_MAX) {
      throw new RuleViolation('assessment.too_many', `A training holds at most ${ASSESSMENTS_PER_TRAINING_MAX} assessments.`);
    }
  } else {
    if (!current) throw new NotFound('assessment.not_found', 'No such assessment in this training.');
    if (current.withdrawn) throw new RuleViolation('assessment.withdrawn', 'This assessment was withdrawn.');
    const { id: _i, version: _v, publishedAt: _p, withdrawn: _w, ...published } = current;
    if (sameJson(published, fields)) return [];
  }
  return [{
    type: 'AssessmentPublished',
    data: { trainingId: s.id, assessmentId, version: (current?.version ?? 0) + 1, ...fields, at },
  }];
}

export const trainingAggregate: Aggregate<Training, TrainingCommand, TrainingEvent> = {
  streamType: 'training', initialState: initialTraining, evolve: evolveTraining, decide: decideTraining,
};
