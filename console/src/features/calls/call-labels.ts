import type { z } from 'zod';
import type { CallAnalytics, CallResultSchema, Team, User } from '@leadfloor/contracts';
import type { BadgeTone } from '../../components/ui/badge';

type CallResult = z.infer<typeof CallResultSchema>;

/** The five ways a call ends, as people say them. */
export const RESULT_LABELS: Record<CallResult, string> = {
  connected: 'Connected', voicemail: 'Voicemail', no_answer: 'No answer', busy: 'Busy', wrong_number: 'Wrong number',
};
const RESULT_TONES: Record<CallResult, BadgeTone> = {
  connected: 'success', voicemail: 'primary', no_answer: 'neutral', busy: 'warning', wrong_number: 'destructive',
};
export const resultTone = (result: CallResult): BadgeTone => RESULT_TONES[result];

const SENTIMENT_TONES: Record<CallAnalytics['sentiment'], BadgeTone> = { positive: 'success', neutral: 'neutral', negative: 'destructive' };
export const sentimentTone = (sentiment: CallAnalytics['sentiment']): BadgeTone => SENTIMENT_TONES[sentiment];
export const sentimentLabel = (sentiment: CallAnalytics['sentiment']): string => sentiment.charAt(0).toUpperCase() + sentiment.slice(1);

/** Script adherence at a glance: most of the script covered, some of it, or little. */
export const adherenceTone = (percent: number): BadgeTone => (percent >= 80 ? 'success' : percent >= 50 ? 'warning' : 'destructive');

/**
 * Whose calls a manager or team lead may narrow the log to: the people on the teams they sit
 * on or manage (the server's visibility rule; it checks again). Agents see only their own.
 */
export function teamMembersOf(me: User, users: User[], teams: Team[]): User[] {
  if (me.role === 'agent') return [];
  const visible = new Set(teams.filter((t) => t.id === me.teamId || t.managerId === me.id).map((t) => t.id));
  return users.filter((u) => u.teamId !== null && visible.has(u.teamId)).sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** The teams whose call script a manager may edit (as the server's rule: they sit on it or manage it). */
export const managedTeams = (me: User, teams: Team[]): Team[] =>
  me.role === 'manager' ? teams.filter((t) => t.id === me.teamId || t.managerId === me.id) : [];
