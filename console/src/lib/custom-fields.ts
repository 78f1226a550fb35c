import { queryOptions } from '@tanstack/react-query';
import { CustomFieldListResponseSchema, type CustomField, type CustomFieldValues } from '@leadfloor/contracts';
import { api } from './api';
import { formatDate } from './format-date';

/** The floor's custom field definitions: the lead pool, the add form and Import/Export read one list. */
export const customFieldKeys = {
  all: ['custom-fields'] as const,
  list: () => [...customFieldKeys.all, 'list'] as const,
};

export const customFieldsQuery = queryOptions({
  queryKey: customFieldKeys.list(),
  queryFn: ({ signal }) => api.get('/api/custom-fields', CustomFieldListResponseSchema, { signal }).then((r) => r.fields),
  staleTime: 60_000,
});

/** The active fields of one lead type, in the order the manager set. */
export const activeFieldsOf = (fields: readonly CustomField[], leadType: string) =>
  fields.filter((f) => f.active && f.leadType === leadType).sort((a, b) => a.order - b.order || a.id - b.id);

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** A stored value as a person reads it: numbers grouped, dates as calendar days, yes/no. */
export function formatCustomFieldValue(field: Pick<CustomField, 'fieldType'>, value: CustomFieldValues[string] | undefined): string {
  if (value === undefined || value === null || value === '') return 'Not set';
  switch (field.fieldType) {
    case 'number': return typeof value === 'number' ? number.format(value) : String(value);
    case 'boolean': return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
      // A calendar day, not an instant: built in local time so no time zone moves it a day.
      return m ? formatDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : String(value);
    }
    default: return String(value);
  }
}
