import type { CustomFieldType, CustomFieldValue } from '@leadfloor/events';

/** What a value is read against: the field's type, its label (for messages) and a select's options. */
export type CustomFieldShape = { label: string; fieldType: CustomFieldType; options: readonly string[] };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);
export const MAX_TEXT_VALUE = 2000;

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused, not rolled over). */
function calendarDate(raw: string): string | null {
  const m = DATE.exec(raw.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? m[0] : null;
}

/**
 * One value for one field, as a form, a filter or a spreadsheet cell may give it: numbers and
 * booleans as themselves or as text ("12.5", "yes"), dates as YYYY-MM-DD, select values one of
 * the options (matched ignoring case, stored as the option is spelled). Empty text is "no
 * value" (null). The server checks every write with it; the console checks its forms with it.
 */
export function coerceFieldValue(def: CustomFieldShape, raw: CustomFieldValue | null): { value: CustomFieldValue | null } | { error: string } {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return { value: null };
  switch (def.fieldType) {
    case 'text': {
      const text = String(raw);
      return text.length > MAX_TEXT_VALUE ? { error: `${def.label} is longer than ${MAX_TEXT_VALUE} characters.` } : { value: text };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
      return Number.isFinite(n) ? { value: n } : { error: `${def.label} must be a number.` };
    }
    case 'date': {
      const d = typeof raw === 'string' ? calendarDate(raw) : null;
      return d ? { value: d } : { error: `${def.label} must be a date (YYYY-MM-DD).` };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      const t = String(raw).trim().toLowerCase();
      return TRUE.has(t) ? { value: true } : FALSE.has(t) ? { value: false } : { error: `${def.label} must be yes or no.` };
    }
    case 'select': {
      const option = def.options.find((o) => o.toLowerCase() === String(raw).trim().toLowerCase());
      return option === undefined ? { error: `${def.label} must be one of: ${def.options.join(', ')}.` } : { value: option };
    }
  }
}
