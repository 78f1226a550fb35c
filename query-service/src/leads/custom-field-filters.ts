import { coerceFieldValue, type CustomField, type CustomFieldFilter, type CustomFieldFilterOp } from '@leadfloor/contracts';
import type { CustomFieldType, CustomFieldValue } from '@leadfloor/events';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { readCustomFields } from '../imports/import-read-routes';

/** A pool filter's custom field condition, read against the field's definition in each lead type that has it. */
export type ResolvedCustomFieldFilter = {
  name: string; op: CustomFieldFilterOp;
  byType: { leadType: string; fieldType: CustomFieldType; value: CustomFieldValue }[];
};

const OPS: Record<CustomFieldType, readonly CustomFieldFilterOp[]> = {
  text: ['=', '~'], select: ['='], boolean: ['='], number: ['=', '>=', '<='], date: ['=', '>=', '<='],
};
const OP_WORDS: Record<CustomFieldFilterOp, string> = { '=': 'equal', '~': 'contain', '>=': 'be at least', '<=': 'be at most' };

const refuse = (message: string) => new ApiError(400, 'validation_failed', message, { field: 'customField' });

/**
 * Checks each condition against the floor's field definitions (of `leadType` when the pool is
 * narrowed to one type; a name may be defined for several types, each with its own field type)
 * and reads its value as the field reads a value. A name no type defines, an operator the field
 * type has no use for, or a value no definition accepts is a 400 naming `customField`.
 */
export function resolveCustomFieldFilters(
  fields: readonly CustomField[], filters: readonly CustomFieldFilter[], leadType: string | undefined,
): ResolvedCustomFieldFilter[] {
  return filters.map((f) => {
    const defs = fields.filter((d) => d.name === f.name && (leadType === undefined || d.leadType === leadType));
    if (defs.length === 0) throw refuse(`There is no custom field "${f.name}"${leadType ? ' for this lead type' : ''}.`);
    const byType: ResolvedCustomFieldFilter['byType'] = [];
    let problem = '';
    let opProblem = '';
    for (const d of defs) {
      if (!OPS[d.fieldType].includes(f.op)) {
        opProblem ||= `${d.label} is a ${d.fieldType} field: it cannot ${OP_WORDS[f.op]} a value (${OPS[d.fieldType].map((o) => `${f.name}${o}…`).join(', ')}).`;
        continue;
      }
      const read = f.op === '~' ? { value: f.value } : coerceFieldValue(d, f.value);
      if ('error' in read) problem ||= read.error;
      else if (read.value !== null) byType.push({ leadType: d.leadType, fieldType: d.fieldType, value: read.value });
      else problem ||= `Give ${d.label} a value to filter by.`;
    }
    if (byType.length === 0) throw refuse(problem || opProblem);
    return { name: f.name, op: f.op, byType };
  });
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The conditions as one EXISTS over lead_custom_fields_v1 (`p` adds a parameter). Equality is
 * containment (`values @> {"name": value}`), which the table's GIN index answers; text equality
 * ignores case; ranges compare numbers as numbers and dates as their YYYY-MM-DD text, and a
 * value of another JSON type (a field whose type changed) never matches, never errors.
 */
export function customFieldFilterSql(filters: readonly ResolvedCustomFieldFilter[], p: (v: unknown) => string): string | null {
  if (filters.length === 0) return null;
  const terms = filters.map((f) => {
    const alternatives = f.byType.map(({ leadType, fieldType, value }) => {
      const cond = conditionOf(f.name, f.op, fieldType, value, p);
      return f.byType.length === 1 ? cond : `(cf.lead_type = ${p(leadType)} and ${cond})`;
    });
    return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' or ')})`;
  });
  return `exists (select 1 from lead_custom_fields_v1 cf where cf.lead_id = l.id and ${terms.join(' and ')})`;
}

function conditionOf(name: string, op: CustomFieldFilterOp, fieldType: CustomFieldType, value: CustomFieldValue, p: (v: unknown) => string) {
  // Every parameter made must appear in the SQL (PostgreSQL cannot type an unused one): the name only where it is used.
  if (op === '=' && fieldType !== 'text') return `cf.values @> ${p(JSON.stringify({ [name]: value }))}::jsonb`;
  const field = `${p(name)}::text`;
  if (op === '~') return `cf.values->>${field} ilike ${p(`%${likeEscape(String(value))}%`)}`;
  if (op === '=') return `lower(cf.values->>${field}) = lower(${p(value)})`;
  const cmp = op === '>=' ? '>=' : '<=';
  if (fieldType === 'number') {
    return `case when jsonb_typeof(cf.values->${field}) = 'number' then (cf.values->>${field})::numeric ${cmp} ${p(value)}::numeric else false end`;
  }
  return `case when cf.values->>${field} ~ '^\\d{4}-\\d{2}-\\d{2}$' then cf.values->>${field} ${cmp} ${p(value)} else false end`;
}

/** The pool query with its custom field conditions resolved (the definitions read only when there are some). */
export async function withCustomFieldFilters<Q extends { customField: CustomFieldFilter[]; typeFilter?: string | undefined }>(
  pool: Pool, q: Q,
): Promise<Q & { customFieldFilters: ResolvedCustomFieldFilter[] }> {
  if (q.customField.length === 0) return { ...q, customFieldFilters: [] };
  const fields = await readCustomFields(pool, {});
  return { ...q, customFieldFilters: resolveCustomFieldFilters(fields, q.customField, q.typeFilter) };
}
