import type { CustomField } from '@leadfloor/contracts';
import { FormField, type ControlProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { CustomFieldDraft, CustomFieldErrors } from '../custom-field-draft';

type Props = {
  fields: readonly CustomField[];
  draft: CustomFieldDraft;
  errors: CustomFieldErrors;
  onChange: (name: string, value: string) => void;
  /** Grid classes per field (the add form lays them out two to a row). */
  className?: string;
};

/** One control per custom field, as its type asks: text, a number, a calendar date, one of the options, yes or no. */
export function CustomFieldInputs({ fields, draft, errors, onChange, className }: Props) {
  return fields.map((f) => (
    <FormField key={f.name} label={f.label} hint={f.required ? undefined : 'Optional'} error={errors[f.name]} className={className}>
      {(c) => <FieldControl field={f} control={c} value={draft[f.name] ?? ''} onChange={(v) => onChange(f.name, v)} />}
    </FormField>
  ));
}

function FieldControl({ field, control, value, onChange }: { field: CustomField; control: ControlProps; value: string; onChange: (v: string) => void }) {
  const common = { ...control, value, required: field.required, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  switch (field.fieldType) {
    case 'select':
      return (
        <Select {...common}>
          <option value="">{field.required ? 'Choose one' : 'Not set'}</option>
          {field.options.map((o) => <option key={o} value={o}>{o}</option>)}
        </Select>
      );
    case 'boolean':
      return (
        <Select {...common}>
          <option value="">{field.required ? 'Choose' : 'Not set'}</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </Select>
      );
    case 'number':
      return <Input {...common} type="text" inputMode="decimal" autoComplete="off" placeholder={field.placeholder ?? undefined} />;
    case 'date':
      return <Input {...common} type="date" />;
    case 'text':
      return <Input {...common} autoComplete="off" maxLength={2000} placeholder={field.placeholder ?? undefined} />;
  }
}
