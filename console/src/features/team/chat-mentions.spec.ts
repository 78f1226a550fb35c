import { describe, expect, it } from 'vitest';
import { completeMention, mentionablePeople, mentionCandidates, mentionQueryAt, messageParts } from './chat-mentions';

const person = (id: number, username: string, fullName: string, teamId: number | null = 1) => ({ id, username, fullName, avatarUrl: null, teamId });
const alex = person(4, 'demo', 'Alex Carter');
const taylor = person(2, 'lead', 'Taylor Brooks');
const sam = person(5, 'sam', 'Sam Patel');
const samantha = person(6, 'sbell', 'Samantha Bell');
const morgan = person(1, 'manager', 'Morgan Reyes', null);
const avery = person(9, 'avery', 'Avery Johnson', 2);

describe('who a team chat can mention', () => {
  it("is the team's members and its manager, as the server resolves mentions", () => {
    expect(mentionablePeople([morgan, taylor, alex, avery], { id: 1, managerId: 1 })).toEqual([morgan, taylor, alex]);
    expect(mentionablePeople([morgan, taylor, alex, avery], { id: 2, managerId: 1 })).toEqual([morgan, avery]);
  });
});

describe('the @ being typed', () => {
  it('finds the name typed after an @ at the caret', () => {
    expect(mentionQueryAt('hi @ta', 6)).toEqual({ start: 3, query: 'ta' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('(@sam', 5)).toEqual({ start: 1, query: 'sam' });
    expect(mentionQueryAt('hi @ta and more', 6)).toEqual({ start: 3, query: 'ta' });
  });
  it('finds none in an email address, after a space, or a double @', () => {
    expect(mentionQueryAt('mail dana@exa', 13)).toBeNull();
    expect(mentionQueryAt('hi @sam ', 8)).toBeNull();
    expect(mentionQueryAt('@@sam', 5)).toBeNull();
    expect(mentionQueryAt('no at here', 10)).toBeNull();
  });
  it('offers usernames that start with it first, then names, never the writer, six at most', () => {
    const people = [alex, taylor, sam, samantha, morgan];
    expect(mentionCandidates(people, 'sa', alex.id)).toEqual([sam, samantha]);
    expect(mentionCandidates(people, 'b', alex.id)).toEqual([taylor, samantha]);
    expect(mentionCandidates(people, 'ALEX', sam.id)).toEqual([alex]);
    expect(mentionCandidates(people, 'demo', alex.id)).toEqual([]);
    expect(mentionCandidates(people, '', alex.id)).toEqual([taylor, sam, samantha, morgan]);
    expect(mentionCandidates(people, '', 0, 2)).toHaveLength(2);
  });
  it('puts the chosen username in place of what was typed, with one space after it', () => {
    expect(completeMention('hi @ta', 3, 6, 'lead')).toEqual({ text: 'hi @lead ', caret: 9 });
    expect(completeMention('hi @ta how are you', 3, 6, 'lead')).toEqual({ text: 'hi @lead how are you', caret: 9 });
    expect(completeMention('@', 0, 1, 'sam')).toEqual({ text: '@sam ', caret: 5 });
  });
});

describe("a message's mentions", () => {
  const people = [alex, taylor, sam];
  it('marks the mentions the server resolved, and mine apart', () => {
    expect(messageParts('@lead can you call? cc @demo.', people, [2, 4], 4)).toEqual([
      { kind: 'mention', text: '@lead', userId: 2, isMe: false },
      { kind: 'text', text: ' can you call? cc ' },
      { kind: 'mention', text: '@demo', userId: 4, isMe: true },
      { kind: 'text', text: '.' },
    ]);
  });
  it('leaves an @ of someone not resolved (not on the team, unknown, an email) as text', () => {
    expect(messageParts('@avery and @lead, mail lead@x.com', people, [2], 4)).toEqual([
      { kind: 'text', text: '@avery and ' },
      { kind: 'mention', text: '@lead', userId: 2, isMe: false },
      { kind: 'text', text: ', mail lead@x.com' },
    ]);
    expect(messageParts('hello @sam', people, [], 4)).toEqual([{ kind: 'text', text: 'hello @sam' }]);
  });
  it('keeps the text exactly: markup and line breaks are plain characters', () => {
    const text = '<b>@Lead</b>\nline two';
    const parts = messageParts(text, people, [2], 4);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts[1]).toEqual({ kind: 'mention', text: '@Lead', userId: 2, isMe: false });
  });
});
