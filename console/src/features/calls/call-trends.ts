import type { z } from 'zod';
import type { CallTrendsSchema } from '@leadfloor/contracts';
import { localDay } from '../../lib/local-day';

export type CallTrends = z.infer<typeof CallTrendsSchema>;
export type WeekTrend = CallTrends['weeks'][number];
export type AgentTrend = CallTrends['agents'][number];
/** The measures a week and an agent share. */
export type Trend = Omit<WeekTrend, 'weekStart'>;

/** Connected calls as a whole percent of all calls; null with no calls. */
export const connectedRate = (t: Pick<Trend, 'calls' | 'connectedCalls'>): number | null =>
  t.calls === 0 ? null : Math.round((t.connectedCalls / t.calls) * 100);

/** Average talk time per call in seconds; null with no calls. */
export const averageDuration = (t: Pick<Trend, 'calls' | 'totalDurationSeconds'>): number | null =>
  t.calls === 0 ? null : Math.round(t.totalDurationSeconds / t.calls);

/**
 * Several weeks (or agents) as one: counts add up, and the averages are weighted by each
 * part's analysed calls, so a week with one analysed call does not count as much as a week
 * with forty.
 */
export function combineTrends(parts: Trend[]): Trend {
  const sum = (pick: (t: Trend) => number) => parts.reduce((n, t) => n + pick(t), 0);
  const weighted = (pick: (t: Trend) => number | null) => {
    let [total, weight] = [0, 0];
    for (const t of parts) {
      const v = pick(t);
      if (v !== null) [total, weight] = [total + v * t.analyzedCalls, weight + t.analyzedCalls];
    }
    return weight === 0 ? null : total / weight;
  };
  const [sentiment, adherence] = [weighted((t) => t.averageSentimentScore), weighted((t) => t.averageScriptAdherence)];
  return {
    calls: sum((t) => t.calls),
    connectedCalls: sum((t) => t.connectedCalls),
    analyzedCalls: sum((t) => t.analyzedCalls),
    totalDurationSeconds: sum((t) => t.totalDurationSeconds),
    averageSentimentScore: sentiment === null ? null : Math.round(sentiment * 10) / 10,
    averageScriptAdherence: adherence === null ? null : Math.round(adherence),
  };
}

const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** A week by its first day, 'Mar 2' (the server's calendar date, never shifted by the browser's zone). */
export const weekLabel = (weekStart: string): string => {
  const day = localDay(weekStart);
  return day ? weekFormat.format(day) : weekStart;
};

/** One measure of a trend, as the charts and tables show it. */
export type Measure = {
  key: 'calls' | 'connectedRate' | 'sentiment' | 'adherence';
  label: string;
  value: (t: Trend) => number | null;
  format: (v: number) => string;
  /** An axis tick's label, when it differs from a figure's ('6', not '6.0'). */
  tick?: (v: number) => string;
  /** The axis top when the measure has a fixed scale (percent, 0–10). */
  max?: number;
};

export const MEASURES = {
  calls: { key: 'calls', label: 'Calls', value: (t) => t.calls, format: (v) => String(v) },
  connectedRate: { key: 'connectedRate', label: 'Connected rate', value: connectedRate, format: (v) => `${v}%`, max: 100 },
  sentiment: { key: 'sentiment', label: 'Avg. sentiment', value: (t) => t.averageSentimentScore, format: (v) => v.toFixed(1), tick: (v) => String(v), max: 10 },
  adherence: { key: 'adherence', label: 'Avg. script adherence', value: (t) => t.averageScriptAdherence, format: (v) => `${v}%`, max: 100 },
} satisfies Record<Measure['key'], Measure>;

/** The periods /call-analytics offers, in weeks (the API takes 1–52). */
export const PERIODS = [4, 8, 12, 26] as const;
export const DEFAULT_WEEKS = 8;

/** The page's period and agent from the address bar; anything else falls back to the default. */
export function readTrendParams(search: URLSearchParams): { weeks: number; agent: number | null } {
  const weeks = Number(search.get('weeks'));
  const agent = Number(search.get('agent'));
  return {
    weeks: PERIODS.find((p) => p === weeks) ?? DEFAULT_WEEKS,
    agent: Number.isInteger(agent) && agent > 0 ? agent : null,
  };
}

export function writeTrendParams({ weeks, agent }: { weeks: number; agent: number | null }): URLSearchParams {
  const out = new URLSearchParams();
  if (weeks !== DEFAULT_WEEKS) out.set('weeks', String(weeks));
  if (agent !== null) out.set('agent', String(agent));
  return out;
}
