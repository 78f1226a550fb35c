import { streamIdOf, type ImportEvent, type ImportMatchOn, type ImportMode } from '@leadfloor/events';
import type { Aggregate } from '../shared/handle-command';
import { Forbidden, RuleViolation } from '../shared/domain-error';

export type ImportState = {
  phase: 'new' | 'started' | 'completed' | 'undoing' | 'undone'; finishedAt: string | null;
  /** The latest dry run's number (0: none yet) and whether it is still running. */
  dryRun: number; dryRunOpen: boolean;
  /** Who started the undo under way. */
  undoBy: number | null;
};
type Actor = { id: number; role: string };
type Counts = { processed: number; created: number; updated: number; skipped: number; failed: number };

export type ImportCommand =
  | { type: 'StartImportDryRun'; data: { importId: number; run: number; rows: number }; meta: { now: string; actor: Actor } }
  | { type: 'RecordImportDryRunProgress'; data: { importId: number; run: number } & Counts; meta: { now: string } }
  | { type: 'CompleteImportDryRun'; data: { importId: number; run: number } & Counts; meta: { now: string } }
  | { type: 'StartImport'; data: { importId: number; mode: ImportMode; matchOn: ImportMatchOn; rows: number }; meta: { now: string; actor: Actor } }
  | { type: 'RecordImportProgress'; data: { importId: number } & Counts; meta: { now: string } }
  | { type: 'CompleteImport'; data: { importId: number; created: number; updated: number; skipped: number; failed: number }; meta: { now: string } }
  | { type: 'StartImportUndo'; data: { importId: number; leads: number }; meta: { now: string; actor: Actor } }
  | { type: 'RecordImportUndoProgress'; data: { importId: number; processed: number; reverted: number; kept: number }; meta: { now: string } }
  | { type: 'CompleteImportUndo'; data: { importId: number; reverted: number; kept: number }; meta: { now: string } };

/** An import can be undone this long after it finished. */
export const UNDO_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export const importStream = (id: number) => streamIdOf('import', id);

export const initialImportState = (): ImportState => ({ phase: 'new', finishedAt: null, dryRun: 0, dryRunOpen: false, undoBy: null });

function evolve(s: ImportState, e: ImportEvent): ImportState {
  switch (e.type) {
    case 'ImportDryRunStarted': return { ...s, dryRun: e.data.run, dryRunOpen: true };
    case 'ImportDryRunProgressed': return s;
    case 'ImportDryRunCompleted': return { ...s, dryRunOpen: false };
    case 'ImportStarted': return { ...s, phase: 'started', finishedAt: null, dryRunOpen: false };
    case 'ImportProgressed': return s;
    case 'ImportCompleted': return { ...s, phase: 'completed', finishedAt: e.data.at };
    case 'ImportUndoStarted': return { ...s, phase: 'undoing', undoBy: e.data.by };
    case 'ImportUndoProgressed': return s;
    case 'ImportUndone': return { ...s, phase: 'undone' };
  }
}

const managerOnly = (actor: Actor, what: string) => {
  if (actor.role !== 'manager') throw new Forbidden('import.manager_only', `Only a manager may ${what}.`);
};

/**
 * An import is checked by dry runs (numbered; each a job, until the import starts), runs once (a
 * second start is a no-op, so a retried request starts nothing new), completes once, and is
 * undone once, by a manager, within 30 days of finishing (the undo is a job too: started, then
 * done). Progress of a job that is no longer current appends nothing.
 */
function decide(c: ImportCommand, s: ImportState): ImportEvent[] {
  switch (c.type) {
    case 'StartImportDryRun':
      managerOnly(c.meta.actor, 'check an import');
      if (s.phase !== 'new') throw new RuleViolation('import.started', 'This import has started; a dry run is for an import not yet run.');
      if (c.data.run <= s.dryRun) return [];
      return [{ type: 'ImportDryRunStarted', data: { ...c.data, by: c.meta.actor.id, at: c.meta.now } }];
    case 'RecordImportDryRunProgress':
    case 'CompleteImportDryRun':
      if (s.phase !== 'new' || !s.dryRunOpen || c.data.run !== s.dryRun) return [];
      return [{ type: c.type === 'CompleteImportDryRun' ? 'ImportDryRunCompleted' : 'ImportDryRunProgressed', data: { ...c.data, at: c.meta.now } }];
    case 'StartImport':
      managerOnly(c.meta.actor, 'import leads');
      if (s.phase !== 'new') return [];
      return [{ type: 'ImportStarted', data: { ...c.data, by: c.meta.actor.id, at: c.meta.now } }];
    case 'RecordImportProgress':
      return s.phase === 'started' ? [{ type: 'ImportProgressed', data: { ...c.data, at: c.meta.now } }] : [];
    case 'CompleteImport':
      if (s.phase !== 'started') return [];
      return [{ type: 'ImportCompleted', data: { ...c.data, at: c.meta.now } }];
    case 'StartImportUndo':
      managerOnly(c.meta.actor, 'undo an import');
      if (s.phase === 'undoing' || s.phase === 'undone') return [];
      if (s.phase !== 'completed' || s.finishedAt === null) throw new RuleViolation('import.not_finished', 'Only a finished import can be undone.');
      if (Date.parse(c.meta.now) - Date.parse(s.finishedAt) > UNDO_WINDOW_MS) {
        throw new RuleViolation('import.undo_expired', 'An import can be undone for 30 days after it finished.');
      }
      return [{ type: 'ImportUndoStarted', data: { ...c.data, by: c.meta.actor.id, at: c.meta.now } }];
    case 'RecordImportUndoProgress':
      return s.phase === 'undoing' ? [{ type: 'ImportUndoProgressed', data: { ...c.data, at: c.meta.now } }] : [];
    case 'CompleteImportUndo':
      if (s.phase !== 'undoing') return [];
      return [{ type: 'ImportUndone', data: { ...c.data, by: s.undoBy!, at: c.meta.now } }];
  }
}

export const importAggregate: Aggregate<ImportState, ImportCommand, ImportEvent> = {
  streamType: 'import', initialState: initialImportState, evolve, decide,
};
