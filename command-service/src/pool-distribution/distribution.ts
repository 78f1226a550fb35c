import {
  evolveDistribution, initialDistribution, smoothWeightedPick, streamIdOf,
  type Candidate, type DistributionEvent, type DistributionState,
} from '@leadfloor/events';
import { RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';

/** The floor's one rotation and drip queue: every pick and every reservation is ordered by this stream. */
export const DISTRIBUTION_STREAM = streamIdOf('distribution', 'floor');

/** Picks who is offered `leadId` from the agents who can take it now (the caller looks them up). */
export type PickAgent = { type: 'PickAgent'; data: { leadId: number; candidates: readonly Candidate[] }; meta: { now: string } };
/** Reserves `count` release slots for a bulk creation at the floor's drip rate, behind any earlier ones. */
export type ReserveDripSlots = { type: 'ReserveDripSlots'; data: { count: number; dripPerHour: number }; meta: { now: string } };
export type DistributionCommand = PickAgent | ReserveDripSlots;

/** The release instants of a reservation, in order. */
export const dripSlots = (r: { count: number; firstAt: string; intervalMs: number }) =>
  Array.from({ length: r.count }, (_, i) => new Date(Date.parse(r.firstAt) + i * r.intervalMs).toISOString());

/**
 * - A pick chooses by smooth weighted round-robin among the candidates (one entry per agent;
 *   listed in any order, decided in user-id order), and records them with their weights, so the
 *   rotation replays without knowing who was online. No candidates: 409 distribution.no_agent.
 * - A drip reservation starts at the later of now and the end of the queue before it, one slot
 *   every hour / dripPerHour.
 */
export function decideDistribution(c: DistributionCommand, s: DistributionState): DistributionEvent[] {
  const at = c.meta.now;
  if (c.type === 'ReserveDripSlots') {
    const { count, dripPerHour } = c.data;
    if (count === 0) return [];
    const firstAt = s.dripNextAt !== null && Date.parse(s.dripNextAt) > Date.parse(at) ? s.dripNextAt : at;
    return [{ type: 'DripSlotsReserved', data: { count, firstAt, intervalMs: Math.max(1, Math.round(3_600_000 / dripPerHour)), at } }];
  }
  const byUser = new Map<number, Candidate>();
  for (const cand of c.data.candidates) if (cand.weight > 0 && !byUser.has(cand.userId)) byUser.set(cand.userId, cand);
  const candidates = [...byUser.values()].sort((a, b) => a.userId - b.userId);
  if (candidates.length === 0) throw new RuleViolation('distribution.no_agent', 'No available agent can take this lead now.');
  const userId = smoothWeightedPick(s, candidates);
  return [{ type: 'AgentPicked', data: { leadId: c.data.leadId, userId, candidates, at } }];
}

export const distributionAggregate: Aggregate<DistributionState, DistributionCommand, DistributionEvent> = {
  streamType: 'distribution', initialState: initialDistribution, evolve: evolveDistribution, decide: decideDistribution,
};
