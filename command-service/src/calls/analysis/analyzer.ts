import type { CallAnalysis, CallResult, ScriptCheckpoint } from '@leadfloor/events';
import { actionItems, buyingSignals, objectionAdvice, objections, topics } from './phrase-lists';
import { readSentiment } from './sentiment';
import { firstSaid, parseTranscript, timesSaid, wordCount } from './transcript';

/** Bump when the analyzer's output for the same transcript changes: re-analysis then appends. */
export const ANALYZER_VERSION = 1;

export type CallToAnalyze = { transcript: string; result: CallResult; durationSeconds: number; checkpoints: readonly ScriptCheckpoint[] };

const labelsSaid = (text: string, list: readonly (readonly [string, readonly string[]])[]) =>
  list.filter(([, phrases]) => firstSaid(text, phrases) !== null).map(([label]) => label);

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Reads a call locally, with no network service: the customer's sentiment from a lexicon model,
 * script adherence as the share of the script's checkpoints the agent covered, buying signals
 * and objections from the customer's words, topics and commitments from the whole call.
 * Pure and deterministic: the same transcript and script always give the same analysis.
 */
export function analyzeTranscript(call: CallToAnalyze): CallAnalysis {
  const t = parseTranscript(call.transcript);
  const mood = readSentiment(t.customer);
  const details = call.checkpoints.map((cp) => {
    const matched = firstSaid(t.agent, cp.phrases);
    return { checkpoint: cp.label, covered: matched !== null, matched };
  });
  const covered = details.filter((d) => d.covered).length;
  const scriptAdherence = details.length === 0 ? 100 : Math.round((covered / details.length) * 100);
  const missed = details.filter((d) => !d.covered).map((d) => d.checkpoint);
  const signals = labelsSaid(t.customer, buyingSignals);
  const objected = labelsSaid(t.customer, objections);
  const keyTopics = topics
    .map(([label, phrases]) => ({ label, hits: timesSaid(t.all, phrases) }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .slice(0, 5)
    .map((x) => x.label);
  const actions = labelsSaid(t.all, actionItems);

  const suggestions = [
    ...missed.map((label) => `Cover "${label}" on the next call.`),
    ...objected.map((o) => objectionAdvice[o]!).filter(Boolean),
    ...(mood.label === 'negative' ? ['The customer sounded unhappy: acknowledge their concerns before presenting.'] : []),
    ...(signals.length > 0 && actions.length === 0 ? ['The customer showed buying signals: ask for a commitment and agree on a next step.'] : []),
  ];
  const insights: string[] = [];
  if (t.labelled) {
    const [a, c] = [wordCount(t.agent), wordCount(t.customer)];
    if (a + c > 0) insights.push(`The agent spoke ${Math.round((a / (a + c)) * 100)}% of the words.`);
  }
  insights.push(`${plural(signals.length, 'buying signal')} and ${plural(objected.length, 'objection')} heard.`);
  if (mood.scoredWords === 0) insights.push('The customer used no clearly positive or negative words.');

  const summary = `${call.result.replace('_', ' ')} call of ${clock(call.durationSeconds)}: customer sentiment ${mood.label} `
    + `(${mood.score.toFixed(1)}/10), ${plural(signals.length, 'buying signal')}, ${plural(objected.length, 'objection')}, `
    + `${scriptAdherence}% of the script covered${keyTopics.length > 0 ? `; topics: ${keyTopics.join(', ')}` : ''}.`;

  return {
    sentimentScore: mood.score,
    sentiment: mood.label,
    scriptAdherence,
    scriptAdherenceDetails: details,
    scriptDeviations: missed.map((label) => `Skipped: ${label}`),
    buyingSignals: signals,
    objections: objected,
    keyTopics,
    suggestions,
    actionItems: actions,
    insights,
    summary: summary[0]!.toUpperCase() + summary.slice(1),
  };
}
