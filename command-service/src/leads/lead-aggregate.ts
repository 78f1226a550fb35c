import type { LeadEvent } from '@leadfloor/events';
import { streamIdOf } from '@leadfloor/events';
import type { Aggregate } from '../shared/handle-command';
import type { LeadCommand } from './commands';
import { decide } from './decide';
import { activeClaimChanges } from './lead-counters';
import { evolveLead as evolve, initialLeadState as initialState, type LeadState } from '@leadfloor/events';

export const leadStream = (id: number) => streamIdOf('lead', id);

/**
 * The lead as one aggregate taking a list of commands: a PATCH that changes stage and priority
 * together is decided as a whole and appended in one statement, so it lands entirely or not at
 * all (never a partial change). The append moves each agent's count of active leads with it, and
 * refuses a claim past the floor's cap (lead-counters.ts).
 */
export const leadAggregate: Aggregate<LeadState, LeadCommand[], LeadEvent> = {
  streamType: 'lead',
  initialState,
  evolve,
  decide(commands, state) {
    let s = state;
    return commands.flatMap((c) => {
      const events = decide(c, s);
      s = events.reduce(evolve, s);
      return events;
    });
  },
  counters: activeClaimChanges,
};
