import { describe, expect, it } from 'vitest';
import { averageDuration, combineTrends, connectedRate, MEASURES, readTrendParams, weekLabel, writeTrendParams, type Measure, type Trend } from './call-trends';

const trend = (over: Partial<Trend>): Trend => ({
  calls: 0, connectedCalls: 0, analyzedCalls: 0, totalDurationSeconds: 0, averageSentimentScore: null, averageScriptAdherence: null, ...over,
});

describe('connectedRate and averageDuration', () => {
  it('are whole figures per call', () => {
    expect(connectedRate(trend({ calls: 3, connectedCalls: 2 }))).toBe(67);
    expect(averageDuration(trend({ calls: 4, totalDurationSeconds: 1001 }))).toBe(250);
  });
  it('are null without calls, never a division by zero', () => {
    expect(connectedRate(trend({}))).toBeNull();
    expect(averageDuration(trend({}))).toBeNull();
  });
});

describe('combineTrends', () => {
  it('adds counts and weights the averages by analysed calls', () => {
    const total = combineTrends([
      trend({ calls: 10, connectedCalls: 6, analyzedCalls: 1, totalDurationSeconds: 600, averageSentimentScore: 2, averageScriptAdherence: 20 }),
      trend({ calls: 30, connectedCalls: 20, analyzedCalls: 3, totalDurationSeconds: 1800, averageSentimentScore: 8, averageScriptAdherence: 80 }),
    ]);
    expect(total).toEqual({
      calls: 40, connectedCalls: 26, analyzedCalls: 4, totalDurationSeconds: 2400, averageSentimentScore: 6.5, averageScriptAdherence: 65,
    });
  });
  it('has no averages when nothing was analysed, and ignores parts without one', () => {
    expect(combineTrends([trend({ calls: 2 })])).toMatchObject({ calls: 2, averageSentimentScore: null, averageScriptAdherence: null });
    expect(combineTrends([trend({ calls: 2, analyzedCalls: 1, averageSentimentScore: 7, averageScriptAdherence: 50 }), trend({ calls: 1 })]))
      .toMatchObject({ averageSentimentScore: 7, averageScriptAdherence: 50 });
    expect(combineTrends([])).toMatchObject({ calls: 0, averageSentimentScore: null });
  });
});

describe('weekLabel', () => {
  it("names a week by its first day, on the server's calendar", () => {
    expect(weekLabel('2026-03-02')).toBe('Mar 2');
    expect(weekLabel('garbled')).toBe('garbled');
  });
});

describe('MEASURES', () => {
  it('formats each measure as the page shows it', () => {
    const t = trend({ calls: 4, connectedCalls: 1, analyzedCalls: 1, averageSentimentScore: 7, averageScriptAdherence: 83 });
    expect(Object.values(MEASURES).map((m: Measure) => { const v = m.value(t); return v === null ? null : m.format(v); })).toEqual(['4', '25%', '7.0', '83%']);
  });
});

describe('readTrendParams and writeTrendParams', () => {
  it('reads the period and the agent, and writes only what differs from the defaults', () => {
    expect(readTrendParams(new URLSearchParams('weeks=26&agent=9'))).toEqual({ weeks: 26, agent: 9 });
    expect(writeTrendParams({ weeks: 26, agent: 9 }).toString()).toBe('weeks=26&agent=9');
    expect(writeTrendParams({ weeks: 8, agent: null }).toString()).toBe('');
  });
  it('falls back to eight weeks and everyone for other values', () => {
    expect(readTrendParams(new URLSearchParams('weeks=5&agent=x'))).toEqual({ weeks: 8, agent: null });
    expect(readTrendParams(new URLSearchParams(''))).toEqual({ weeks: 8, agent: null });
  });
});
