import { parseEventData, type RecordedEvent } from '@leadfloor/events';
import type { Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { LeadState } from '@leadfloor/events';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { LeadCommand } from '../leads/commands';
import { isDomainError } from '../shared/domain-error';
import type { HandleCommand } from '../shared/handle-command';
import type { Reactor, ReactorLogger } from '../reactors/reactor-runner';
import { CallAnalysisJob, CallReanalysisJob } from './analysis-jobs';

/**
 * What follows a call, as a process manager:
 * - a connected call on a lead its caller holds in status claimed marks the lead contacted, at
 *   the call's end (a voicemail or a wrong number is an attempt, not a contact);
 * - a completed call with a transcript is queued for analysis; a script change queues the
 *   team's calls again.
 * Job ids and the command id come from the causing event, so a redelivery repeats nothing.
 */
export function callReactor({ handle, jobs, logger }: { handle: HandleCommand; jobs: Jobs; logger?: ReactorLogger }): Reactor {
  const markContacted = async (e: RecordedEvent) => {
    const d = parseEventData('CallCompleted', e.data, e.metadata.schemaVersion);
    if (d.result !== 'connected') return;
    const commands = (s: LeadState): LeadCommand[] =>
      s.exists && s.status === 'claimed' && s.claimedBy === d.userId
        ? [{ type: 'ChangeLeadStatus', data: { leadId: d.leadId, status: 'contacted' }, meta: { now: d.at, actor: { id: d.userId, role: 'agent', teamId: d.teamId } } }]
        : [];
    try {
      await handle(leadAggregate, leadStream(d.leadId), commands, {
        actorId: d.userId, correlationId: e.metadata.correlationId, causationId: e.eventId, commandId: `call-contact:${e.eventId}`,
      });
    } catch (err) {
      if (!isDomainError(err)) throw err;
      logger?.error({ err, callId: d.callId }, 'call did not mark its lead contacted');
    }
  };

  return {
    name: 'call_follow_up_v1',
    handles: ['CallCompleted', 'CallScriptUpdated'],
    async react(e) {
      if (e.type === 'CallScriptUpdated') {
        const { teamId } = parseEventData('CallScriptUpdated', e.data, e.metadata.schemaVersion);
        await jobs.queue(CallReanalysisJob).enqueue({ teamId }, { jobId: `reanalysis-${teamId}-${e.eventId}` });
        return;
      }
      await markContacted(e);
      const d = parseEventData('CallCompleted', e.data, e.metadata.schemaVersion);
      if (d.transcript) await jobs.queue(CallAnalysisJob).enqueue({ callId: d.callId }, { jobId: `analysis-${d.callId}-${e.eventId}` });
    },
  };
}
