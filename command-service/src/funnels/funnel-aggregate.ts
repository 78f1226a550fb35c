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

/**
 * The slug a funnel takes with these events. A funnel keeps every slug it ever had: its live
 * pages keep the address they were published under until the next publish, so no other funnel
 * may take it meanwhile.
 */
export const funnelSlugKeys = {
  claimKeys: (events: FunnelEvent[]) => events.flatMap((e) => {
    if (e.type === 'FunnelCreated') return [funnelSlugKey(e.data.slug)];
    if (e.type === 'FunnelDetailsEdited' && e.data.changes.slug) return [funnelSlugKey(e.data.changes.slug)];
    return [];
  }),
};
