import type { Agent, Api } from '../api-harness';
import { waitFor } from '../wait-for';

const ok = async (res: ReturnType<Agent['request']>, what: string): Promise<{ id: number; version: number }> => {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r.json();
};

/**
 * A published job of the closers hub owned by `owner`, made through its API, with `accepted`
 * closers accepted and `pending` ones still pending. Resolves once the academy's view of jobs
 * and applications shows them.
 */
export async function jobWithClosers(
  api: Pick<Api, 'pool'>, owner: Agent, title: string, { accepted = [], pending = [] }: { accepted?: Agent[]; pending?: Agent[] } = {},
): Promise<number> {
  const job = await ok(owner.request('POST', '/api/jobs', {
    title, description: 'Sell solar panels to homeowners.', companyName: 'SunCo', productName: 'Rooftop kit', salesPrice: 1_200_000,
    commissionRate: 8, location: 'Remote', type: 'commission_only',
  }), 'post job');
  const jobId = job.id;
  await ok(owner.request('POST', `/api/jobs/${jobId}/publish`, {}), 'publish job');
  for (const closer of [...accepted, ...pending]) {
    const application = await ok(closer.request('POST', `/api/jobs/${jobId}/applications`, {
      experience: 'Five years of door to door.', message: 'Keen.', availableHoursPerWeek: 30, availableStartDate: '2026-01-05', availableDays: ['monday'],
    }), 'apply');
    if (accepted.includes(closer)) {
      await ok(owner.request('POST', `/api/applications/${application.id}/status`, { status: 'accepted', expectedVersion: application.version }), 'accept');
    }
  }
  await waitFor(async () => {
    const posted = await api.pool.query('select 1 from academy_jobs_v1 where id = $1', [jobId]);
    const { rows } = await api.pool.query<{ n: number }>(
      "select count(*) filter (where status = 'accepted')::int as n from academy_enrollments_v1 where job_id = $1", [jobId]);
    return posted.rowCount === 1 && rows[0]!.n === accepted.length;
  }, { what: `job ${title} in the academy's view` });
  return jobId;
}

export const trainingContent = {
  companyInfo: 'SunCo has installed rooftop solar since 2009.', productDetails: 'The rooftop kit: 12 panels, a 25-year warranty.',
  questionsAndAnswers: '', negotiationAnalysis: '', callScripts: 'Open with the monthly saving, then book the survey.',
  desiredOutcome: 'A booked roof survey.', pitchDeckUrl: null,
};

export const basicsAssessment = {
  title: 'Product basics', description: 'What every SunCo closer knows.', passingScore: 70, maxAttempts: 3, cooldownHours: 1,
  questions: [
    { prompt: 'How long is the warranty?', kind: 'single', options: [{ label: '10 years', correct: false }, { label: '25 years', correct: true }], explanation: 'Page 2 of the deck.' },
    {
      prompt: 'Which are objections?', kind: 'multiple',
      options: [{ label: 'Too expensive', correct: true }, { label: 'Sounds great', correct: false }, { label: 'Not now', correct: true }],
    },
  ],
};
/** The right answers to basicsAssessment, as the server numbers its questions and options. */
export const basicsRight = { q1: ['q1b'], q2: ['q2a', 'q2c'] };
