import { describe, expect, it } from 'vitest';
import type { TeamMessage } from '@leadfloor/contracts';
import { chatRows, dayLabel, editWindowEnd, mayDelete, mayEdit, shortTimeLabel, timeLabel } from './chat-timeline';

// Local times: the conversation reads in the browser's own time zone.
const local = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);
const NOW = local(10, 15);
const msg = (id: number, authorId: number, at: Date, over: Partial<TeamMessage> = {}): TeamMessage => ({
  id, teamId: 1, postedSeq: id, seq: id, authorId, authorName: `User ${authorId}`, authorAvatarUrl: null, content: `m${id}`, mentions: [],
  createdAt: at.toISOString(), editedAt: null, deletedAt: null, ...over,
});

describe('day headings and times', () => {
  it('names today and yesterday, then the weekday and date, and the year only for another year', () => {
    expect(dayLabel(local(10, 9), NOW)).toBe('Today');
    expect(dayLabel(local(9, 23, 59), NOW)).toBe('Yesterday');
    expect(dayLabel(local(2, 9), NOW)).toBe('Monday, March 2');
    expect(dayLabel(new Date(2025, 11, 31, 9), NOW)).toBe('December 31, 2025');
  });
  it('shows the time of day on a 12-hour clock', () => {
    expect(timeLabel(local(10, 14, 5))).toBe('2:05 PM');
    expect(timeLabel(local(10, 0, 30))).toBe('12:30 AM');
    expect(shortTimeLabel(local(10, 14, 5))).toBe('2:05');
  });
});

describe('the conversation as rows', () => {
  it('puts a day heading before the first message of each day', () => {
    const rows = chatRows([msg(1, 3, local(9, 10)), msg(2, 3, local(10, 9)), msg(3, 4, local(10, 9, 1))], NOW);
    expect(rows.map((r) => (r.kind === 'day' ? r.label : r.message.id))).toEqual(['Yesterday', 1, 'Today', 2, 3]);
  });
  it("runs one author's messages together for five minutes, and starts again after another author, a gap or a deletion", () => {
    const rows = chatRows([
      msg(1, 3, local(10, 9)), msg(2, 3, local(10, 9, 4)), msg(3, 3, local(10, 9, 10)), msg(4, 4, local(10, 9, 11)),
      msg(5, 3, local(10, 9, 12), { deletedAt: local(10, 9, 13).toISOString(), content: '' }), msg(6, 3, local(10, 9, 13)),
    ], NOW);
    expect(rows.filter((r) => r.kind === 'message').map((r) => r.kind === 'message' && r.continued)).toEqual([false, true, false, false, false, false]);
  });
  it('shows nothing for an empty chat', () => {
    expect(chatRows([], NOW)).toEqual([]);
  });
});

describe('who may edit or delete a message', () => {
  const posted = local(10, 14);
  const mine = msg(1, 3, posted);
  const me = { id: 3 };
  const minutes = (n: number) => posted.getTime() + n * 60_000;
  it('lets the author edit and delete for 15 minutes after posting, and not after', () => {
    expect(editWindowEnd(mine)).toBe(minutes(15));
    expect(mayEdit(mine, me, minutes(15))).toBe(true);
    expect(mayDelete(mine, me, minutes(15), false)).toBe(true);
    expect(mayEdit(mine, me, minutes(15) + 1)).toBe(false);
    expect(mayDelete(mine, me, minutes(15) + 1, false)).toBe(false);
  });
  it("lets nobody else edit, and the team's manager delete at any time", () => {
    expect(mayEdit(mine, { id: 4 }, minutes(1))).toBe(false);
    expect(mayDelete(mine, { id: 4 }, minutes(1), false)).toBe(false);
    expect(mayDelete(mine, { id: 1 }, minutes(600), true)).toBe(true);
  });
  it('offers nothing on a deleted message', () => {
    const gone = { ...mine, content: '', deletedAt: posted.toISOString() };
    expect(mayEdit(gone, me, minutes(1))).toBe(false);
    expect(mayDelete(gone, me, minutes(1), true)).toBe(false);
  });
});
