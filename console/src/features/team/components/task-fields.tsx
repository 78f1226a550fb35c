import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TEAM_TASK_TITLE_MAX, type TeamPerson } from '@leadfloor/contracts';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { TaskFormValues } from '../task-form';
import { LeadPicker, type PickedLead } from './lead-picker';

type TaskFieldsProps<Out extends FieldValues> = {
  form: UseFormReturn<TaskFormValues, unknown, Out>;
  people: TeamPerson[];
  meId: number;
  initialLead: PickedLead | null;
};

const roleNote: Partial<Record<TeamPerson['role'], string>> = { manager: ' (manager)', teamLead: ' (team lead)' };

/** The task form's fields: title, who it is for, when it is due (the browser's time zone), and a linked lead. */
export function TaskFields<Out extends FieldValues>({ form, people, meId, initialLead }: TaskFieldsProps<Out>) {
  const { register, setValue, formState: { errors } } = form;
  const [lead, setLead] = useState<PickedLead | null>(initialLead);
  const pickLead = (picked: PickedLead | null) => {
    setLead(picked);
    setValue('leadId', picked?.id ?? null, { shouldDirty: true });
  };
  return (
    <>
      <FormField label="Title" error={errors.title?.message}>
        {(c) => <Input {...c} {...register('title')} maxLength={TEAM_TASK_TITLE_MAX + 50} autoComplete="off" placeholder="e.g. Call back the Smiths" />}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Assignee" error={errors.assignedUserId?.message}>
          {(c) => (
            <Select {...c} {...register('assignedUserId')}>
              <option value="">Choose someone</option>
              {people.map((p) => (
                <option key={p.id} value={String(p.id)}>{p.id === meId ? `${p.fullName} (you)` : `${p.fullName}${roleNote[p.role] ?? ''}`}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Due" hint="Optional. The assignee is told when it falls overdue." error={errors.dueAt?.message}>
          {(c) => <Input {...c} {...register('dueAt')} type="datetime-local" />}
        </FormField>
      </div>
      <FormField label="Linked lead (optional)" error={errors.leadId?.message}>
        {(c) => <LeadPicker id={c.id} aria-describedby={c['aria-describedby']} value={lead} onChange={pickLead} />}
      </FormField>
    </>
  );
}
