import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { coerceFieldValue, type CustomField, type CustomFieldFilter, type CustomFieldFilterOp } from '@leadfloor/contracts';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { customFieldsQuery } from '../../../lib/custom-fields';
import { isoDay } from '../../../lib/format-date';
import type { LeadFilters } from '../lead-filters';
import { DatePickerButton } from './date-picker-button';

type Props = { filters: LeadFilters; onChange: (change: (filters: LeadFilters) => LeadFilters) => void };

/** The fields the panel offers: the chosen type's active ones, or every type's (one per name, the first type's label). */
export function filterableFields(fields: readonly CustomField[], typeFilter: LeadFilters['typeFilter']): CustomField[] {
  const seen = new Set<string>();
  return fields.filter((f) => f.active && (typeFilter === 'all' || f.leadType === typeFilter))
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .filter((f) => !seen.has(f.name) && Boolean(seen.add(f.name)));
}

/** The condition list with the one for (name, op) set to `value`, or removed when it is empty. */
export function withCondition(list: readonly CustomFieldFilter[], name: string, op: CustomFieldFilterOp, value: string): CustomFieldFilter[] {
  const rest = list.filter((c) => c.name !== name || c.op !== op);
  return value.trim() === '' ? rest : [...rest, { name, op, value: value.trim() }];
}

/**
 * The pool's custom field filters (the floor's extra fields per lead type): a choice or yes/no
 * equals, a number or a date between bounds (dates from the pool's own calendar), a text
 * contains. Each change applies at once (typed values when the field is left or Enter is
 * pressed); a value the field cannot hold is said beside it instead of sent.
 */
export function CustomFieldFilters({ filters, onChange }: Props) {
  const fields = filterableFields(useQuery(customFieldsQuery).data ?? [], filters.typeFilter);
  if (fields.length === 0) return null;
  const valueOf = (name: string, op: CustomFieldFilterOp) => filters.customFields.find((c) => c.name === name && c.op === op)?.value ?? '';
  const set = (name: string, op: CustomFieldFilterOp, value: string) =>
    onChange((f) => ({ ...f, customFields: withCondition(f.customFields, name, op, value) }));
  return (
    <fieldset className="md:col-span-2 xl:col-span-4">
      <legend className="mb-3 text-sm font-medium text-foreground">Custom fields</legend>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
        {fields.map((field) => <FieldFilter key={field.name} field={field} valueOf={valueOf} set={set} />)}
      </div>
    </fieldset>
  );
}

type FieldFilterProps = {
  field: CustomField;
  valueOf: (name: string, op: CustomFieldFilterOp) => string;
  set: (name: string, op: CustomFieldFilterOp, value: string) => void;
};

function FieldFilter({ field, valueOf, set }: FieldFilterProps) {
  const id = useId();
  const label = <label htmlFor={id} className="text-sm text-foreground">{field.label}</label>;
  switch (field.fieldType) {
    case 'select':
    case 'boolean': {
      const choices = field.fieldType === 'select' ? field.options.map((o) => [o, o]) : [['yes', 'Yes'], ['no', 'No']];
      return (
        <div className="flex flex-col gap-1.5">
          {label}
          <Select id={id} value={valueOf(field.name, '=')} onChange={(e) => set(field.name, '=', e.target.value)}>
            <option value="">Any</option>
            {choices.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </Select>
        </div>
      );
    }
    case 'text':
      return (
        <div className="flex flex-col gap-1.5">
          {label}
          <CommitInput id={id} field={field} op="~" placeholder="Contains..." value={valueOf(field.name, '~')} onCommit={(v) => set(field.name, '~', v)} />
        </div>
      );
    case 'date': {
      const from = valueOf(field.name, '>=') || null;
      const to = valueOf(field.name, '<=') || null;
      return (
        <fieldset className="flex min-w-0 flex-col gap-1.5">
          <legend className="mb-1.5 text-sm text-foreground">{field.label}</legend>
          <div className="flex flex-wrap gap-2">
            <DatePickerButton label="From" value={from} onChange={(day) => set(field.name, '>=', day ?? '')} />
            <DatePickerButton label="To" value={to} isDisabled={(day) => from !== null && isoDay(day) < from} onChange={(day) => set(field.name, '<=', day ?? '')} />
          </div>
        </fieldset>
      );
    }
    case 'number':
      return (
        <div className="flex flex-col gap-1.5">
          {label}
          <div className="grid grid-cols-2 gap-2">
            <CommitInput id={id} field={field} op=">=" placeholder="Min" aria-label={`${field.label} from`}
              value={valueOf(field.name, '>=')} onCommit={(v) => set(field.name, '>=', v)} />
            <CommitInput field={field} op="<=" placeholder="Max" aria-label={`${field.label} to`}
              value={valueOf(field.name, '<=')} onCommit={(v) => set(field.name, '<=', v)} />
          </div>
        </div>
      );
  }
}

type CommitInputProps = {
  id?: string; field: CustomField; op: CustomFieldFilterOp; value: string; placeholder: string; 'aria-label'?: string;
  onCommit: (value: string) => void;
};

/** A value typed locally and applied on leaving the field or Enter, once the field can hold it; an outside change (a removed chip) replaces it. */
function CommitInput({ id, field, op, value, placeholder, onCommit, ...aria }: CommitInputProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [error, setError] = useState<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
    setError(null);
  }
  const commit = (text: string) => {
    if (text.trim() === value) return;
    const read = op === '~' ? { value: text } : coerceFieldValue(field, text);
    if ('error' in read) return setError(read.error);
    setError(null);
    onCommit(text);
  };
  const errorId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Input
        id={id}
        {...aria}
        inputMode={field.fieldType === 'number' ? 'decimal' : undefined}
        placeholder={placeholder}
        value={draft}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => commit(draft)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(draft);
        }}
      />
      {error && <p id={errorId} className="text-xs font-medium text-destructive-text">{error}</p>}
    </div>
  );
}
