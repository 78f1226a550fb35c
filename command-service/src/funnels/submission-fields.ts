import type { FormField } from '@leadfloor/funnel-pages';

export type FieldError = { field: string; message: string };
export type CheckedSubmission = { ok: true; values: Record<string, string> } | { ok: false; errors: FieldError[] };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{6,30}$/;
const MAX = { textarea: 2000, text: 300, email: 300, tel: 300 } as const;

/**
 * A post checked against the published form it answers: required fields filled, an email that
 * is one, a phone of digits, nothing too long, and a way to reach the person (an email or a
 * phone). Fields the form does not have are ignored. Values are kept as typed (trimmed).
 */
export function checkSubmission(form: readonly FormField[], posted: Record<string, string>): CheckedSubmission {
  const errors: FieldError[] = [];
  const values: Record<string, string> = {};
  for (const f of form) {
    const value = (posted[f.name] ?? '').trim();
    if (value === '') {
      if (f.required) errors.push({ field: f.name, message: `Fill in ${f.label || f.name}.` });
      continue;
    }
    if (value.length > MAX[f.type]) errors.push({ field: f.name, message: `${f.label || f.name}: at most ${MAX[f.type]} characters.` });
    else if ((f.type === 'email' || f.mapsTo === 'email') && !EMAIL.test(value)) errors.push({ field: f.name, message: 'Enter an email address like name@example.com.' });
    else if ((f.type === 'tel' || f.mapsTo === 'phone') && !PHONE.test(value)) errors.push({ field: f.name, message: 'Enter a phone number (digits, spaces, + - ( )).' });
    else values[f.mapsTo] = value;
  }
  if (errors.length === 0 && !values.email && !values.phone) {
    const contact = form.find((f) => f.mapsTo === 'email') ?? form.find((f) => f.mapsTo === 'phone');
    errors.push({ field: contact?.name ?? 'email', message: 'Give an email address or a phone number so we can reach you.' });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}
