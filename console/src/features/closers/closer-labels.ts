import {
  WITHDRAWN_BY_APPLICANT, type ApplicationStatus, type ApplicationSummary, type JobStatus, type Weekday,
} from '@leadfloor/contracts';
import type { BadgeTone } from '../../components/ui/badge';

/** How an application's status reads; a rejection the applicant made is "Withdrawn" (issue 14). */
export type ApplicationStage = ApplicationStatus | 'withdrawn';

export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = {
  pending: 'Pending', reviewing: 'In review', accepted: 'Accepted', rejected: 'Rejected', withdrawn: 'Withdrawn',
};
export const APPLICATION_STAGE_TONES: Record<ApplicationStage, BadgeTone> = {
  pending: 'neutral', reviewing: 'primary', accepted: 'success', rejected: 'destructive', withdrawn: 'outline',
};

export const applicationStage = (a: Pick<ApplicationSummary, 'status' | 'statusReason'>): ApplicationStage =>
  a.status === 'rejected' && a.statusReason === WITHDRAWN_BY_APPLICANT ? 'withdrawn' : a.status;

/** The applicant may withdraw while nothing is decided (issue 14's rule; the server holds it too). */
export const isWithdrawable = (a: Pick<ApplicationSummary, 'status'>): boolean => a.status === 'pending' || a.status === 'reviewing';

export const JOB_STATUS_LABELS: Record<JobStatus, string> = { draft: 'Draft', active: 'Open', closed: 'Closed', filled: 'Filled' };
export const JOB_STATUS_TONES: Record<JobStatus, BadgeTone> = { draft: 'outline', active: 'success', closed: 'neutral', filled: 'primary' };

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun',
};

/** A rate as people read it: 10 → '10%', 7.5 → '7.5%'. */
export const formatRate = (percent: number): string => `${Number(percent.toFixed(2))}%`;

/** A file's size for its caps and chips: '820 KB', '2.4 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}
