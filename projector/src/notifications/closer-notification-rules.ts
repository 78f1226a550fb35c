import type { RecordedEvent } from '@leadfloor/events';
import type { Draft } from './notification-rules';

/** What the closers hub tells whom. Every event names both parties, so no model of the floor is needed. */
export const CLOSER_NOTIFICATION_EVENTS = ['ApplicationSubmitted', 'ApplicationStatusChanged', 'ApplicationMessagePosted'] as const;

const statusWords: Record<string, string> = { pending: 'back to pending', reviewing: 'in review', accepted: 'accepted', rejected: 'not accepted' };
const snippet = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 119)}…` : t;
};

/**
 * A new application, to the job's owner; a status change, to the applicant (a withdrawal, to the
 * owner); a message, to the other party of the thread. Never to whoever did it.
 */
export function closerNotification(e: RecordedEvent, name: (id: number) => string): Draft | null {
  const actor = e.metadata.actorId;
  const to = (id: number) => (id === actor ? [] : [id]);
  switch (e.type) {
    case 'ApplicationSubmitted': {
      const d = e.data as { applicationId: number; jobId: number; closerId: number; jobOwnerId: number; jobTitle: string };
      return {
        recipients: to(d.jobOwnerId), eventType: 'job_application_received', category: 'closers',
        message: `${name(d.closerId)} applied to ${d.jobTitle}`,
        data: { applicationId: d.applicationId, jobId: d.jobId, user: { id: d.closerId, fullName: name(d.closerId) } },
      };
    }
    case 'ApplicationStatusChanged': {
      const d = e.data as { applicationId: number; jobId: number; closerId: number; jobOwnerId: number; jobTitle: string; from: string; to: string; reason: string | null };
      const data = { applicationId: d.applicationId, jobId: d.jobId, status: d.to, statusReason: d.reason };
      if (d.reason === 'withdrawn_by_applicant') {
        return { recipients: to(d.jobOwnerId), eventType: 'application_status_changed', category: 'closers', message: `${name(d.closerId)} withdrew their application to ${d.jobTitle}`, data };
      }
      if (d.from === d.to) return null; // feedback edited, status unchanged
      return { recipients: to(d.closerId), eventType: 'application_status_changed', category: 'closers', message: `Your application to ${d.jobTitle} is ${statusWords[d.to] ?? d.to}`, data };
    }
    case 'ApplicationMessagePosted': {
      const d = e.data as { applicationId: number; jobId: number; closerId: number; jobOwnerId: number; jobTitle: string; senderId: number; content: string; messageId: number };
      const other = d.senderId === d.closerId ? d.jobOwnerId : d.closerId;
      return {
        recipients: to(other).filter((id) => id !== d.senderId), eventType: 'application_message', category: 'closers',
        message: `${name(d.senderId)} about ${d.jobTitle}: "${snippet(d.content)}"`,
        data: { applicationId: d.applicationId, jobId: d.jobId, messageId: d.messageId, user: { id: d.senderId, fullName: name(d.senderId) } },
      };
    }
    default:
      return null;
  }
}
