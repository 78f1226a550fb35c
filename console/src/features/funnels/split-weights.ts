import { FunnelVariantSchema, type FunnelVariant } from '@leadfloor/contracts';

export const VARIANTS = FunnelVariantSchema.options;

/** Whole-number weights that add up to 100, as even as they can be (the first variants take the remainder). */
export function evenWeights(variants: FunnelVariant[]): Partial<Record<FunnelVariant, number>> {
  const base = Math.floor(100 / variants.length);
  const extra = 100 - base * variants.length;
  return Object.fromEntries(variants.map((v, i) => [v, base + (i < extra ? 1 : 0)]));
}

/** The variants a step has: A always, and every one with a draft, a published page or a share of a test. */
export function stepVariants(step: { drafts: object; published: object; splitTest: { weights: object } | null }): FunnelVariant[] {
  const present = new Set<string>(['A', ...Object.keys(step.drafts), ...Object.keys(step.published), ...Object.keys(step.splitTest?.weights ?? {})]);
  return VARIANTS.filter((v) => present.has(v));
}

/** The next letter for a new variant, or null when all four exist. */
export const nextVariant = (existing: FunnelVariant[]): FunnelVariant | null => VARIANTS.find((v) => !existing.includes(v)) ?? null;
