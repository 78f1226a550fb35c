import type { EventStore } from '@leadfloor/infra/event-store/types';
import { defineJobQueue, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { analyzeTranscript, ANALYZER_VERSION } from './analysis/analyzer';
import { callAggregate, callStream } from './call-aggregate';
import { callScriptAggregate, callScriptStream } from './call-script';

/** Analyse one completed call against its team's current script. */
export const CallAnalysisJob = defineJobQueue({ name: 'call-analysis', payload: z.strictObject({ callId: z.number().int().positive() }) });
/** A team's script changed: analyse each of its calls again (a replay of the analysis job). */
export const CallReanalysisJob = defineJobQueue({ name: 'call-reanalysis', payload: z.strictObject({ teamId: z.number().int().positive() }) });

export type AnalysisDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

/** The script a team's calls are held to now (a team without one: the default, version 0). */
export async function scriptFor(store: EventStore, teamId: number | null) {
  if (teamId === null) return callScriptAggregate.initialState();
  const { state } = await loadState(store, callScriptAggregate, callScriptStream(teamId));
  return { ...state, teamId: state.version === 0 ? null : teamId };
}

/**
 * Runs the analyzer on a call and records the verdict with AnalyzeCall. Re-checks the call when
 * it runs (it may have no transcript, or be analysed already against this script), and the
 * command id names the call, script and analyzer, so a duplicated job appends nothing.
 */
export async function analyzeCall({ store, handle, now }: AnalysisDeps, callId: number): Promise<void> {
  const { state: call } = await loadState(store, callAggregate, callStream(callId));
  if (!call.exists || call.status !== 'completed' || !call.transcript) return;
  const script = await scriptFor(store, call.teamId);
  const analysis = analyzeTranscript({
    transcript: call.transcript, result: call.result ?? 'connected', durationSeconds: call.durationSeconds ?? 0, checkpoints: script.checkpoints,
  });
  await handle(callAggregate, callStream(callId), {
    type: 'AnalyzeCall',
    data: { callId, analysis, scriptTeamId: script.teamId, scriptVersion: script.version, analyzerVersion: ANALYZER_VERSION },
    meta: { now: now().toISOString(), actor: { id: null, role: 'system', teamId: null } },
  }, {
    actorId: null, correlationId: `call-analysis-${callId}`,
    commandId: `analysis:${callId}:${script.teamId ?? 0}:${script.version}:${ANALYZER_VERSION}`,
  });
}

/** Registers the analysis workers on this process's job queues. */
export function workCallAnalysis(jobs: Jobs, deps: AnalysisDeps): void {
  jobs.work(CallAnalysisJob, async ({ callId }) => analyzeCall(deps, callId), { concurrency: 2 });
  jobs.work(CallReanalysisJob, async ({ teamId }) => {
    const { rows } = await deps.pool.query<{ id: number }>(
      `select id from calls_v1 where team_id = $1 and status = 'completed' and transcript is not null order by id`, [teamId]);
    const script = await scriptFor(deps.store, teamId);
    for (const { id } of rows) {
      await jobs.queue(CallAnalysisJob).enqueue({ callId: id }, { jobId: `analysis-${id}-script-${teamId}-${script.version}` });
    }
  });
}
