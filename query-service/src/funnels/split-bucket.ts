import { createHash } from 'node:crypto';

export type Variant = 'A' | 'B' | 'C' | 'D';
const ORDER: readonly Variant[] = ['A', 'B', 'C', 'D'];

/**
 * A visitor's place in [0, 10000) for one step: a stable hash of the step and the visitor's
 * cookie, so the same visitor lands in the same place on every visit, and the places of many
 * visitors spread evenly.
 */
export function bucketOf(funnelId: number, stepId: number, visitorId: string): number {
  const digest = createHash('sha256').update(`${funnelId}:${stepId}:${visitorId}`).digest();
  return digest.readUInt32BE(0) % 10_000;
}

/**
 * The variant a visitor sees under a split test's weights (whole percents summing to 100):
 * A takes the first A% of the places, B the next B%, and so on. Sticky as long as the weights
 * stay; a change of weights moves only the visitors whose place changes hands.
 */
export function variantFor(weights: Partial<Record<Variant, number>>, funnelId: number, stepId: number, visitorId: string): Variant {
  const place = bucketOf(funnelId, stepId, visitorId);
  let upTo = 0;
  for (const v of ORDER) {
    upTo += (weights[v] ?? 0) * 100;
    if (place < upTo) return v;
  }
  return 'A';
}
