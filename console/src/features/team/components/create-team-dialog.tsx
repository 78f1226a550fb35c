import { useState, type FormEvent } from 'react';
import { CreateTeamBodySchema } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { useCreateTeam } from '../api/team-mutations';

type LeadType = keyof typeof LEAD_TYPE_LABELS;
import { errorMessage } from '../team-permissions';

/** A manager's new team: a unique name and, optionally, the lead type it works (it hears of those leads). */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const [leadType, setLeadType] = useState<LeadType | ''>('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const close = () => {
    create.reset();
    setName('');
    setLeadType('');
    setInvalid(undefined);
    onClose();
  };
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = CreateTeamBodySchema.safeParse({ name, leadType: leadType || null });
    setInvalid(body.success ? undefined : body.error.issues[0]?.message);
    if (body.success) create.mutate(body.data, { onSuccess: close });
  };
  const serverError = create.error ? errorMessage(create.error) : undefined;
  return (
    <Dialog open={open} onClose={close} title="New team" description="You will be its manager." maxWidth="max-w-[440px]">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Team name" error={invalid ?? serverError}>
          {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </FormField>
        <FormField label="Lead type" hint="The team hears of every new lead of this type.">
          {(control) => (
            <Select {...control} value={leadType} onChange={(e) => setLeadType(e.target.value as LeadType | '')}>
              <option value="">Any type</option>
              {Object.entries(LEAD_TYPE_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </Select>
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>Cancel</Button>
          <Button type="submit" disabled={create.isPending}>Create team</Button>
        </div>
      </form>
    </Dialog>
  );
}
