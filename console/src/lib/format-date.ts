// en-US dates through Intl (built once: construction is slow), not a date library's `format`:
// its locale tables would weigh more than the screens that show these dates.
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const preciseFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const longDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long' });

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** 'Mar 10, 2026, 2:05 PM'. */
export const formatDateTime = (at: Date | string): string => dateTimeFormat.format(toDate(at));
/** 'Mar 10, 2026, 2:05:09 PM': for events that can be seconds apart. */
export const formatPreciseDateTime = (at: Date | string): string => preciseFormat.format(toDate(at));
/** 'Tuesday, March 10, 2026'. */
export const formatLongDate = (at: Date | string): string => longDateFormat.format(toDate(at));
/** 'Mar 10, 2026'. */
export const formatDate = (at: Date | string): string => dateFormat.format(toDate(at));
/** 'March 2026'. */
export const formatMonth = (at: Date): string => monthFormat.format(at);
/** 'Tuesday'. */
export const formatWeekday = (at: Date): string => weekdayFormat.format(at);

/** The local calendar day as 'yyyy-MM-dd' (a date picker's value). */
export const isoDay = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
