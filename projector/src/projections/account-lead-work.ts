import { parseEventData, type RecordedEvent } from '@leadfloor/events';
import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { Projection } from '@leadfloor/infra/projections/types';

/**
 * Every spell a user held a lead, one row per claim or reassignment, with when the lead was
 * first contacted during it and when it ended (a release, a reassignment, a new claim). The
 * profile's performance card counts a month's claims and how many of them were contacted;
 * the data export finds the leads a user ever held. Rows remember the lead's stream version
 * they reflect: an event at or below it (a redelivery) changes nothing.
 */
type Row = {
  event_id: string; user_id: number; lead_id: number; kind: 'claim' | 'assigned'; claimed_at: string;
  claimed_version: number; contacted_at: string | null; ended_at: string | null; last_version: number;
};

const handles = ['LeadClaimed', 'LeadReassigned', 'LeadReleased', 'LeadStatusChanged'] as const;
type Handled = (typeof handles)[number];
/** Statuses that mean the lead was reached: a claimed lead may go straight to qualified or sold (spec 4). */
const REACHED = new Set(['contacted', 'qualified', 'sold']);

export const accountLeadWork: Projection<'work'> = {
  name: 'lead_work_v1',
  tables: { work: 'lead_work_v1' },
  handles,
  async createTables(db, { work }) {
    await db.query(`
      create table "${work}" (
        event_id uuid primary key, user_id int not null, lead_id int not null, kind text not null,
        claimed_at timestamptz not null, claimed_version int not null, contacted_at timestamptz,
        ended_at timestamptz, last_version int not null
      );
      create index on "${work}" (user_id, claimed_at);
      create index on "${work}" (lead_id) where ended_at is null;
    `);
  },
  async apply(db, events, { work }) {
    const relevant = events.filter((e) => e.streamId.startsWith('lead-') && (handles as readonly string[]).includes(e.type));
    if (relevant.length === 0) return;
    const open = await openSpells(db, work, [...new Set(relevant.map(leadIdOf))]);
    const changed = new Map<string, Row>();
    const end = (row: Row | undefined, at: string, version: number) => {
      if (!row) return;
      changed.set(row.event_id, { ...row, ended_at: row.ended_at ?? at, last_version: version });
    };
    for (const e of relevant) {
      const leadId = leadIdOf(e);
      const current = open.get(leadId);
      if (current && current.last_version >= e.streamVersion) continue;
      const d = parseEventData(e.type as Handled, e.data, e.metadata.schemaVersion);
      const start = (userId: number, kind: Row['kind']) => {
        const row: Row = {
          event_id: e.eventId, user_id: userId, lead_id: leadId, kind, claimed_at: d.at, claimed_version: e.streamVersion,
          contacted_at: null, ended_at: null, last_version: e.streamVersion,
        };
        open.set(leadId, row);
        changed.set(row.event_id, row);
      };
      switch (e.type as Handled) {
        case 'LeadClaimed':
          end(current, d.at, e.streamVersion);
          start((d as { userId: number }).userId, 'claim');
          break;
        case 'LeadReassigned':
          end(current, d.at, e.streamVersion);
          start((d as { to: number }).to, 'assigned');
          break;
        case 'LeadReleased':
          end(current, d.at, e.streamVersion);
          open.delete(leadId);
          break;
        case 'LeadStatusChanged':
          if (current) {
            const reached = REACHED.has((d as { to: string }).to) && current.contacted_at === null;
            const row = { ...current, contacted_at: reached ? d.at : current.contacted_at, last_version: e.streamVersion };
            open.set(leadId, row);
            changed.set(row.event_id, row);
          }
          break;
      }
    }
    if (changed.size === 0) return;
    await db.query(
      `insert into "${work}" as w (event_id, user_id, lead_id, kind, claimed_at, claimed_version, contacted_at, ended_at, last_version)
       select event_id, user_id, lead_id, kind, claimed_at, claimed_version, contacted_at, ended_at, last_version
       from jsonb_populate_recordset(null::"${work}", $1::jsonb)
       on conflict (event_id) do update set
         contacted_at = coalesce(w.contacted_at, excluded.contacted_at),
         ended_at = coalesce(w.ended_at, excluded.ended_at),
         last_version = greatest(w.last_version, excluded.last_version)`,
      [JSON.stringify([...changed.values()])]);
  },
};

const leadIdOf = (e: RecordedEvent) => Number(e.streamId.slice('lead-'.length));

/** The spell each lead is in now (the one not ended), if any. */
async function openSpells(db: PoolClient, table: string, leadIds: number[]): Promise<Map<number, Row>> {
  const { rows } = await db.query<Omit<Row, 'claimed_at' | 'contacted_at'> & { claimed_at: Date; contacted_at: Date | null }>(
    `select * from "${table}" where lead_id = any($1::int[]) and ended_at is null`, [leadIds]);
  return new Map(rows.map((r) => [r.lead_id, {
    ...r, claimed_at: r.claimed_at.toISOString(), contacted_at: r.contacted_at?.toISOString() ?? null, ended_at: null,
  }]));
}
