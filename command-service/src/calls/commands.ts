import type { CallAnalysis, CallResult } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import type { UserActor } from '../users/commands';

/** The lead a call is about, folded from its own stream by the caller (decide does no I/O). */
export type LeadSnapshot = { exists: boolean; claimedBy: number | null };

type Meta = { now: string; actor: Actor };
type OnLeadMeta = Meta & { lead: LeadSnapshot };
type Command<T extends string, D, M = Meta> = { type: T; data: D; meta: M };

export type CallOutcome = {
  durationSeconds: number;
  result: CallResult;
  notes: string | null;
  recordingUrl: string | null;
  transcript: string | null;
};

/** A live call begins: the agent dials a lead they hold. */
export type StartCall = Command<'StartCall', { callId: number; leadId: number }, OnLeadMeta>;
/** A call logged after the fact, started at `startedAt` (default: it just ended). */
export type LogCall = Command<'LogCall', { callId: number; leadId: number; startedAt: string | null } & CallOutcome, OnLeadMeta>;
/** `durationSeconds` null: measured from the start to now. */
export type CompleteCall = Command<'CompleteCall', { callId: number } & Omit<CallOutcome, 'durationSeconds'> & { durationSeconds: number | null }>;
/** From the analysis job: the analyzer's verdict against the script in force. */
export type AnalyzeCall = Command<
  'AnalyzeCall',
  { callId: number; analysis: CallAnalysis; scriptTeamId: number | null; scriptVersion: number; analyzerVersion: number },
  { now: string; actor: UserActor }
>;

export type CallCommand = StartCall | LogCall | CompleteCall | AnalyzeCall;
