import { addDays, differenceInCalendarDays, isValid, parseISO, set } from 'date-fns';
import { formatLongDate } from '../../lib/format-date';

/** Spec 2.7's quick follow-up options, in days from now. */
export const FOLLOW_UP_OPTIONS = [
  { label: 'Today', days: 0 },
  { label: 'Tomorrow', days: 1 },
  { label: 'In 3 days', days: 3 },
  { label: 'In 1 week', days: 7 },
  { label: 'In 2 weeks', days: 14 },
  { label: 'In 1 month', days: 30 },
] as const;

/**
 * The instant a follow-up on `day` means: that calendar day at the current time of day, so
 * "Tomorrow" is 24 hours away and a calendar pick lands at a working hour, not at midnight.
 */
export function followUpOn(day: Date, now: Date): Date {
  return set(day, { hours: now.getHours(), minutes: now.getMinutes(), seconds: 0, milliseconds: 0 });
}

export const followUpInDays = (days: number, now: Date): Date => followUpOn(addDays(now, days), now);

/** The picker's button text: 'Today', 'Tomorrow' or the long date (spec 2.7). */
export function followUpLabel(at: string | Date, now: Date): string {
  const date = typeof at === 'string' ? parseISO(at) : at;
  if (!isValid(date)) return '';
  const days = differenceInCalendarDays(date, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return formatLongDate(date);
}
