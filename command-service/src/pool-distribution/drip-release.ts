import type { CreateLeadBodySchema } from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { z } from 'zod';
import type { Actor } from '../leads/commands';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import { planNewLeads } from '../leads/new-lead-commands';
import type { PoolPolicyReader } from '../pool-policy/policy-reader';
import type { CommandContext, HandleCommand } from '../shared/handle-command';
import { DISTRIBUTION_STREAM, distributionAggregate, dripSlots } from './distribution';

export type DripDeps = { store: EventStore; handle: HandleCommand; policies: PoolPolicyReader; now: () => Date };

/**
 * The release instants for `count` leads made in one go under the floor's drip (`dripPerHour`),
 * queued behind any earlier bulk creation's; [] when the floor has no drip (they enter at once).
 * An import calls this once for its rows and puts each instant in its lead's CreateLead
 * (`releaseAt`); the drip's timers (offer-timers.ts) let each lead in at its instant.
 */
export async function reserveDripRelease(deps: DripDeps, count: number, ctx: CommandContext): Promise<string[]> {
  const { dripPerHour } = (await deps.policies()).floor;
  if (dripPerHour === null || count === 0) return [];
  const outcome = await deps.handle(distributionAggregate, DISTRIBUTION_STREAM,
    { type: 'ReserveDripSlots', data: { count, dripPerHour }, meta: { now: deps.now().toISOString() } }, ctx);
  const reserved = outcome.events[0]?.data as { count: number; firstAt: string; intervalMs: number } | undefined;
  return reserved ? dripSlots(reserved) : [];
}

/** Creates leads in one go (POST /api/leads/bulk), each entering the pool at its drip slot. */
export async function createLeadsWithDrip(deps: DripDeps, leads: readonly z.output<typeof CreateLeadBodySchema>[], actor: Actor, ctx: CommandContext) {
  const plans = await planNewLeads(deps.store, leads, (i) => `leads.${i}.`);
  const { commandId, ...each } = ctx;
  const slots = await reserveDripRelease(deps, leads.length, { ...each, ...(commandId ? { commandId: `drip:${commandId}` } : {}) });
  const made: { id: number; releaseAt: string | null }[] = [];
  for (const [i, commands] of plans.entries()) {
    const leadId = await deps.store.nextId('lead');
    const releaseAt = slots[i];
    await deps.handle(leadAggregate, leadStream(leadId), commands(leadId, { now: deps.now().toISOString(), actor }, releaseAt ? { releaseAt } : {}), each);
    made.push({ id: leadId, releaseAt: releaseAt ?? null });
  }
  return made;
}
