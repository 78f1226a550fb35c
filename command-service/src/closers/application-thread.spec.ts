import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { decideApplicationMessage, decideReviewerNote, type ThreadOf } from './application-thread';

const at = '2026-03-01T10:00:00.000Z';
const owen: Actor = { id: 5, role: 'agent', teamId: 3 };
const cleo: Actor = { id: 7, role: 'agent', teamId: 3 };
const ian: Actor = { id: 8, role: 'agent', teamId: 3 };
const max: Actor = { id: 1, role: 'manager', teamId: null };
const application: ThreadOf = { id: 40, jobId: 9, closerId: 7, jobOwnerId: 5, jobTitle: 'Solar closer' };
const fresh = { exists: false };

const message = (actor: Actor, content = ' Hello there ', a: ThreadOf = application) =>
  decideApplicationMessage({ type: 'PostApplicationMessage', data: { messageId: 3, content }, meta: { now: at, actor, application: a } }, fresh);
const note = (actor: Actor, a: ThreadOf = application) =>
  decideReviewerNote({ type: 'AddReviewerNote', data: { noteId: 4, content: 'Strong on objections' }, meta: { now: at, actor, application: a } }, fresh);

describe('application thread: messages between applicant and owner', () => {
  it('lets the two parties write, trimmed, naming both parties for the audience', () => {
    for (const who of [cleo, owen]) {
      expect(message(who)).toEqual([{ type: 'ApplicationMessagePosted', data: {
        messageId: 3, applicationId: 40, jobId: 9, closerId: 7, jobOwnerId: 5, jobTitle: 'Solar closer', senderId: who.id, content: 'Hello there', at,
      } }]);
    }
  });

  it('keeps everyone else out (a manager reads, but the thread is the two parties\')', () => {
    expect(() => message(ian)).toThrow(expect.objectContaining({ kind: 'Forbidden', code: 'application.not_party' }));
    expect(() => message(max)).toThrow(expect.objectContaining({ kind: 'Forbidden', code: 'application.not_party' }));
    expect(() => message(cleo, 'hi', null)).toThrow(expect.objectContaining({ kind: 'NotFound' }));
    expect(() => message(cleo, '   ')).toThrow(expect.objectContaining({ kind: 'RuleViolation', code: 'application_message.empty' }));
  });
});

describe('application thread: private reviewer notes', () => {
  it("lets the job's owner and managers keep notes, never the applicant or another user", () => {
    expect(note(owen)[0]).toMatchObject({ type: 'ReviewerNoteAdded', data: { noteId: 4, applicationId: 40, authorId: 5 } });
    expect(note(max)[0]).toMatchObject({ type: 'ReviewerNoteAdded', data: { authorId: 1 } });
    expect(() => note(cleo)).toThrow(expect.objectContaining({ kind: 'Forbidden', code: 'application.not_reviewer' }));
    expect(() => note(ian)).toThrow(expect.objectContaining({ kind: 'Forbidden', code: 'application.not_reviewer' }));
    // A manager who applied is the applicant there: no notes on their own application.
    expect(() => note(max, { ...application!, closerId: max.id })).toThrow(expect.objectContaining({ kind: 'Forbidden', code: 'application.not_reviewer' }));
  });
});
