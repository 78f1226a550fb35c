import { coerceFieldValue, type CustomField, type CustomFieldValues } from '@leadfloor/contracts';

/** What a form holds per custom field: text as typed ('' is no value); a yes/no field holds 'yes', 'no' or ''. */
export type CustomFieldDraft = Record<string, string>;
export type CustomFieldErrors = Record<string, string>;
type Value = CustomFieldValues[string];

/** A lead's stored values as form text. */
export function draftOf(fields: readonly CustomField[], values: CustomFieldValues = {}): CustomFieldDraft {
  return Object.fromEntries(fields.map((f) => {
    const v = values[f.name];
    return [f.name, v === undefined ? '' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)];
  }));
}

/**
 * Reads a form's custom fields the way the server will (the same coercion), so a mistake shows
 * beside its field before anything is sent. Every required field needs a value. `values` has
 * each field: null clears one (an edit), and a new lead sends only the filled ones.
 */
export function readDraft(
  fields: readonly CustomField[], draft: CustomFieldDraft,
): { ok: true; values: Record<string, Value | null> } | { ok: false; errors: CustomFieldErrors } {
  const values: Record<string, Value | null> = {};
  const errors: CustomFieldErrors = {};
  for (const f of fields) {
    const read = coerceFieldValue(f, draft[f.name] ?? '');
    if ('error' in read) errors[f.name] = read.error;
    else if (read.value === null && f.required) errors[f.name] = `${f.label} is required.`;
    else values[f.name] = read.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** A 400's field (`customFields.<name>` of the add form, `values.<name>` of an edit) as the custom field it names. */
export function customFieldOf(field: string): string | null {
  const m = /^(?:customFields|values)\.([a-z][a-z0-9_]*)$/.exec(field);
  return m ? m[1]! : null;
}
