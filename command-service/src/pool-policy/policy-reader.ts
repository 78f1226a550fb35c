import { evolvePoolPolicies, initialPoolPolicies, type PoolPolicies, type PoolPolicyEvent } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { toDomainEvent } from '../shared/handle-command';
import { POOL_POLICY_STREAM } from './pool-policy';

export type PoolPolicyReader = () => Promise<PoolPolicies>;

/**
 * The pool policy as of now, for the commands that obey it (a claim's cap, the auto-release
 * timers). It keeps the last fold and reads only the policy events since, one indexed read that
 * is almost always empty: a change committed before the read always counts.
 */
export function createPoolPolicyReader(store: EventStore): PoolPolicyReader {
  let known: PoolPolicies = initialPoolPolicies();
  return async () => {
    const base = known;
    const events = await store.readStream(POOL_POLICY_STREAM, { fromVersion: base.version + 1 });
    if (events.length === 0) return base;
    const next = events.map(toDomainEvent<PoolPolicyEvent>).reduce(evolvePoolPolicies, base);
    if (next.version > known.version) known = next;
    return next;
  };
}
