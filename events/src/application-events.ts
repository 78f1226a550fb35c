import { z } from 'zod';
import { closerFileRefSchema } from './job-events';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();
const status = z.enum(['pending', 'reviewing', 'accepted', 'rejected']);

/**
 * Every event of an application names its two parties (`closerId`, the applicant, and
 * `jobOwnerId`) and the job's title, so a reader of one event knows its audience: the
 * notifications and the live thread never look them up.
 *
 * - `application-<id>`: ApplicationSubmitted, ApplicationStatusChanged. A withdrawal is a status
 *   change to rejected with `reason: 'withdrawn_by_applicant'`, by the applicant.
 * - `application_message-<id>`: one message of the thread between the applicant and the owner.
 * - `application_note-<id>`: a reviewer's private note; never shown to the applicant.
 */
export const applicationEventSchemas = {
  ApplicationSubmitted: z.object({
    applicationId: id, jobId: id, closerId: id, jobOwnerId: id, jobTitle: z.string(),
    experience: z.string(), message: z.string(), linkedinProfile: z.string().nullable(),
    availableHoursPerWeek: z.number().int(), availableStartDate: z.iso.date(), availableDays: z.array(z.string()),
    fileUploads: z.array(closerFileRefSchema), at,
  }),
  ApplicationStatusChanged: z.object({
    applicationId: id, jobId: id, closerId: id, jobOwnerId: id, jobTitle: z.string(),
    from: status, to: status, reason: z.enum(['withdrawn_by_applicant']).nullable(), feedback: z.string().nullable(), at,
  }),
  ApplicationMessagePosted: z.object({
    messageId: id, applicationId: id, jobId: id, closerId: id, jobOwnerId: id, jobTitle: z.string(),
    senderId: id, content: z.string(), at,
  }),
  ReviewerNoteAdded: z.object({
    noteId: id, applicationId: id, jobId: id, authorId: id, content: z.string(), at,
  }),
} as const;

export type ApplicationEventType = keyof typeof applicationEventSchemas;
export type ApplicationEvent = { [T in ApplicationEventType]: { type: T; data: z.infer<(typeof applicationEventSchemas)[T]> } }[ApplicationEventType];
