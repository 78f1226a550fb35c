import { describe, expect, it } from 'vitest';
import { CreateTaskFormSchema, EditTaskFormSchema, instantToLocal, localToInstant, type TaskFormValues } from './task-form';

const filled: TaskFormValues = { title: '  Call back the Smiths ', assignedUserId: '7', dueAt: '2026-03-03T10:00', leadId: 42, sourceMessageId: null };
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('the task form', () => {
  it('reads a date-time field in local time and writes it back the same', () => {
    expect(localToInstant('2026-03-03T10:00')).toBe(new Date(2026, 2, 3, 10, 0).toISOString());
    expect(instantToLocal(new Date(2026, 2, 3, 10, 0).toISOString())).toBe('2026-03-03T10:00');
    expect(localToInstant('')).toBeNull();
    expect(instantToLocal(null)).toBe('');
  });

  it('makes the body the server validates: title trimmed, assignee a number, due an instant', () => {
    expect(CreateTaskFormSchema.parse(filled)).toEqual({
      title: 'Call back the Smiths', assignedUserId: 7, dueAt: new Date(2026, 2, 3, 10, 0).toISOString(), leadId: 42,
    });
    expect(CreateTaskFormSchema.parse({ ...filled, dueAt: '', leadId: null, sourceMessageId: 9 })).toEqual({
      title: 'Call back the Smiths', assignedUserId: 7, dueAt: null, leadId: null, sourceMessageId: 9,
    });
    expect(EditTaskFormSchema.parse({ ...filled, dueAt: '' })).toEqual({ title: 'Call back the Smiths', assignedUserId: 7, dueAt: null, leadId: 42 });
  });

  it("refuses what the server refuses, with the server's words, on the field at fault", () => {
    expect(issues(CreateTaskFormSchema.safeParse({ ...filled, title: '   ' }))).toEqual([['title', 'Give the task a title']]);
    expect(issues(CreateTaskFormSchema.safeParse({ ...filled, title: 'x'.repeat(201) }))).toEqual([['title', 'A title can be at most 200 characters']]);
    expect(issues(CreateTaskFormSchema.safeParse({ ...filled, assignedUserId: '' }))).toEqual([['assignedUserId', 'Choose who the task is for']]);
  });
});
