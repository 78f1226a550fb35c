import { streamIdOf, type ImportEvent, type ImportMatchOn, type ImportMode } from '@leadfloor/events';
import type { Aggregate } from '../shared/handle-command';
import { Forbidden, RuleViolation } from '../shared/domain-error';

export type ImportState = { phase: 'new' | 'started' | 'completed' | 'undone'; finishedAt: string | null };
type Actor = { id: number; role: string };

export type ImportCommand =
  | { type: 'StartImport'; data: { importId: number; mode: ImportMode; matchOn: ImportMatchOn; rows: number }; meta: { now: string; actor: Actor } }
  | { type: 'RecordImportProgress'; data: { importId: number; processed: number; created: number; updated: number; skipped: number; failed: number }; meta: { now: string } }
  | { type: 'CompleteImport'; data: { importId: number; created: number; updated: number; skipped: number; failed: number }; meta: { now: string } }
  | { type: 'UndoImport'; data: { importId: number; reverted: number; kept: number }; meta: { now: string; actor: Actor } };

/** An import can be undone this long after it finished. */
export const UNDO_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export const importStream = (id: number) => streamIdOf('import', id);

function evolve(s: ImportState, e: ImportEvent): ImportState {
  switch (e.type) {
    case 'ImportStarted': return { phase: 'started', finishedAt: null };
    case 'ImportProgressed': return s;
    case 'ImportCompleted': return { phase: 'completed', finishedAt: e.data.at };
    case 'ImportUndone': return { ...s, phase: 'undone' };
  }
}

/**
 * An import runs once (a second start is a no-op, so a retried request starts nothing new),
 * completes once, and is undone once, by a manager, within 30 days of finishing.
 */
function decide(c: ImportCommand, s: ImportState): ImportEvent[] {
  switch (c.type) {
    case 'StartImport':
      if (c.meta.actor.role !== 'manager') throw new Forbidden('import.manager_only', 'Only a manager may import leads.');
      if (s.phase !== 'new') return [];
      return [{ type: 'ImportStarted', data: { ...c.data, by: c.meta.actor.id, at: c.meta.now } }];
    case 'RecordImportProgress':
      return s.phase === 'started' ? [{ type: 'ImportProgressed', data: { ...c.data, at: c.meta.now } }] : [];
    case 'CompleteImport':
      if (s.phase !== 'started') return [];
      return [{ type: 'ImportCompleted', data: { ...c.data, at: c.meta.now } }];
    case 'UndoImport':
      if (c.meta.actor.role !== 'manager') throw new Forbidden('import.manager_only', 'Only a manager may undo an import.');
      if (s.phase === 'undone') return [];
      if (s.phase !== 'completed' || s.finishedAt === null) throw new RuleViolation('import.not_finished', 'Only a finished import can be undone.');
      if (Date.parse(c.meta.now) - Date.parse(s.finishedAt) > UNDO_WINDOW_MS) {
        throw new RuleViolation('import.undo_expired', 'An import can be undone for 30 days after it finished.');
      }
      return [{ type: 'ImportUndone', data: { ...c.data, by: c.meta.actor.id, at: c.meta.now } }];
  }
}

export const importAggregate: Aggregate<ImportState, ImportCommand, ImportEvent> = {
  streamType: 'import', initialState: () => ({ phase: 'new', finishedAt: null }), evolve, decide,
};
