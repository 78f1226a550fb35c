import type { EventStore } from '../../event-store/types';
import type { Pool } from '../../postgres/pool';
import type { Projection } from '../../projections/types';
import { createLead, workLead } from '../../../../test/fixtures/lead-events';

/**
 * A test read model that is deliberately NOT idempotent: per stream, the versions it was given,
 * in the order it was given them. Any event applied twice, skipped or reordered shows in the
 * rows, so the Kafka source's own de-duplication is what keeps them right (a real projection
 * would mask a leak with its version guard).
 */
export const appliedVersions: Projection<'rows'> = {
  name: 'kafka_applied_versions_v1',
  tables: { rows: 'kafka_applied_versions_v1' },
  async createTables(db, tables) {
    await db.query(`create table "${tables.rows}" (stream_id text primary key, versions int[] not null)`);
  },
  handles: ['LeadCreated', 'LeadClaimed', 'LeadStatusChanged', 'LeadScored', 'LeadTagsChanged', 'LeadStageMoved'],
  async apply(db, events, tables) {
    const byStream = new Map<string, number[]>();
    for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamVersion]);
    await db.query(
      `insert into "${tables.rows}" as t (stream_id, versions)
       select s, v::int[] from unnest($1::text[], $2::text[]) as u(s, v)
       on conflict (stream_id) do update set versions = t.versions || excluded.versions`,
      [[...byStream.keys()], [...byStream.values()].map((vs) => `{${vs.join(',')}}`)]);
  },
};

/** The rows the projection must hold, from how many events each stream was given. */
export const expectedVersions = (eventsPerStream: Map<string, number>) =>
  [...eventsPerStream].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) // = collate "C"
    .map(([stream_id, n]) => ({ stream_id, versions: Array.from({ length: n }, (_, i) => i + 1) }));

/** Appends leads `from`..`to` (every third one worked: 5 more events) and records the counts. */
export async function appendLeads(store: EventStore, from: number, to: number, eventsPerStream: Map<string, number>) {
  for (let id = from; id <= to; id++) {
    await createLead(store, id);
    eventsPerStream.set(`lead-${id}`, 1);
    if (id % 3 === 0) {
      await workLead(store, id, 100 + (id % 5));
      eventsPerStream.set(`lead-${id}`, 6);
    }
  }
}

export async function appliedRows(db: { query: Pool['query'] }) {
  const { rows } = await db.query(`select stream_id, versions from kafka_applied_versions_v1 order by stream_id collate "C"`);
  return rows;
}
