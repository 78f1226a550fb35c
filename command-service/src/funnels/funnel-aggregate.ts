import { streamIdOf, type FunnelEvent } from '@leadfloor/events';
import type { UniqueKey } from '@leadfloor/infra/event-store/types';
import type { Aggregate } from '../shared/handle-command';
import { decideFunnel, type FunnelCommand } from './decide-funnel';
import { evolveFunnel, initialFunnelState, type FunnelState } from './funnel-state';

export const funnelAggregate: Aggregate<FunnelState, FunnelCommand, FunnelEvent> = {
  streamType: 'funnel', initialState: initialFunnelState, evolve: evolveFunnel, decide: decideFunnel,
};
export const funnelStream = (id: number) => streamIdOf('funnel', id);

/** A slug names one funnel of the floor: kept unique by the append, like usernames. */
export const funnelSlugKey = (slug: string): UniqueKey => ({ scope: 'funnel_slug', key: slug });

/** The slug a funnel takes with these events, and the one it gives up. */
export const funnelSlugKeys = {
  claimKeys: (events: FunnelEvent[]) => events.flatMap((e) => {
    if (e.type === 'FunnelCreated') return [funnelSlugKey(e.data.slug)];
    if (e.type === 'FunnelDetailsEdited' && e.data.changes.slug) return [funnelSlugKey(e.data.changes.slug)];
    return [];
  }),
  releaseKeys: (events: FunnelEvent[], state: FunnelState) =>
    (state.exists && events.some((e) => e.type === 'FunnelDetailsEdited' && e.data.changes.slug) ? [funnelSlugKey(state.slug)] : []),
};
