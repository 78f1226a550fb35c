import type { LeadState } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Actor, LeadCommand } from '../leads/commands';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { PoolPolicyReader } from '../pool-policy/policy-reader';
import { isDomainError, NotFound, RuleViolation } from '../shared/domain-error';
import type { CommandContext, HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { availableCandidates, offerScopeFor } from './available-agents';
import { DISTRIBUTION_STREAM, distributionAggregate } from './distribution';

export type OfferDeps = { pool: Pool; store: EventStore; handle: HandleCommand; policies: PoolPolicyReader; now: () => Date };

export type OfferMade = { userId: number; version: number; state: LeadState };

const PICK_ROUNDS = 6;

/**
 * Every offer of the floor picks on one stream: offers made at once (the process manager and a
 * manager's assign-next, or several imports' leads) race for it, and a command gives up after
 * its own re-decisions. A pick that lost every race is tried again after a short random pause,
 * so offers made at once fall into line rather than fail.
 */
async function pickOnBusyStream<T>(pick: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await pick();
    } catch (err) {
      if (!isDomainError(err) || err.kind !== 'VersionConflict' || round >= PICK_ROUNDS) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * round));
    }
  }
}

/**
 * Offers a lead to the rotation's next agent: picks on the distribution stream among the agents
 * of its scope (available-agents.ts) who can take it now (never one already offered it since it
 * entered the pool), under the scope's rules, then appends the
 * offer on the lead. `key` (the causing event, or the request) makes both commands idempotent: a
 * redelivered event picks and offers once. `moveOn`: a manager moving a running offer on
 * (assign-next); the pass and the new offer are one append.
 * Returns null when there is nobody to offer it to: the lead then stays open to every agent.
 */
export async function offerNext(deps: OfferDeps, leadId: number, opts: {
  ctx: CommandContext; key?: string; moveOn?: Actor;
}): Promise<OfferMade | null> {
  const policies = await deps.policies();
  const { state } = await loadState(deps.store, leadAggregate, leadStream(leadId));
  if (!state.exists) throw new NotFound('lead.not_found', `Lead ${leadId} does not exist.`);
  if (state.claimedBy !== null || state.status !== 'available') {
    throw new RuleViolation('lead.not_available', `Lead ${leadId} is not in the pool.`, { status: state.status, claimedBy: state.claimedBy });
  }
  if (state.dripReleaseAt !== null) {
    throw new RuleViolation('lead.not_released', `Lead ${leadId} enters the pool at ${state.dripReleaseAt}.`, { releaseAt: state.dripReleaseAt });
  }
  // Already offered (the rotation's own redelivery, or a race with a manager): nothing to pick.
  if (state.offer !== null && !opts.moveOn) return null;
  const scope = await offerScopeFor(deps.pool, policies, state.leadType);
  // The rotation offers by itself only where the rules say so; a manager's assign-next always may.
  if (scope.policy.distribution === 'first_come' && !opts.moveOn) return null;
  const candidates = await availableCandidates(deps.pool, policies, scope, state.offeredTo);
  if (candidates.length === 0) return null;
  const ids = (step: string) => (opts.key ? { commandId: `${step}:${opts.key}` } : {});
  const picked = await pickOnBusyStream(() => deps.handle(distributionAggregate, DISTRIBUTION_STREAM,
    { type: 'PickAgent', data: { leadId, candidates }, meta: { now: deps.now().toISOString() } }, { ...opts.ctx, ...ids('pick') }));
  const userId = (picked.events[0]?.data as { userId: number } | undefined)?.userId;
  if (userId === undefined) return null;
  const { policy } = scope;
  // A manager's push under first come is recorded as the plain rotation it is.
  const distribution = policy.distribution === 'first_come' ? 'round_robin' : policy.distribution;
  const outcome = await deps.handle(leadAggregate, leadStream(leadId), (s): LeadCommand[] => {
    const now = deps.now();
    const meta = { now: now.toISOString(), assignedBy: opts.moveOn?.id ?? null };
    const pass: LeadCommand[] = opts.moveOn && s.exists && s.offer !== null
      ? [{ type: 'PassOffer', data: { leadId }, meta: { now: meta.now, actor: opts.moveOn } }] : [];
    return [...pass, {
      type: 'OfferLead', meta,
      data: { leadId, userId, expiresAt: new Date(now.getTime() + policy.offerTimeoutMinutes * 60_000).toISOString(), distribution, policyVersion: policy.version },
    }];
  }, { ...opts.ctx, ...ids('offer') });
  return { userId, version: outcome.version, state: outcome.state };
}
