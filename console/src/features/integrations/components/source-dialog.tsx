import { useState } from 'react';
import type { InboundSource } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { serverMessage } from '../../../lib/api';
import { useCreateLeadSource, useRotateLeadSource } from '../api/integration-mutations';
import { generateSecret } from '../signing-snippets';
import { SourceSecretPanel } from './source-secret-panel';

/**
 * Makes a lead source, or rotates one (`rotating`): a name (new ones), and whether requests must
 * be signed, with a secret made here that the manager may replace. Then shows the URL once.
 */
export function SourceDialog({ open, rotating, onClose }: { open: boolean; rotating: InboundSource | null; onClose: () => void }) {
  const create = useCreateLeadSource();
  const rotate = useRotateLeadSource();
  const [name, setName] = useState('');
  const [signed, setSigned] = useState(rotating?.signed ?? false);
  const [secret, setSecret] = useState(generateSecret);
  const [shown, setShown] = useState<{ path: string; secret: string | null } | null>(null);
  const pending = create.isPending || rotate.isPending;
  const error = create.error ?? rotate.error;
  const close = () => {
    create.reset();
    rotate.reset();
    setShown(null);
    setName('');
    onClose();
  };
  const submit = async () => {
    const signingSecret = signed ? secret.trim() : null;
    const res = rotating ? await rotate.mutateAsync({ id: rotating.id, signingSecret }) : await create.mutateAsync({ name, signingSecret });
    setShown({ path: res.path, secret: signingSecret });
  };
  return (
    <Dialog open={open} onClose={close} title={rotating ? `Rotate ${rotating.name}` : 'New lead source'} maxWidth="max-w-[620px]"
      description={rotating ? 'A new URL replaces the old one, which stops working at once.' : 'Web forms, Zapier or ad platforms send leads to its URL; they enter the pool like any other lead.'}>
      {shown ? <SourceSecretPanel path={shown.path} secret={shown.secret} onDone={close} /> : (
        <form className="flex flex-col gap-4" onSubmit={(e) => { e.preventDefault(); void submit().catch(() => {}); }}>
          {!rotating && (
            <FormField label="Name" error={create.error && serverMessage(create.error)?.includes('name') ? serverMessage(create.error) : undefined}>
              {(control) => <Input {...control} value={name} maxLength={80} required placeholder="Website contact form" onChange={(e) => setName(e.target.value)} />}
            </FormField>
          )}
          <label className="flex items-start gap-2 text-sm text-foreground">
            <Checkbox checked={signed} onChange={(e) => setSigned(e.target.checked)} className="mt-0.5" />
            <span>Require an HMAC signature<span className="block text-xs text-muted">Every request must carry a LeadFloor-Signature made with the secret; others are refused.</span></span>
          </label>
          {signed && (
            <FormField label="Signing secret" hint="At least 16 characters. Made here at random; paste your own to use it instead.">
              {(control) => <Input {...control} value={secret} minLength={16} maxLength={200} required className="font-mono text-xs" onChange={(e) => setSecret(e.target.value)} />}
            </FormField>
          )}
          {error && <p role="alert" className="text-sm text-destructive">{serverMessage(error) ?? 'Could not save the source. Try again.'}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>Cancel</Button>
            <Button type="submit" disabled={pending || (!rotating && !name.trim())}>{rotating ? 'Rotate URL' : 'Create source'}</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
