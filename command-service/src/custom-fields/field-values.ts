import { coerceFieldValue } from '@leadfloor/contracts';
import type { CustomFieldValue } from '@leadfloor/events';
import type { CustomFieldDefinition } from './custom-field-set';

export type FieldValueProblem = { field: string; message: string };
export type CheckedValues = { ok: true; values: Record<string, CustomFieldValue | null> } | ({ ok: false } & FieldValueProblem);

/**
 * Checks values against the active fields of the lead's type. `complete`: the values are the
 * lead's whole set (a new lead), so every required field must have one; otherwise only the
 * fields named change, and a required one may not be cleared. Unknown names are refused.
 */
export function checkFieldValues(
  fields: readonly CustomFieldDefinition[], values: Record<string, CustomFieldValue | null>, { complete }: { complete: boolean },
): CheckedValues {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: Record<string, CustomFieldValue | null> = {};
  for (const [name, raw] of Object.entries(values)) {
    const def = byName.get(name);
    if (!def) return { ok: false, field: name, message: `There is no active custom field "${name}" for this lead type.` };
    const r = coerceFieldValue(def, raw);
    if ('error' in r) return { ok: false, field: name, message: r.error };
    if (r.value === null && def.required) return { ok: false, field: name, message: `${def.label} is required.` };
    out[name] = r.value;
  }
  if (complete) {
    const missing = fields.find((f) => f.required && (out[f.name] === undefined || out[f.name] === null));
    if (missing) return { ok: false, field: missing.name, message: `${missing.label} is required.` };
    for (const [k, v] of Object.entries(out)) if (v === null) delete out[k];
  }
  return { ok: true, values: out };
}
