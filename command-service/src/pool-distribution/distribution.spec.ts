import { evolveDistribution, initialDistribution, type Candidate, type DistributionEvent, type DistributionState } from '@leadfloor/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { decideDistribution, dripSlots, type DistributionCommand } from './distribution';

const NOW = '2025-03-02T10:00:00.000Z';
const pick = (candidates: Candidate[], leadId = 1): DistributionCommand => ({ type: 'PickAgent', data: { leadId, candidates }, meta: { now: NOW } });
const equal = (...ids: number[]) => ids.map((userId) => ({ userId, weight: 1 }));
const fold = (events: DistributionEvent[]) => events.reduce(evolveDistribution, initialDistribution());

/** Runs `n` picks from the same candidates, each decided on the state the ones before left. */
function run(candidates: Candidate[], n: number, from: DistributionState = initialDistribution()) {
  let s = from;
  const picked: number[] = [];
  for (let i = 0; i < n; i++) {
    const [e] = decideDistribution(pick(candidates, i + 1), s);
    s = evolveDistribution(s, e!);
    picked.push((e as Extract<DistributionEvent, { type: 'AgentPicked' }>).data.userId);
  }
  return { state: s, picked };
}
const counts = (ids: number[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<number, number>());

describe('PickAgent', () => {
  it('goes round the available agents in turn, recording whom it chose from', () => {
    expect(run(equal(3, 1, 2), 6).picked).toEqual([1, 2, 3, 1, 2, 3]);
    expect(decideDistribution(pick(equal(2, 1)), initialDistribution())).toEqual([
      { type: 'AgentPicked', data: { leadId: 1, userId: 1, candidates: equal(1, 2), at: NOW } },
    ]);
  });

  it('spreads a weighted rotation smoothly: weights 3 and 1 give 3 to 1, never four in a row', () => {
    const { picked } = run([{ userId: 1, weight: 3 }, { userId: 2, weight: 1 }], 8);
    expect(picked).toEqual([1, 1, 2, 1, 1, 1, 2, 1]);
  });

  it('skips an agent who is away: the next in turn who is there gets the lead', () => {
    const first = run(equal(1, 2, 3), 1).state;
    expect(run(equal(1, 3), 1, first).picked).toEqual([3]);
  });

  it('refuses when nobody can take the lead', () => {
    expect(() => decideDistribution(pick([]), initialDistribution())).toThrowError(DomainError);
    expect(() => decideDistribution(pick([]), initialDistribution())).toThrowError(/No available agent/);
  });

  it('counts each agent once however often they are listed', () => {
    const [e] = decideDistribution(pick([...equal(1), ...equal(1), ...equal(2)]), initialDistribution());
    expect((e as Extract<DistributionEvent, { type: 'AgentPicked' }>).data.candidates).toEqual(equal(1, 2));
  });

  it('replays: the fold of its own events is the state it decided on', () => {
    const events: DistributionEvent[] = [];
    let s = initialDistribution();
    for (let i = 0; i < 20; i++) {
      const [e] = decideDistribution(pick(i % 3 === 0 ? equal(1, 2) : equal(1, 2, 3), i), s);
      events.push(e!);
      s = evolveDistribution(s, e!);
    }
    expect(fold(events)).toEqual(s);
  });

  it('over 1,000 leads, equal-weight agents differ by at most one lead, whatever came before (property)', () => {
    fc.assert(fc.property(
      fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 0, max: 200 }),
      (ids, weight, before) => {
        const candidates = ids.map((userId) => ({ userId, weight }));
        const warm = run(candidates, before).state;
        const c = counts(run(candidates, 1000, warm).picked);
        const spread = ids.map((id) => c.get(id) ?? 0);
        return Math.max(...spread) - Math.min(...spread) <= 1;
      },
    ), { numRuns: 60 });
    // 60 floors of 1,000 picks: seconds of CPU on a loaded machine, more than the default bound.
  }, 120_000);

  it("over whole cycles, each weighted agent gets exactly its weight's share (property)", () => {
    fc.assert(fc.property(
      fc.uniqueArray(fc.record({ userId: fc.integer({ min: 1, max: 10_000 }), weight: fc.integer({ min: 1, max: 10 }) }), { minLength: 1, maxLength: 12, selector: (c) => c.userId }),
      fc.integer({ min: 1, max: 5 }),
      (candidates, cycles) => {
        const total = candidates.reduce((n, c) => n + c.weight, 0);
        const c = counts(run(candidates, total * cycles).picked);
        return candidates.every((cand) => c.get(cand.userId) === cand.weight * cycles);
      },
    ), { numRuns: 60 });
  }, 120_000);
});

describe('ReserveDripSlots', () => {
  const reserve = (count: number, dripPerHour: number, now = NOW): DistributionCommand => ({ type: 'ReserveDripSlots', data: { count, dripPerHour }, meta: { now } });

  it('spaces a bulk creation at the drip rate from now', () => {
    const [e] = decideDistribution(reserve(3, 60), initialDistribution());
    expect(e).toEqual({ type: 'DripSlotsReserved', data: { count: 3, firstAt: NOW, intervalMs: 60_000, at: NOW } });
    expect(dripSlots((e as Extract<DistributionEvent, { type: 'DripSlotsReserved' }>).data))
      .toEqual(['2025-03-02T10:00:00.000Z', '2025-03-02T10:01:00.000Z', '2025-03-02T10:02:00.000Z']);
  });

  it('queues a second import behind the first', () => {
    const s = fold(decideDistribution(reserve(3, 60), initialDistribution()));
    const [e] = decideDistribution(reserve(2, 60, '2025-03-02T10:00:30.000Z'), s);
    expect(e!.data).toMatchObject({ firstAt: '2025-03-02T10:03:00.000Z', count: 2 });
  });

  it('starts at once when the queue ran dry, and reserves nothing for no leads', () => {
    const s = fold(decideDistribution(reserve(1, 60), initialDistribution()));
    expect(decideDistribution(reserve(1, 60, '2025-03-02T11:00:00.000Z'), s)[0]!.data).toMatchObject({ firstAt: '2025-03-02T11:00:00.000Z' });
    expect(decideDistribution(reserve(0, 60), s)).toEqual([]);
  });
});
