import type { EventStore } from '@leadfloor/infra/event-store/types';
import { toDomainEvent, type Aggregate } from './handle-command';

/**
 * An aggregate's current state and version, folded from its stream: how a command looks at
 * another aggregate it depends on (the lead a call or sale is about, a team's plan or script).
 */
export async function loadState<S, E extends { type: string; data: unknown }>(
  store: EventStore, aggregate: Pick<Aggregate<S, never, E>, 'initialState' | 'evolve'>, streamId: string,
): Promise<{ state: S; version: number }> {
  const recorded = await store.readStream(streamId);
  const state = recorded.map(toDomainEvent<E>).reduce(aggregate.evolve, aggregate.initialState());
  return { state, version: recorded.at(-1)?.streamVersion ?? 0 };
}
