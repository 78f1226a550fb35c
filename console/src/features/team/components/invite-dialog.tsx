import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format-date';
import { useCreateInvite } from '../api/team-mutations';
import { errorMessage } from '../team-permissions';

const EXPIRIES = [
  { hours: 24, label: '1 day' },
  { hours: 24 * 7, label: '7 days' },
  { hours: 24 * 30, label: '30 days' },
];

/** A single-use link that signs a new agent up onto this team; shown once. */
export function InviteDialog({ team, onClose }: { team: { id: number; name: string } | null; onClose: () => void }) {
  const invite = useCreateInvite();
  const [hours, setHours] = useState(24 * 7);
  const [copied, setCopied] = useState(false);
  const link = invite.data ? `${window.location.origin}${invite.data.invite.path}` : null;
  const close = () => {
    invite.reset();
    setCopied(false);
    onClose();
  };
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard.writeText(link).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <Dialog open={team !== null} onClose={close} title={team ? `Invite to ${team.name}` : 'Invite'}
      description="Whoever signs up through the link joins this team as an agent. It works once." maxWidth="max-w-[520px]">
      {link && invite.data ? (
        <div className="flex flex-col gap-3">
          <FormField label="Invite link" hint={`Expires ${formatDateTime(invite.data.invite.expiresAt)}. It is shown only now.`}>
            {(control) => (
              <div className="flex gap-2">
                <Input {...control} readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
                <Button variant="secondary" onClick={() => void copy()} aria-label="Copy invite link">
                  {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
            )}
          </FormField>
          <div className="flex justify-end"><Button onClick={close}>Done</Button></div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <FormField label="Link expires after">
            {(control) => (
              <Select {...control} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
                {EXPIRIES.map((x) => <option key={x.hours} value={x.hours}>{x.label}</option>)}
              </Select>
            )}
          </FormField>
          {invite.error && <p role="alert" className="text-sm text-destructive">{errorMessage(invite.error)}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>Cancel</Button>
            <Button disabled={invite.isPending || !team} onClick={() => team && invite.mutate({ teamId: team.id, expiresInHours: hours })}>
              Create invite link
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
