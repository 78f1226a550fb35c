import { describe, expect, it } from 'vitest';
import { dueLabel } from './task-due';

const now = new Date('2026-03-03T10:00:00Z');
const open = (dueAt: string | null) => ({ dueAt, completed: false, completedAt: null });
const minutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();

describe("a task's due time, as the list shows it", () => {
  it('counts down to an open task\'s due time, then counts how late it is, in red', () => {
    expect(dueLabel(open(minutes(5)), now)).toEqual({ text: 'Due in 5m', late: false });
    expect(dueLabel(open(minutes(3 * 60 + 10)), now)).toEqual({ text: 'Due in 3h', late: false });
    expect(dueLabel(open(minutes(3 * 24 * 60)), now)).toEqual({ text: 'Due in 3d', late: false });
    expect(dueLabel(open('2026-03-20T12:00:00Z'), now)).toEqual({ text: 'Due Mar 20', late: false });
    expect(dueLabel(open('2027-05-04T12:00:00Z'), now)).toEqual({ text: 'Due May 4, 2027', late: false });
    expect(dueLabel(open(minutes(0.5)), now)).toEqual({ text: 'Due now', late: false });
    expect(dueLabel(open(minutes(-0.5)), now)).toEqual({ text: 'Due now', late: true });
    expect(dueLabel(open(minutes(-90)), now)).toEqual({ text: '1h overdue', late: true });
    expect(dueLabel(open(minutes(-50 * 60)), now)).toEqual({ text: '2d overdue', late: true });
  });
  it('says nothing for an undated task, and when a done one was done, never late', () => {
    expect(dueLabel(open(null), now)).toBeNull();
    expect(dueLabel({ dueAt: minutes(-600), completed: true, completedAt: minutes(-120) }, now)).toEqual({ text: 'Done 2h ago', late: false });
    expect(dueLabel({ dueAt: null, completed: true, completedAt: minutes(0) }, now)).toEqual({ text: 'Done just now', late: false });
  });
});
