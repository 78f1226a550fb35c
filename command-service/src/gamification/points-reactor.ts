import {
  foldLead, isEventType, parseEventData, type EventData, type LeadEvent, type PointsRule, type RecordedEvent,
} from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { toDomainEvent } from '../shared/handle-command';
import type { Reactor } from '../reactors/reactor-runner';
import { pointsTable as defaultTable, type PointsTable } from './points-table';
import type { StandingStore } from './standing-store';

type Credit = { userId: number; rule: PointsRule; awardKey: string; active: boolean; at: string };

const dataOf = <T extends 'LeadClaimed' | 'LeadStatusChanged' | 'SaleRecorded' | 'CommissionRejected' | 'CallCompleted'>(
  e: RecordedEvent, type: T,
) => parseEventData(type, e.data, e.metadata.schemaVersion) as EventData<T>;

/** Who held the lead when this event of its stream happened: its stream folded up to the event. */
async function holderAt(store: EventStore, e: RecordedEvent): Promise<number | null> {
  const events = (await store.readStream(e.streamId)).filter((x) => x.streamVersion <= e.streamVersion && isEventType(x.type));
  const lead = foldLead(events.map(toDomainEvent<LeadEvent>));
  return lead.exists ? lead.claimedBy : null;
}

/** The activity an event credits (or takes back), if any. */
async function creditFor(store: EventStore, e: RecordedEvent): Promise<Credit | null> {
  switch (e.type) {
    case 'LeadClaimed': {
      const d = dataOf(e, 'LeadClaimed');
      return { userId: d.userId, rule: 'claim', awardKey: `claim:lead-${d.leadId}`, active: true, at: d.at };
    }
    case 'LeadStatusChanged': {
      const d = dataOf(e, 'LeadStatusChanged');
      const rule = d.to === 'contacted' ? 'contact' : d.to === 'qualified' ? 'qualify' : null;
      const holder = rule && (await holderAt(store, e));
      return rule && holder ? { userId: holder, rule, awardKey: `${rule}:lead-${d.leadId}`, active: true, at: d.at } : null;
    }
    case 'SaleRecorded': {
      const d = dataOf(e, 'SaleRecorded');
      return { userId: d.userId, rule: 'sale', awardKey: `sale:sale-${d.saleId}`, active: true, at: d.at };
    }
    case 'CommissionRejected': {
      const d = dataOf(e, 'CommissionRejected');
      const [recorded] = await store.readStream(e.streamId);
      if (recorded?.type !== 'SaleRecorded') return null;
      const sale = dataOf(recorded, 'SaleRecorded');
      // Taken back at the sale's own time, so the month it counted in loses it.
      return { userId: sale.userId, rule: 'sale', awardKey: `sale:sale-${d.saleId}`, active: false, at: sale.at };
    }
    case 'CallCompleted': {
      const d = dataOf(e, 'CallCompleted');
      return { userId: d.userId, rule: 'call', awardKey: `call:call-${d.callId}`, active: true, at: d.at };
    }
    default:
      return null;
  }
}

export const pointsSources = ['LeadClaimed', 'LeadStatusChanged', 'SaleRecorded', 'CommissionRejected', 'CallCompleted'] as const;

/**
 * The points process manager: credits the activities of the points table to the user who did
 * them, as PointsAwarded on their stream (with LevelReached and BadgeAwarded as they follow).
 * Its checkpoint is named after the table's version, so a new table re-reads the whole log and
 * appends only the differences. Points are dated by the activity, not by when they were
 * credited, so "this month" boards stay true after a replay.
 */
export function pointsReactor(opts: { store: EventStore; standings: StandingStore; table?: PointsTable }): Reactor {
  const { store, standings, table = defaultTable } = opts;
  return {
    name: `points_v${table.version}`,
    handles: pointsSources,
    async react(e) {
      const credit = await creditFor(store, e);
      if (!credit) return;
      await standings.award({
        type: 'AwardPoints',
        data: { ...credit, points: credit.active ? table.points[credit.rule] : 0, sourceEventId: e.eventId, tableVersion: table.version },
      }, { correlationId: e.metadata.correlationId, causationId: e.eventId, commandId: `points-v${table.version}:${e.eventId}` });
    },
  };
}
