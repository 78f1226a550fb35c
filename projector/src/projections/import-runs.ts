import { parseEventData, type ImportEventType, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * One row per import run, from the import's stream: who started it, its phase and its counts as
 * of its last progress. The live feed tells the importer of each change (their progress bar).
 */
export type ImportRunRow = {
  id: number; started_by: number; status: string; total: number; processed: number; created: number; updated: number;
  skipped: number; failed: number; version: number;
};

function reduce(row: ImportRunRow | null, e: RecordedEvent): ImportRunRow | null {
  const type = e.type as ImportEventType;
  if (type === 'ImportStarted') {
    const d = parseEventData('ImportStarted', e.data, e.metadata.schemaVersion);
    return { id: d.importId, started_by: d.by, status: 'running', total: d.rows, processed: 0, created: 0, updated: 0, skipped: 0, failed: 0, version: e.streamVersion };
  }
  if (!row) return null;
  if (type === 'ImportUndone') return { ...row, status: 'undone', version: e.streamVersion };
  const d = parseEventData(type === 'ImportCompleted' ? 'ImportCompleted' : 'ImportProgressed', e.data, e.metadata.schemaVersion);
  const processed = 'processed' in d ? d.processed : d.created + d.updated + d.skipped + d.failed;
  return {
    ...row, status: type === 'ImportCompleted' ? 'completed' : row.status, processed,
    created: d.created, updated: d.updated, skipped: d.skipped, failed: d.failed, version: e.streamVersion,
  };
}

export const importRuns = rowProjection<ImportRunRow>({
  name: 'import_runs_v1',
  table: 'import_runs_v1',
  keyColumn: 'id',
  handles: ['ImportStarted', 'ImportProgressed', 'ImportCompleted', 'ImportUndone'],
  keyOf: (e) => (e.streamId.startsWith('import-') ? Number(e.streamId.slice(7)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, started_by int not null, status text not null, total int not null, processed int not null,
        created int not null, updated int not null, skipped int not null, failed int not null, version int not null
      );`);
  },
});
