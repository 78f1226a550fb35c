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

/**
 * The policy as this process last read it, for the commands that append with its version as a
 * guard (handle-command's `guards`): built on it with no round trip, and refused by the append if
 * the policy moved since, so a change committed before the append always counts.
 */
export type RememberedPoolPolicy = {
  /** The policy last read; read first only when none is known or a guard found it moved. */
  remembered(): Promise<PoolPolicies>;
  /** A guard found the policy stream past the remembered version: the next `remembered` reads. */
  moved(): void;
  /** The policy as of now, read (for an answer no append guarded). */
  current: PoolPolicyReader;
};

export function rememberPoolPolicy(read: PoolPolicyReader): RememberedPoolPolicy {
  let known: PoolPolicies | null = null;
  // A read that began before a guard found the policy moved may predate the change: not kept.
  let moves = 0;
  const current = async () => {
    const at = moves;
    const p = await read();
    if (at === moves && (!known || p.version >= known.version)) known = p;
    return p;
  };
  return {
    remembered: async () => known ?? current(),
    moved: () => {
      known = null;
      moves++;
    },
    current,
  };
}
