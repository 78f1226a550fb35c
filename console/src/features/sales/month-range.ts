import { formatMonth } from '../../lib/format-date';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isMonth = (value: string): boolean => MONTH.test(value);

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant `timeZone`'s clocks strike midnight on the first of a month (monthIndex 0-11, may be 12). */
function monthStart(year: number, monthIndex: number, timeZone: string): number {
  const wall = Date.UTC(year, monthIndex, 1);
  const guess = wall - offsetAt(wall, timeZone);
  // Once more at the guess: the offset at midnight may differ from the one a few hours away (DST).
  return wall - offsetAt(guess, timeZone);
}

/**
 * A calendar month of the floor (its time zone, which the server names; never the browser's)
 * as the instants GET /api/sales filters on: `from` its first moment, `to` its last
 * microsecond (the API's `to` is inclusive).
 */
export function monthRange(month: string, timeZone: string): { from: string; to: string } {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const [year, monthNumber] = [Number(match[1]), Number(match[2])];
  const from = monthStart(year, monthNumber - 1, timeZone);
  const next = monthStart(year, monthNumber, timeZone);
  return { from: new Date(from).toISOString(), to: new Date(next - 1000).toISOString().replace(/\.\d{3}Z$/, '.999999Z') };
}

/** 'November 2026' for '2026-11' (mid-month, so no time zone can move it). */
export function monthLabel(month: string): string {
  const match = MONTH.exec(month);
  return match ? formatMonth(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15))) : month;
}
