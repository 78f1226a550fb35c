import { parseEventData, type ApplicationEvent, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** One message of an application's thread (spec application_messages). */
export type ApplicationMessageRow = {
  id: number; application_id: number; job_id: number; closer_id: number; job_owner_id: number;
  sender_id: number; content: string; created_at: string; version: number;
};
/** A reviewer's private note: read only by the job's owner and managers. */
export type ReviewerNoteRow = { id: number; application_id: number; job_id: number; author_id: number; content: string; created_at: string; version: number };

const idOf = (prefix: string) => (e: RecordedEvent) =>
  (e.streamId.startsWith(prefix) && /^\d+$/.test(e.streamId.slice(prefix.length)) ? Number(e.streamId.slice(prefix.length)) : null);

/** Messages are written once: each is its own stream of one event. */
export const applicationMessages = rowProjection<ApplicationMessageRow>({
  name: 'application_messages_v1',
  table: 'application_messages_v1',
  keyColumn: 'id',
  handles: ['ApplicationMessagePosted'],
  keyOf: idOf('application_message-'),
  reduce(row, e) {
    const ev = { type: e.type, data: parseEventData('ApplicationMessagePosted', e.data, e.metadata.schemaVersion) } as Extract<ApplicationEvent, { type: 'ApplicationMessagePosted' }>;
    const d = ev.data;
    return row ?? {
      id: d.messageId, application_id: d.applicationId, job_id: d.jobId, closer_id: d.closerId, job_owner_id: d.jobOwnerId,
      sender_id: d.senderId, content: d.content, created_at: d.at, version: 0,
    };
  },
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, application_id int not null, job_id int not null, closer_id int not null, job_owner_id int not null,
        sender_id int not null, content text not null, created_at timestamptz not null, version int not null
      );
      create index on "${t}" (application_id, id);
    `);
  },
});

export const reviewerNotes = rowProjection<ReviewerNoteRow>({
  name: 'application_notes_v1',
  table: 'application_notes_v1',
  keyColumn: 'id',
  handles: ['ReviewerNoteAdded'],
  keyOf: idOf('application_note-'),
  reduce(row, e) {
    const d = parseEventData('ReviewerNoteAdded', e.data, e.metadata.schemaVersion);
    return row ?? { id: d.noteId, application_id: d.applicationId, job_id: d.jobId, author_id: d.authorId, content: d.content, created_at: d.at, version: 0 };
  },
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, application_id int not null, job_id int not null, author_id int not null,
        content text not null, created_at timestamptz not null, version int not null
      );
      create index on "${t}" (application_id, id);
    `);
  },
});
