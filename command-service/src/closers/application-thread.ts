import type { ApplicationEvent } from '@leadfloor/events';
import { APPLICATION_MESSAGE_MAX, REVIEWER_NOTE_MAX } from '@leadfloor/contracts';
import { streamIdOf } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { isParty, reviews, type Application } from './application';

/** The application a message or note is on, as its stream has it (null: no such application). */
export type ThreadOf = Pick<Application, 'id' | 'jobId' | 'closerId' | 'jobOwnerId' | 'jobTitle'> | null;
type Meta = { now: string; actor: Actor; application: ThreadOf };

export type PostApplicationMessage = { type: 'PostApplicationMessage'; data: { messageId: number; content: string }; meta: Meta };
export type AddReviewerNote = { type: 'AddReviewerNote'; data: { noteId: number; content: string }; meta: Meta };
/** A message or note is its own stream, written once: its state says only whether it exists. */
export type PostedState = { exists: boolean };

function checkText(content: string, max: number, what: string): string {
  const t = content.trim();
  if (t.length === 0) throw new RuleViolation(`${what}.empty`, 'Write something first.');
  if (t.length > max) throw new RuleViolation(`${what}.too_long`, `At most ${max.toLocaleString('en-US')} characters.`);
  return t;
}

/**
 * A message of an application's thread: the applicant and the job's owner write to each other.
 * Each message is its own stream (`application_message-<id>`), so writing one never moves the
 * application's version a reviewer decides at.
 */
export function decideApplicationMessage(c: PostApplicationMessage, s: PostedState): ApplicationEvent[] {
  const { actor, application: a, now: at } = c.meta;
  if (!a) throw new NotFound('application.not_found', 'No such application.');
  if (!isParty(actor, a)) throw new Forbidden('application.not_party', "Only the applicant and the job's owner write on this thread.");
  if (s.exists) throw new RuleViolation('application_message.exists', 'This message was already posted.');
  const content = checkText(c.data.content, APPLICATION_MESSAGE_MAX, 'application_message');
  return [{
    type: 'ApplicationMessagePosted',
    data: { messageId: c.data.messageId, applicationId: a.id, jobId: a.jobId, closerId: a.closerId, jobOwnerId: a.jobOwnerId, jobTitle: a.jobTitle, senderId: actor.id, content, at },
  }];
}

/** A reviewer's private note (`application_note-<id>`): the job's owner and managers; never the applicant. */
export function decideReviewerNote(c: AddReviewerNote, s: PostedState): ApplicationEvent[] {
  const { actor, application: a, now: at } = c.meta;
  if (!a) throw new NotFound('application.not_found', 'No such application.');
  if (!reviews(actor, a)) throw new Forbidden('application.not_reviewer', "Only the job's owner (or a manager) keeps notes on an application.");
  if (s.exists) throw new RuleViolation('reviewer_note.exists', 'This note was already added.');
  const content = checkText(c.data.content, REVIEWER_NOTE_MAX, 'reviewer_note');
  return [{ type: 'ReviewerNoteAdded', data: { noteId: c.data.noteId, applicationId: a.id, jobId: a.jobId, authorId: actor.id, content, at } }];
}

const posted = () => ({ exists: true });
export const applicationMessageAggregate: Aggregate<PostedState, PostApplicationMessage, ApplicationEvent> = {
  streamType: 'application_message', initialState: () => ({ exists: false }), evolve: posted, decide: decideApplicationMessage,
};
export const reviewerNoteAggregate: Aggregate<PostedState, AddReviewerNote, ApplicationEvent> = {
  streamType: 'application_note', initialState: () => ({ exists: false }), evolve: posted, decide: decideReviewerNote,
};
export const applicationMessageStream = (id: number) => streamIdOf('application_message', id);
export const reviewerNoteStream = (id: number) => streamIdOf('application_note', id);
