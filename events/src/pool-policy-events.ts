import { z } from 'zod';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/** How new leads reach agents: anyone claims (`first_come`), or each is offered in turn to one available agent. */
export const PoolDistributionSchema = z.enum(['first_come', 'round_robin', 'weighted']);
export type PoolDistribution = z.infer<typeof PoolDistributionSchema>;

/**
 * The floor's pool rules, as one scope (the floor, or a team's override) stores them.
 * - `maxActiveClaims`: the most leads one agent may hold in claimed, contacted or qualified; null: no cap.
 * - `autoReleaseHours`: a lead still only claimed (not contacted) this long goes back to the pool; null: never.
 * - `warnBeforeReleaseMinutes`: the holder is told this long before; 0: no warning.
 * - `distribution`, `weights` (per agent, for `weighted`; 1 when unlisted), `offerTimeoutMinutes`: how
 *   new leads are offered (a team's rules govern the leads of the type it works, offered among its
 *   people; the floor's every other lead), `dripPerHour` (the floor's: bulk-created leads enter the
 *   pool at this rate; null: at once).
 */
export const PoolPolicyRulesSchema = z.object({
  maxActiveClaims: z.number().int().positive().nullable(),
  autoReleaseHours: z.number().positive().nullable(),
  warnBeforeReleaseMinutes: z.number().int().nonnegative(),
  distribution: PoolDistributionSchema,
  weights: z.array(z.object({ userId: id, weight: z.number().int().positive() })),
  dripPerHour: z.number().int().positive().nullable(),
  // How long an offered lead waits for its agent's answer before it moves on (stored from the
  // second half on; earlier rule sets read as the default).
  offerTimeoutMinutes: z.number().positive().default(5),
});
export type PoolPolicyRules = z.infer<typeof PoolPolicyRulesSchema>;

// One stream for the whole floor (`pool-policy`): the floor's rules and each team's override, so
// one version number orders every change, and an auto-release names the version it acted under.
export const poolPolicyEventSchemas = {
  PoolPolicySet: PoolPolicyRulesSchema.extend({ teamId: id.nullable(), by: id, at }),
  // The team follows the floor's rules again.
  PoolPolicyOverrideRemoved: z.object({ teamId: id, by: id, at }),
} as const;

export type PoolPolicyEventType = keyof typeof poolPolicyEventSchemas;
export type PoolPolicyEvent = {
  [T in PoolPolicyEventType]: { type: T; data: z.infer<(typeof poolPolicyEventSchemas)[T]> };
}[PoolPolicyEventType];
