import { parseEventData, type LeadState } from '@leadfloor/events';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { LeadCommand } from '../leads/commands';
import { isDomainError } from '../shared/domain-error';
import type { HandleCommand } from '../shared/handle-command';
import type { Reactor, ReactorLogger } from '../reactors/reactor-runner';

/**
 * A recorded sale makes its lead sold, as the seller (a process manager, so the lead follows
 * even if the process stopped right after the sale). Skipped, and logged, when the lead has
 * changed hands since: the sale stands, the new holder's lead is theirs to work.
 */
export function saleReactor({ handle, logger }: { handle: HandleCommand; logger?: ReactorLogger }): Reactor {
  return {
    name: 'sale_follow_up_v1',
    handles: ['SaleRecorded'],
    async react(e) {
      const d = parseEventData('SaleRecorded', e.data, e.metadata.schemaVersion);
      const commands = (s: LeadState): LeadCommand[] => {
        if (!s.exists || s.status === 'sold') return [];
        if (s.claimedBy !== d.userId) {
          logger?.error({ saleId: d.saleId, leadId: d.leadId, claimedBy: s.claimedBy }, 'sold lead changed hands; left as it is');
          return [];
        }
        return [{ type: 'ChangeLeadStatus', data: { leadId: d.leadId, status: 'sold' }, meta: { now: d.at, actor: { id: d.userId, role: 'agent', teamId: d.teamId } } }];
      };
      try {
        await handle(leadAggregate, leadStream(d.leadId), commands, {
          actorId: d.userId, correlationId: e.metadata.correlationId, causationId: e.eventId, commandId: `sale-lead:${e.eventId}`,
        });
      } catch (err) {
        if (!isDomainError(err)) throw err;
        logger?.error({ err, saleId: d.saleId }, 'sale did not mark its lead sold');
      }
    },
  };
}
