import { z } from 'zod';
import { PoolDistributionSchema } from '@leadfloor/events';
import { IdQuerySchema, IdSchema } from './scalars';

export { PoolDistributionSchema };

/** The pool rules' inputs with their limits and messages (a person reads them beside the field). */
const ruleFields = {
  maxActiveClaims: z.number().int('A whole number').min(1, 'At least 1').max(1000, 'At most 1,000').nullable(),
  autoReleaseHours: z.number().min(0.001, 'More than 0 hours').max(720, 'At most 720 hours (30 days)').nullable(),
  warnBeforeReleaseMinutes: z.number().int('A whole number of minutes').min(0, '0 or more').max(1440, 'At most 1,440 minutes (a day)'),
  distribution: PoolDistributionSchema,
  weights: z.array(z.strictObject({ userId: IdSchema, weight: z.number().int('A whole number').min(1, 'At least 1').max(100, 'At most 100') }))
    .max(500, 'At most 500 weights'),
  dripPerHour: z.number().int('A whole number').min(1, 'At least 1 an hour').max(100_000, 'At most 100,000 an hour').nullable(),
  /** Absent: the default, 5 minutes. */
  offerTimeoutMinutes: z.number().min(0.05, 'At least 0.05 minutes (3 seconds)').max(1440, 'At most 1,440 minutes (a day)').default(5),
};

/**
 * PUT /api/pool-policy: the whole rule set of one scope, the floor's (`teamId` null or absent) or a
 * team's override. `expectedVersion`: the policy version the editor loaded (409 when it moved).
 */
export const PoolPolicyBodySchema = z.strictObject({
  teamId: IdSchema.nullable().optional(),
  ...ruleFields,
  expectedVersion: z.number().int().min(0).optional(),
}).superRefine((b, ctx) => {
  if (b.autoReleaseHours !== null && b.warnBeforeReleaseMinutes >= b.autoReleaseHours * 60) {
    ctx.addIssue({ code: 'custom', path: ['warnBeforeReleaseMinutes'], message: 'Warn before the auto-release period is over (fewer minutes than it lasts)' });
  }
  const seen = new Set<number>();
  b.weights.forEach((w, i) => {
    if (seen.has(w.userId)) ctx.addIssue({ code: 'custom', path: ['weights', i, 'userId'], message: 'Each agent once' });
    seen.add(w.userId);
  });
});
export type PoolPolicyBody = z.input<typeof PoolPolicyBodySchema>;

const PoolRulesViewSchema = z.object({
  maxActiveClaims: z.number().int().nullable(),
  autoReleaseHours: z.number().nullable(),
  warnBeforeReleaseMinutes: z.number().int(),
  distribution: PoolDistributionSchema,
  weights: z.array(z.object({ userId: z.number().int(), weight: z.number().int() })),
  dripPerHour: z.number().int().nullable(),
  offerTimeoutMinutes: z.number(),
});

/** One scope's rules: `version` is the policy version that set them (0: the defaults, never set). */
export const ScopedPoolPolicySchema = PoolRulesViewSchema.extend({
  version: z.number().int(),
  /** When the auto-release period last changed here: holdings older than that are timed from it. */
  autoReleaseSince: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type ScopedPoolPolicyView = z.infer<typeof ScopedPoolPolicySchema>;

export const PoolPolicyViewSchema = z.object({
  /** The policy stream's version: every change to any scope moves it. */
  version: z.number().int(),
  /** The rules that apply to the signed-in user, and whose they are. */
  effective: ScopedPoolPolicySchema.extend({ source: z.enum(['floor', 'team']), teamId: z.number().int().nullable(), teamName: z.string().nullable() }),
  /** The signed-in user's leads in claimed, contacted or qualified: what the cap counts. */
  activeClaims: z.number().int(),
  /** Managers: the floor's rules and every team's override (null: it follows the floor). Others: null and []. */
  floor: ScopedPoolPolicySchema.nullable(),
  teams: z.array(z.object({ teamId: z.number().int(), teamName: z.string(), override: ScopedPoolPolicySchema.nullable(), canEdit: z.boolean() })),
  /** Whether the signed-in user may change the floor's rules. */
  canEditFloor: z.boolean(),
  /** The distribution modes the floor acts on (all of them since the offers landed). */
  actedOn: z.object({ distribution: z.array(PoolDistributionSchema) }),
});
export type PoolPolicyView = z.infer<typeof PoolPolicyViewSchema>;

export const PoolPolicyWriteResponseSchema = z.object({ version: z.number().int() });
export const TeamIdParamsSchema = z.object({ teamId: IdQuerySchema });
