import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/**
 * The floor's distribution stream (`distribution-floor`): the rotation that picks who is offered
 * the next lead, and the drip's queue of release slots. Each pick records the candidates it chose
 * from and their weights, so the rotation's state is a pure fold of this stream (replayable,
 * whoever was online at the time).
 */
export const distributionEventSchemas = {
  AgentPicked: z.object({
    leadId: id, userId: id, candidates: z.array(z.object({ userId: id, weight: z.number().int().positive() })).min(1), at,
  }),
  // `count` release slots reserved for one bulk creation, `intervalMs` apart from `firstAt`.
  DripSlotsReserved: z.object({ count: z.number().int().positive(), firstAt: at, intervalMs: z.number().int().positive(), at }),
} as const;

export type DistributionEventType = keyof typeof distributionEventSchemas;
export type DistributionEvent = {
  [T in DistributionEventType]: { type: T; data: z.infer<(typeof distributionEventSchemas)[T]> };
}[DistributionEventType];
export type Candidate = { userId: number; weight: number };

/** The rotation (smooth weighted round-robin) and the drip's next free slot. */
export type DistributionState = {
  version: number;
  /** Smooth weighted round-robin's current weight per agent ever picked from. */
  current: Record<number, number>;
  /** Leads picked for each agent (the spread a manager can check). */
  picks: Record<number, number>;
  /** The instant after the drip's last reserved slot: the next import queues behind it. */
  dripNextAt: string | null;
};

export const initialDistribution = (): DistributionState => ({ version: 0, current: {}, picks: {}, dripNextAt: null });

/**
 * Smooth weighted round-robin (the nginx upstream algorithm): every candidate's current weight
 * grows by its weight, the largest wins (ties: the lowest user id) and pays back the total. Over
 * any run of picks from the same candidates, each gets its share of picks within one of exact,
 * spread evenly rather than in bursts; with equal weights it is plain round-robin.
 */
export function smoothWeightedPick(s: Pick<DistributionState, 'current'>, candidates: readonly Candidate[]): number {
  let best: { userId: number; score: number } | null = null;
  for (const c of candidates) {
    const score = (s.current[c.userId] ?? 0) + c.weight;
    if (!best || score > best.score || (score === best.score && c.userId < best.userId)) best = { userId: c.userId, score };
  }
  if (!best) throw new Error('no candidates');
  return best.userId;
}

export function evolveDistribution(s: DistributionState, e: DistributionEvent): DistributionState {
  const version = s.version + 1;
  if (e.type === 'DripSlotsReserved') {
    const { count, firstAt, intervalMs } = e.data;
    return { ...s, version, dripNextAt: new Date(Date.parse(firstAt) + count * intervalMs).toISOString() };
  }
  const { userId, candidates } = e.data;
  const total = candidates.reduce((n, c) => n + c.weight, 0);
  const current = { ...s.current };
  for (const c of candidates) current[c.userId] = (current[c.userId] ?? 0) + c.weight;
  current[userId] = (current[userId] ?? 0) - total;
  return { ...s, version, current, picks: { ...s.picks, [userId]: (s.picks[userId] ?? 0) + 1 } };
}
