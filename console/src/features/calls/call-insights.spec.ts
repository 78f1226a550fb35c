import { describe, expect, it } from 'vitest';
import { callInsights, formatChange, weekOverWeek } from './call-insights';
import type { WeekTrend } from './call-trends';

const week = (weekStart: string, o: Partial<WeekTrend> = {}): WeekTrend => ({
  weekStart, calls: 10, connectedCalls: 6, analyzedCalls: 5, totalDurationSeconds: 1200,
  averageSentimentScore: 6, averageScriptAdherence: 70, ...o,
});

describe('week over week', () => {
  it('compares this week with last week, sentiment to one decimal and adherence in whole points', () => {
    expect(weekOverWeek([
      week('2026-11-09', { averageSentimentScore: 9 }),
      week('2026-11-16', { averageSentimentScore: 6.1, averageScriptAdherence: 75 }),
      week('2026-11-23', { averageSentimentScore: 6.8, averageScriptAdherence: 72 }),
    ])).toEqual({ sentiment: 0.7, adherence: -3 });
  });

  it('has no change when either week has no analysed call', () => {
    const silent = { analyzedCalls: 0, averageSentimentScore: null, averageScriptAdherence: null };
    expect(weekOverWeek([week('2026-11-16', silent), week('2026-11-23')])).toEqual({ sentiment: null, adherence: null });
    expect(weekOverWeek([week('2026-11-16'), week('2026-11-23', silent)])).toEqual({ sentiment: null, adherence: null });
    expect(weekOverWeek([week('2026-11-23')])).toEqual({ sentiment: null, adherence: null });
  });

  it('shows a change with its sign', () => {
    expect(formatChange(0.7)).toBe('+0.7');
    expect(formatChange(-0.25)).toBe('−0.3');
    expect(formatChange(3, '%')).toBe('+3%');
    expect(formatChange(-3, '%')).toBe('−3%');
    expect(formatChange(0, '%')).toBe('±0%');
  });
});

describe('call insights', () => {
  it('says how the averages moved, and names the buying signal and the objection heard most', () => {
    const insights = callInsights({
      weeks: [week('2026-11-16', { averageSentimentScore: 6.1, averageScriptAdherence: 75 }), week('2026-11-23', { averageSentimentScore: 6.8, averageScriptAdherence: 72 })],
      buyingSignals: [{ label: 'when can we start', count: 12 }, { label: 'send the contract', count: 4 }],
      objections: [{ label: 'too expensive', count: 1 }],
    });
    expect(insights.map((i) => i.text)).toEqual([
      'Customer sentiment is up 0.7 on last week, at 6.8 / 10.',
      'Script adherence is down 3 points on last week, at 72%.',
      'Buying signal heard most: “when can we start”, on 12 calls.',
      'Objection raised most: “too expensive”, on 1 call.',
    ]);
  });

  it('says an average held when it did not move', () => {
    const insights = callInsights({ weeks: [week('2026-11-16'), week('2026-11-23')], buyingSignals: [], objections: [] });
    expect(insights.map((i) => i.text)).toEqual(['Customer sentiment held at 6.0 / 10 this week.', 'Script adherence held at 70% this week.']);
  });

  it('says nothing the analyses do not support', () => {
    expect(callInsights({ weeks: [week('2026-11-23', { analyzedCalls: 0, averageSentimentScore: null, averageScriptAdherence: null })], buyingSignals: [], objections: [] })).toEqual([]);
  });
});
