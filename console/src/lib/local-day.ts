/**
 * A local calendar day from 'yyyy-MM-dd' (a date picker's or the address bar's form), or null
 * when it is not a real day. Hand-rolled rather than date-fns: the lead pool's first load
 * carries it, where every kilobyte counts.
 */
export function localDay(raw: string | null | undefined): Date | null {
  const m = raw ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(y, mo, d);
  return date.getFullYear() === y && date.getMonth() === mo && date.getDate() === d ? date : null;
}

/** The last millisecond of a local calendar day: an inclusive end date as an instant. */
export const endOfLocalDay = (day: Date): Date => new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1, 0, 0, 0, -1);
