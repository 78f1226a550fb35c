import { parseEventData, type ImportEventType, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * One row per import, from the import's stream: its job under way or last done (`dry_run`, `run`
 * or `undo`), who started that job, its status (`running`, then `completed`; an undo ends
 * `undone`) and its counts as of its last progress. The live feed tells the starter of each
 * change (the wizard's progress bars). An undo counts leads: `total` to compensate, `processed`
 * so far, `reverted` and `kept`.
 */
export type ImportRunRow = {
  id: number; job: 'dry_run' | 'run' | 'undo'; started_by: number; status: string; total: number; processed: number; created: number; updated: number;
  skipped: number; failed: number; reverted: number; kept: number; version: number;
};

const ZERO = { processed: 0, created: 0, updated: 0, skipped: 0, failed: 0, reverted: 0, kept: 0 };

function reduce(row: ImportRunRow | null, e: RecordedEvent): ImportRunRow | null {
  const type = e.type as ImportEventType;
  const version = e.streamVersion;
  switch (type) {
    case 'ImportDryRunStarted': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return { id: d.importId, job: 'dry_run', started_by: d.by, status: 'running', total: d.rows, ...ZERO, version };
    }
    case 'ImportStarted': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return { id: d.importId, job: 'run', started_by: d.by, status: 'running', total: d.rows, ...ZERO, version };
    }
    case 'ImportUndoStarted': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return row && { ...row, job: 'undo', started_by: d.by, status: 'running', total: d.leads, processed: 0, reverted: 0, kept: 0, version };
    }
    default:
  }
  if (!row) return null;
  switch (type) {
    case 'ImportDryRunProgressed':
    case 'ImportDryRunCompleted': {
      const { processed, created, updated, skipped, failed } = parseEventData(type, e.data, e.metadata.schemaVersion);
      return { ...row, status: type === 'ImportDryRunCompleted' ? 'completed' : row.status, processed, created, updated, skipped, failed, version };
    }
    case 'ImportProgressed':
    case 'ImportCompleted': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      const processed = 'processed' in d ? d.processed : d.created + d.updated + d.skipped + d.failed;
      return {
        ...row, status: type === 'ImportCompleted' ? 'completed' : row.status, processed,
        created: d.created, updated: d.updated, skipped: d.skipped, failed: d.failed, version,
      };
    }
    case 'ImportUndoProgressed': {
      const { processed, reverted, kept } = parseEventData(type, e.data, e.metadata.schemaVersion);
      return { ...row, processed, reverted, kept, version };
    }
    case 'ImportUndone': {
      const { reverted, kept } = parseEventData(type, e.data, e.metadata.schemaVersion);
      // An undo of the first kind (one request, no ImportUndoStarted) counted no leads to do.
      return row.job === 'undo'
        ? { ...row, status: 'undone', processed: row.total, reverted, kept, version }
        : { ...row, job: 'undo', status: 'undone', total: reverted + kept, processed: reverted + kept, reverted, kept, version };
    }
    default:
      return row;
  }
}

export const importRuns = rowProjection<ImportRunRow>({
  name: 'import_runs_v2',
  table: 'import_runs_v2',
  keyColumn: 'id',
  handles: ['ImportDryRunStarted', 'ImportDryRunProgressed', 'ImportDryRunCompleted', 'ImportStarted', 'ImportProgressed', 'ImportCompleted',
    'ImportUndoStarted', 'ImportUndoProgressed', 'ImportUndone'],
  keyOf: (e) => (e.streamId.startsWith('import-') ? Number(e.streamId.slice(7)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, job text not null, started_by int not null, status text not null, total int not null, processed int not null,
        created int not null, updated int not null, skipped int not null, failed int not null, reverted int not null, kept int not null,
        version int not null
      );`);
  },
});
