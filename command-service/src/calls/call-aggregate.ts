import { streamIdOf, type CallEvent, type CallResult } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import type { CallCommand, LeadSnapshot, LogCall, StartCall } from './commands';

export type Call = {
  exists: true; id: number; leadId: number; userId: number; teamId: number | null;
  status: 'in_progress' | 'completed'; startedAt: string; completedAt: string | null;
  durationSeconds: number | null; result: CallResult | null;
  notes: string | null; recordingUrl: string | null; transcript: string | null;
  /** What the last analysis was held to: a new one is due only when this changes. */
  analyzedWith: { scriptTeamId: number | null; scriptVersion: number; analyzerVersion: number } | null;
};
export type CallState = { exists: false } | Call;

export const callStream = (id: number) => streamIdOf('call', id);

export function evolveCall(s: CallState, e: CallEvent): CallState {
  switch (e.type) {
    case 'CallStarted':
      return {
        exists: true, id: e.data.callId, leadId: e.data.leadId, userId: e.data.userId, teamId: e.data.teamId,
        status: 'in_progress', startedAt: e.data.at, completedAt: null, durationSeconds: null, result: null,
        notes: null, recordingUrl: null, transcript: null, analyzedWith: null,
      };
    case 'CallCompleted':
      return s.exists
        ? {
          ...s, status: 'completed', completedAt: e.data.at, durationSeconds: e.data.durationSeconds, result: e.data.result,
          notes: e.data.notes, recordingUrl: e.data.recordingUrl, transcript: e.data.transcript,
        }
        : s;
    case 'CallAnalyzed': {
      if (!s.exists) return s;
      const { scriptTeamId, scriptVersion, analyzerVersion } = e.data;
      return { ...s, analyzedWith: { scriptTeamId, scriptVersion, analyzerVersion } };
    }
    default:
      return s;
  }
}

/** A call is logged against a lead the agent holds, by that agent (not a manager on their behalf). */
function requireHolder(c: StartCall | LogCall, lead: LeadSnapshot): void {
  if (!lead.exists) throw new NotFound('lead.not_found', `Lead ${c.data.leadId} does not exist.`);
  if (lead.claimedBy !== c.meta.actor.id) {
    throw new Forbidden('call.not_holder', 'Calls are logged against leads you hold.', { claimedBy: lead.claimedBy });
  }
}

/**
 * The call's rules. Choices:
 * - Only the holder logs calls on a lead, so call counts and call points are the caller's own.
 * - A call completes once; fixing a logged call is not offered (the log is the record).
 * - A logged call may be back-dated (logged after the fact) but never end in the future.
 * - Analysis is idempotent per (script, script version, analyzer version): the job may run
 *   twice, and re-analysis appends only when the script or the analyzer changed.
 */
export function decideCall(c: CallCommand, s: CallState): CallEvent[] {
  const { now } = c.meta;
  if (c.type === 'StartCall' || c.type === 'LogCall') {
    if (s.exists) throw new RuleViolation('call.already_exists', `Call ${c.data.callId} already exists.`);
    requireHolder(c, c.meta.lead);
    const base = { callId: c.data.callId, leadId: c.data.leadId, userId: c.meta.actor.id, teamId: c.meta.actor.teamId };
    if (c.type === 'StartCall') return [{ type: 'CallStarted', data: { ...base, at: now } }];
    const { startedAt, durationSeconds, result, notes, recordingUrl, transcript } = c.data;
    const start = startedAt === null ? Date.parse(now) - durationSeconds * 1000 : Date.parse(startedAt);
    const end = start + durationSeconds * 1000;
    if (end > Date.parse(now) + 60_000) throw new RuleViolation('call.in_future', 'A logged call cannot end in the future.');
    return [
      { type: 'CallStarted', data: { ...base, at: new Date(start).toISOString() } },
      { type: 'CallCompleted', data: { ...base, durationSeconds, result, notes, recordingUrl, transcript, at: new Date(end).toISOString() } },
    ];
  }
  if (!s.exists) throw new NotFound('call.not_found', `Call ${c.data.callId} does not exist.`);
  if (c.type === 'CompleteCall') {
    if (c.meta.actor.id !== s.userId) throw new Forbidden('call.not_caller', 'Only the agent on the call can complete it.');
    if (s.status === 'completed') throw new RuleViolation('call.already_completed', `Call ${s.id} is already completed.`);
    const { durationSeconds, result, notes, recordingUrl, transcript } = c.data;
    const measured = Math.max(0, Math.round((Date.parse(now) - Date.parse(s.startedAt)) / 1000));
    return [{
      type: 'CallCompleted',
      data: {
        callId: s.id, leadId: s.leadId, userId: s.userId, teamId: s.teamId, durationSeconds: durationSeconds ?? measured,
        result, notes, recordingUrl, transcript, at: now,
      },
    }];
  }
  if (s.status !== 'completed') throw new RuleViolation('call.not_completed', `Call ${s.id} has not ended yet.`);
  const { callId: _id, ...analyzed } = c.data;
  const w = s.analyzedWith;
  if (w && w.scriptTeamId === analyzed.scriptTeamId && w.scriptVersion === analyzed.scriptVersion && w.analyzerVersion === analyzed.analyzerVersion) {
    return [];
  }
  return [{ type: 'CallAnalyzed', data: { callId: s.id, ...analyzed, at: now } }];
}

export const callAggregate: Aggregate<CallState, CallCommand, CallEvent> = {
  streamType: 'call', initialState: () => ({ exists: false }), evolve: evolveCall, decide: decideCall,
};
