import type { CallEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { callAggregate } from './call-aggregate';
import type { CallCommand, LeadSnapshot } from './commands';

const NOW = '2026-03-02T10:00:00.000Z';
const ann: Actor = { id: 1, role: 'agent', teamId: 10 };
const bob: Actor = { id: 2, role: 'agent', teamId: 10 };
const max: Actor = { id: 100, role: 'manager', teamId: 10 };
const heldByAnn: LeadSnapshot = { exists: true, claimedBy: ann.id };
const outcome = { result: 'connected' as const, notes: null, recordingUrl: null, transcript: 'Agent: hi' };

const given = (...history: CallEvent[]) => ({
  when: (c: CallCommand) => {
    const state = history.reduce(callAggregate.evolve, callAggregate.initialState());
    return {
      then: (expected: CallEvent[]) => expect(callAggregate.decide(c, state)).toEqual(expected),
      thenRefuses: (kind: string, code: string) => expect(() => callAggregate.decide(c, state)).toThrow(expect.objectContaining({ kind, code })),
    };
  },
});
const started: CallEvent = { type: 'CallStarted', data: { callId: 5, leadId: 7, userId: 1, teamId: 10, at: '2026-03-02T09:58:00.000Z' } };
const completed: CallEvent = {
  type: 'CallCompleted',
  data: { callId: 5, leadId: 7, userId: 1, teamId: 10, durationSeconds: 120, ...outcome, at: NOW },
};
const analysis = {
  sentimentScore: 7, sentiment: 'positive' as const, scriptAdherence: 50, scriptAdherenceDetails: [], scriptDeviations: [],
  buyingSignals: [], objections: [], keyTopics: [], suggestions: [], actionItems: [], insights: [], summary: 'ok',
};
const analyze = (scriptVersion: number): CallCommand => ({
  type: 'AnalyzeCall', data: { callId: 5, analysis, scriptTeamId: 10, scriptVersion, analyzerVersion: 1 },
  meta: { now: NOW, actor: { id: null, role: 'system', teamId: null } },
});

describe('StartCall and LogCall', () => {
  it('starts a call on a lead the agent holds, recording their team', () => {
    given().when({ type: 'StartCall', data: { callId: 5, leadId: 7 }, meta: { now: NOW, actor: ann, lead: heldByAnn } })
      .then([{ type: 'CallStarted', data: { callId: 5, leadId: 7, userId: 1, teamId: 10, at: NOW } }]);
  });

  it('logs a finished call as started and completed, ending now unless a start is given', () => {
    given().when({ type: 'LogCall', data: { callId: 5, leadId: 7, startedAt: null, durationSeconds: 120, ...outcome }, meta: { now: NOW, actor: ann, lead: heldByAnn } })
      .then([
        { type: 'CallStarted', data: { callId: 5, leadId: 7, userId: 1, teamId: 10, at: '2026-03-02T09:58:00.000Z' } },
        { type: 'CallCompleted', data: { callId: 5, leadId: 7, userId: 1, teamId: 10, durationSeconds: 120, ...outcome, at: NOW } },
      ]);
    const yesterday = '2026-03-01T15:00:00.000Z';
    const [, done] = callAggregate.decide({ type: 'LogCall', data: { callId: 5, leadId: 7, startedAt: yesterday, durationSeconds: 60, ...outcome }, meta: { now: NOW, actor: ann, lead: heldByAnn } }, { exists: false });
    expect(done!.data).toMatchObject({ at: '2026-03-01T15:01:00.000Z' });
  });

  it('refuses a call on a lead someone else holds, even from their manager, and on an unknown lead', () => {
    for (const actor of [bob, max]) {
      given().when({ type: 'StartCall', data: { callId: 5, leadId: 7 }, meta: { now: NOW, actor, lead: heldByAnn } }).thenRefuses('Forbidden', 'call.not_holder');
    }
    given().when({ type: 'StartCall', data: { callId: 5, leadId: 7 }, meta: { now: NOW, actor: ann, lead: { exists: false, claimedBy: null } } })
      .thenRefuses('NotFound', 'lead.not_found');
  });

  it('refuses a logged call that would end in the future, and a call id used twice', () => {
    given().when({ type: 'LogCall', data: { callId: 5, leadId: 7, startedAt: NOW, durationSeconds: 600, ...outcome }, meta: { now: NOW, actor: ann, lead: heldByAnn } })
      .thenRefuses('RuleViolation', 'call.in_future');
    given(started).when({ type: 'StartCall', data: { callId: 5, leadId: 7 }, meta: { now: NOW, actor: ann, lead: heldByAnn } })
      .thenRefuses('RuleViolation', 'call.already_exists');
  });
});

describe('CompleteCall', () => {
  it('completes a live call, measuring the duration from its start when none is given', () => {
    given(started).when({ type: 'CompleteCall', data: { callId: 5, durationSeconds: null, ...outcome }, meta: { now: NOW, actor: ann } })
      .then([completed]);
  });

  it('lets only the caller complete it, once', () => {
    given(started).when({ type: 'CompleteCall', data: { callId: 5, durationSeconds: 1, ...outcome }, meta: { now: NOW, actor: max } })
      .thenRefuses('Forbidden', 'call.not_caller');
    given(started, completed).when({ type: 'CompleteCall', data: { callId: 5, durationSeconds: 1, ...outcome }, meta: { now: NOW, actor: ann } })
      .thenRefuses('RuleViolation', 'call.already_completed');
    given().when({ type: 'CompleteCall', data: { callId: 5, durationSeconds: 1, ...outcome }, meta: { now: NOW, actor: ann } })
      .thenRefuses('NotFound', 'call.not_found');
  });
});

describe('AnalyzeCall', () => {
  const analyzed = (scriptVersion: number): CallEvent => ({
    type: 'CallAnalyzed', data: { callId: 5, analysis, scriptTeamId: 10, scriptVersion, analyzerVersion: 1, at: NOW },
  });

  it('records an analysis of a completed call, and a new one only when the script or analyzer changed', () => {
    given(started, completed).when(analyze(0)).then([analyzed(0)]);
    given(started, completed, analyzed(0)).when(analyze(0)).then([]);
    given(started, completed, analyzed(0)).when(analyze(1)).then([analyzed(1)]);
  });

  it('refuses to analyse a call still in progress', () => {
    given(started).when(analyze(0)).thenRefuses('RuleViolation', 'call.not_completed');
  });
});
