import type { CallTrends, WeekTrend } from './call-trends';

/** This week's average against last week's; null unless both weeks have an analysed call. */
export type WeekOverWeek = { sentiment: number | null; adherence: number | null };

const change = (now: number | null | undefined, before: number | null | undefined, round: (v: number) => number) =>
  now === null || now === undefined || before === null || before === undefined ? null : round(now - before);

/**
 * The change of the averages from last week to this one (the last two calendar weeks of
 * `weeks`, oldest first): sentiment in points of its 0–10 scale to one decimal, adherence in
 * whole percentage points.
 */
export function weekOverWeek(weeks: WeekTrend[]): WeekOverWeek {
  const [before, now] = weeks.slice(-2);
  if (!before || !now || before.analyzedCalls === 0 || now.analyzedCalls === 0) return { sentiment: null, adherence: null };
  return {
    sentiment: change(now.averageSentimentScore, before.averageSentimentScore, (v) => Math.round(v * 10) / 10),
    adherence: change(now.averageScriptAdherence, before.averageScriptAdherence, Math.round),
  };
}

/** A signed change as the card shows it: '+0.7', '−3%', '±0'. */
export function formatChange(value: number, unit: '' | '%' = ''): string {
  if (value === 0) return `±0${unit}`;
  const digits = unit === '%' ? String(Math.abs(value)) : Math.abs(value).toFixed(1);
  return `${value > 0 ? '+' : '−'}${digits}${unit}`;
}

export type Insight = { kind: 'sentiment' | 'adherence' | 'buying_signal' | 'objection'; text: string };

const calls = (n: number) => `${n} ${n === 1 ? 'call' : 'calls'}`;
const direction = (v: number) => (v > 0 ? 'up' : 'down');

/**
 * What the call analyses of the period say, in plain sentences, strongest signal first: how
 * sentiment and script adherence moved since last week, the buying signal heard on most
 * calls and the objection raised on most. Only what the analyses support: nothing when they
 * are silent.
 */
export function callInsights(trends: Pick<CallTrends, 'weeks' | 'buyingSignals' | 'objections'>): Insight[] {
  const insights: Insight[] = [];
  const moved = weekOverWeek(trends.weeks);
  const thisWeek = trends.weeks.at(-1);
  if (moved.sentiment !== null && thisWeek?.averageSentimentScore != null) {
    insights.push({ kind: 'sentiment', text: moved.sentiment === 0
      ? `Customer sentiment held at ${thisWeek.averageSentimentScore.toFixed(1)} / 10 this week.`
      : `Customer sentiment is ${direction(moved.sentiment)} ${Math.abs(moved.sentiment).toFixed(1)} on last week, at ${thisWeek.averageSentimentScore.toFixed(1)} / 10.` });
  }
  if (moved.adherence !== null && thisWeek?.averageScriptAdherence != null) {
    insights.push({ kind: 'adherence', text: moved.adherence === 0
      ? `Script adherence held at ${thisWeek.averageScriptAdherence}% this week.`
      : `Script adherence is ${direction(moved.adherence)} ${Math.abs(moved.adherence)} points on last week, at ${thisWeek.averageScriptAdherence}%.` });
  }
  const signal = trends.buyingSignals[0];
  if (signal) insights.push({ kind: 'buying_signal', text: `Buying signal heard most: “${signal.label}”, on ${calls(signal.count)}.` });
  const objection = trends.objections[0];
  if (objection) insights.push({ kind: 'objection', text: `Objection raised most: “${objection.label}”, on ${calls(objection.count)}.` });
  return insights;
}
