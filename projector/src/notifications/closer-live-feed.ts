import type { ApplicationMessage, ApplicationStatusSocketSchema } from '@leadfloor/contracts';
import type { RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { z } from 'zod';
import type { LivePublish } from './live-feed';

/**
 * The closers hub's live messages, to an application's two parties only (the applicant and the
 * job's owner; never a broadcast, never a reviewer's note): a new message of the thread as it
 * is stored, and an application's status (also when it is made) once its row shows it.
 */
export async function sendCloserUpdates(pool: Pool, publish: LivePublish, projection: string, events: RecordedEvent[]) {
  if (projection === 'job_applications_v1') {
    const ids = [...new Set(events.filter((e) => e.streamId.startsWith('application-')).map((e) => Number(e.streamId.slice('application-'.length))))];
    if (ids.length === 0) return;
    const { rows } = await pool.query<{ id: number; job_id: number; closer_id: number; job_owner_id: number; status: string; status_reason: string | null; version: number }>(
      'select id, job_id, closer_id, job_owner_id, status, status_reason, version from job_applications_v1 where id = any($1::int[])', [ids]);
    for (const r of rows) {
      const message = {
        type: 'application_status', applicationId: r.id, jobId: r.job_id, status: r.status, statusReason: r.status_reason, version: r.version,
      } as z.infer<typeof ApplicationStatusSocketSchema>;
      for (const userId of new Set([r.closer_id, r.job_owner_id])) publish(userId, message);
    }
  }
  if (projection === 'application_messages_v1') {
    const ids = events.filter((e) => e.type === 'ApplicationMessagePosted').map((e) => (e.data as { messageId: number }).messageId);
    if (ids.length === 0) return;
    const { rows } = await pool.query<{ id: number; application_id: number; job_id: number; closer_id: number; job_owner_id: number; sender_id: number;
      content: string; created_at: Date; sender_name: string | null; sender_avatar_url: string | null }>(
      `select m.id, m.application_id, m.job_id, m.closer_id, m.job_owner_id, m.sender_id, m.content, m.created_at,
              u.full_name as sender_name, u.avatar_url as sender_avatar_url
       from application_messages_v1 m left join users_v1 u on u.id = m.sender_id where m.id = any($1::int[]) order by m.id`, [ids]);
    for (const r of rows) {
      const message: ApplicationMessage = {
        id: r.id, applicationId: r.application_id, senderId: r.sender_id, senderName: r.sender_name ?? `User ${r.sender_id}`,
        senderAvatarUrl: r.sender_avatar_url, content: r.content, createdAt: new Date(r.created_at).toISOString(),
      };
      for (const userId of new Set([r.closer_id, r.job_owner_id])) {
        publish(userId, { type: 'application_message', applicationId: r.application_id, jobId: r.job_id, message });
      }
    }
  }
}
