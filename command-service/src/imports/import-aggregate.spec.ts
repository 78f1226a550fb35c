import type { ImportEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { importAggregate, type ImportCommand } from './import-aggregate';

const NOW = '2026-03-02T10:00:00.000Z';
const max = { id: 100, role: 'manager' };
const ann = { id: 1, role: 'agent' };
const counts = { processed: 4, created: 2, updated: 1, skipped: 1, failed: 0 };

const given = (...history: ImportEvent[]) => ({
  when: (c: ImportCommand) => {
    const state = history.reduce(importAggregate.evolve, importAggregate.initialState());
    return {
      then: (expected: ImportEvent[]) => expect(importAggregate.decide(c, state)).toEqual(expected),
      thenRefuses: (kind: string, code: string) => expect(() => importAggregate.decide(c, state)).toThrow(expect.objectContaining({ kind, code })),
    };
  },
});

const dryRunStarted = (run: number): ImportEvent => ({ type: 'ImportDryRunStarted', data: { importId: 7, run, rows: 4, by: max.id, at: NOW } });
const started: ImportEvent = { type: 'ImportStarted', data: { importId: 7, mode: 'create', matchOn: 'email', rows: 4, by: max.id, at: NOW } };
const completed = (at = NOW): ImportEvent => ({ type: 'ImportCompleted', data: { importId: 7, created: 2, updated: 1, skipped: 1, failed: 0, at } });
const startDryRun = (run: number, actor = max): ImportCommand => ({ type: 'StartImportDryRun', data: { importId: 7, run, rows: 4 }, meta: { now: NOW, actor } });
const startUndo = (actor = max, now = NOW): ImportCommand => ({ type: 'StartImportUndo', data: { importId: 7, leads: 3 }, meta: { now, actor } });
const undoStarted: ImportEvent = { type: 'ImportUndoStarted', data: { importId: 7, leads: 3, by: max.id, at: NOW } };

describe('dry runs', () => {
  it('starts a numbered dry run for a manager, once per number', () => {
    given().when(startDryRun(1)).then([dryRunStarted(1)]);
    given(dryRunStarted(1)).when(startDryRun(1)).then([]);
    given(dryRunStarted(1)).when(startDryRun(2)).then([dryRunStarted(2)]);
  });

  it('refuses an agent, and a dry run of an import that has started', () => {
    given().when(startDryRun(1, ann)).thenRefuses('Forbidden', 'import.manager_only');
    given(started).when(startDryRun(1)).thenRefuses('RuleViolation', 'import.started');
  });

  it('records progress and the outcome of the current dry run only, while it runs', () => {
    const progress = (run: number): ImportCommand => ({ type: 'RecordImportDryRunProgress', data: { importId: 7, run, ...counts }, meta: { now: NOW } });
    const complete = (run: number): ImportCommand => ({ type: 'CompleteImportDryRun', data: { importId: 7, run, ...counts }, meta: { now: NOW } });
    given(dryRunStarted(1)).when(progress(1)).then([{ type: 'ImportDryRunProgressed', data: { importId: 7, run: 1, ...counts, at: NOW } }]);
    given(dryRunStarted(1)).when(complete(1)).then([{ type: 'ImportDryRunCompleted', data: { importId: 7, run: 1, ...counts, at: NOW } }]);
    // A newer dry run replaced it, it finished already, or the import started: nothing.
    given(dryRunStarted(1), dryRunStarted(2)).when(progress(1)).then([]);
    given(dryRunStarted(1), { type: 'ImportDryRunCompleted', data: { importId: 7, run: 1, ...counts, at: NOW } }).when(complete(1)).then([]);
    given(dryRunStarted(1), started).when(complete(1)).then([]);
  });
});

describe('undo', () => {
  it('starts the undo of a finished import for a manager, once', () => {
    given(started, completed()).when(startUndo()).then([undoStarted]);
    given(started, completed(), undoStarted).when(startUndo()).then([]);
  });

  it('refuses an agent, an unfinished import and one finished more than 30 days ago', () => {
    given(started, completed()).when(startUndo(ann)).thenRefuses('Forbidden', 'import.manager_only');
    given(started).when(startUndo()).thenRefuses('RuleViolation', 'import.not_finished');
    given(started, completed('2026-01-01T10:00:00.000Z')).when(startUndo()).thenRefuses('RuleViolation', 'import.undo_expired');
  });

  it('records progress while undoing, and ends it once, in the name of the manager who asked', () => {
    const progress: ImportCommand = { type: 'RecordImportUndoProgress', data: { importId: 7, processed: 2, reverted: 1, kept: 1 }, meta: { now: NOW } };
    const complete: ImportCommand = { type: 'CompleteImportUndo', data: { importId: 7, reverted: 2, kept: 1 }, meta: { now: NOW } };
    given(started, completed(), undoStarted).when(progress).then([{ type: 'ImportUndoProgressed', data: { importId: 7, processed: 2, reverted: 1, kept: 1, at: NOW } }]);
    given(started, completed(), undoStarted).when(complete).then([{ type: 'ImportUndone', data: { importId: 7, reverted: 2, kept: 1, by: max.id, at: NOW } }]);
    const undone: ImportEvent = { type: 'ImportUndone', data: { importId: 7, reverted: 2, kept: 1, by: max.id, at: NOW } };
    given(started, completed(), undoStarted, undone).when(complete).then([]);
    given(started, completed()).when(progress).then([]);
  });
});
