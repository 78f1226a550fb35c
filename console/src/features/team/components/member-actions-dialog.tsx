import { useState, type ReactNode } from 'react';
import type { Role, TeamPerson, TeamStructure } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { roleLabel } from '../../../lib/user-labels';
import { useMemberChange, type MemberChange } from '../api/team-mutations';
import { errorMessage } from '../team-permissions';

type Team = TeamStructure['teams'][number];
const ROLES: Role[] = ['agent', 'teamLead', 'manager'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t border-border pt-4 first:border-t-0 first:pt-0">
      <h3 className="text-sm font-semibold text-foreground">{title}</h3>
      {children}
    </section>
  );
}

type Props = {
  person: TeamPerson | null;
  /** The team they are on (null: none). */
  team: Team | null;
  /** The teams this manager may move them to. */
  targets: Team[];
  isMe: boolean;
  onClose: () => void;
};

/** A manager's changes to one person: their team, whether they lead it, their role. */
export function MemberActionsDialog({ person, team, targets, isMe, onClose }: Props) {
  const change = useMemberChange();
  const others = targets.filter((t) => t.id !== team?.id);
  const [moveTo, setMoveTo] = useState<string>('');
  const [role, setRole] = useState<Role | ''>('');
  const isLead = !!person && !!team?.leads.some((l) => l.id === person.id);
  const run = (c: MemberChange) => change.mutate(c, { onSuccess: onClose });
  const close = () => {
    change.reset();
    setMoveTo('');
    setRole('');
    onClose();
  };

  return (
    <Dialog open={person !== null} onClose={close} title={person ? `Manage ${person.fullName}` : 'Manage'}
      description={team ? `On ${team.name}` : 'On no team'} maxWidth="max-w-[480px]">
      {person && (
        <div className="flex flex-col gap-4">
          {others.length > 0 && (
            <Section title={team ? 'Move to another team' : 'Add to a team'}>
              <div className="flex flex-wrap items-end gap-2">
                <FormField label="Team" className="min-w-48 flex-1">
                  {(control) => (
                    <Select {...control} value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
                      <option value="">Choose a team</option>
                      {others.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
                    </Select>
                  )}
                </FormField>
                <Button disabled={!moveTo || change.isPending} onClick={() => run({ kind: 'move', teamId: Number(moveTo), userId: person.id })}>
                  {team ? 'Move' : 'Add'}
                </Button>
              </div>
            </Section>
          )}
          {team && (
            <Section title="Team lead">
              <div>
                <Button variant="secondary" disabled={change.isPending}
                  onClick={() => run({ kind: isLead ? 'removeLead' : 'appoint', teamId: team.id, userId: person.id })}>
                  {isLead ? `Remove as team lead of ${team.name}` : `Make team lead of ${team.name}`}
                </Button>
              </div>
            </Section>
          )}
          {!isMe && (
            <Section title="Role">
              <div className="flex flex-wrap items-end gap-2">
                <FormField label="Role" className="min-w-48 flex-1">
                  {(control) => (
                    <Select {...control} value={role || person.role} onChange={(e) => setRole(e.target.value as Role)}>
                      {ROLES.map((r) => <option key={r} value={r}>{roleLabel(r)}</option>)}
                    </Select>
                  )}
                </FormField>
                <Button variant="secondary" disabled={!role || role === person.role || change.isPending}
                  onClick={() => role && run({ kind: 'role', userId: person.id, role })}>
                  Change role
                </Button>
              </div>
            </Section>
          )}
          {team && (
            <Section title="Leave the team">
              <div>
                <Button variant="destructive" disabled={change.isPending} onClick={() => run({ kind: 'remove', teamId: team.id, userId: person.id })}>
                  Remove from {team.name}
                </Button>
              </div>
            </Section>
          )}
          {change.error && <p role="alert" className="text-sm text-destructive">{errorMessage(change.error)}</p>}
        </div>
      )}
    </Dialog>
  );
}
