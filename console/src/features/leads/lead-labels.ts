import type { z } from 'zod';
import type { LeadPrioritySchema, LeadSourceSchema, LeadStageSchema, LeadStatusSchema } from '@leadfloor/contracts';
import type { BadgeTone } from '../../components/ui/badge';
import { relativeTime } from '../../lib/relative-time';

type LeadStatus = z.infer<typeof LeadStatusSchema>;
type LeadSource = z.infer<typeof LeadSourceSchema>;

export { LEAD_TYPE_LABELS } from '../../lib/lead-type-labels';
/** Spec 2.7's type badge codes ('??' for an unknown type). */
const LEAD_TYPE_CODES: Record<string, string> = { real_estate: 'RE', finance: 'FI', forex: 'FX' };
export const leadTypeCode = (type: string): string => LEAD_TYPE_CODES[type] ?? '??';

/** Spec 2.8's source choices, labelled for people. */
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  website: 'Website', referral: 'Referral', advertisement: 'Advertisement', cold_call: 'Cold Call', social_media: 'Social Media', other: 'Other',
};

const STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  available: 'success', claimed: 'primary', contacted: 'warning', qualified: 'primary', sold: 'success', lost: 'destructive',
};
export const statusTone = (status: LeadStatus): BadgeTone => STATUS_TONES[status];
/** Spec 2.7: a status reads with its first letter capitalised. */
export const statusLabel = (status: string): string => status.charAt(0).toUpperCase() + status.slice(1);

type LeadStage = z.infer<typeof LeadStageSchema>;
type LeadPriority = z.infer<typeof LeadPrioritySchema>;

/** Spec 2.6/4's pipeline stages, in board order. */
export const STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New', discovery: 'Discovery', proposal: 'Proposal', negotiation: 'Negotiation', closed: 'Closed',
};
export const PRIORITY_LABELS: Record<LeadPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** Spec 2.7's age line: 'Added {relative time}', or 'Added recently' without a creation date. */
export const addedLabel = (createdAt: string | null | undefined, now: Date): string =>
  `Added ${(createdAt && relativeTime(createdAt, now)) || 'recently'}`;
