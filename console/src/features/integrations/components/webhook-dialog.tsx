import { useState } from 'react';
import { WebhookEventTypeSchema } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { serverMessage } from '../../../lib/api';
import { useCreateWebhook } from '../api/integration-mutations';
import { EVENT_LABELS } from '../signing-snippets';
import { CopyField } from './copy-field';

type EventType = (typeof WebhookEventTypeSchema.options)[number];

/** Subscribes a URL to lead events; then shows its signing secret once. */
export function WebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<EventType>>(new Set(['LeadCreated']));
  const close = () => {
    create.reset();
    setUrl('');
    setEvents(new Set(['LeadCreated']));
    onClose();
  };
  const toggle = (e: EventType, on: boolean) => setEvents((s) => {
    const next = new Set(s);
    if (on) next.add(e);
    else next.delete(e);
    return next;
  });
  const refused = create.error ? serverMessage(create.error) ?? 'Could not subscribe the webhook. Try again.' : null;
  return (
    <Dialog open={open} onClose={close} title="New webhook" maxWidth="max-w-[620px]"
      description="LeadFloor posts each chosen lead event to the URL, signed, and retries with growing waits until it answers 2xx.">
      {create.data ? (
        <div className="flex flex-col gap-3">
          <CopyField label="Signing secret" value={create.data.secret}
            hint="Check each delivery's LeadFloor-Signature (t=…,v1=HMAC-SHA256 of “t.body”) with it. Shown only now." />
          <div className="flex justify-end"><Button onClick={close}>Done</Button></div>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(e) => { e.preventDefault(); create.mutate({ url: url.trim(), eventTypes: [...events] }); }}>
          <FormField label="Endpoint URL" error={refused ?? undefined} hint="https in production; private network addresses are refused.">
            {(control) => <Input {...control} type="url" required value={url} placeholder="https://example.com/leadfloor" onChange={(e) => setUrl(e.target.value)} />}
          </FormField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-foreground">Events</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {WebhookEventTypeSchema.options.map((e) => (
                <label key={e} className="flex items-center gap-2 text-sm text-foreground">
                  <Checkbox checked={events.has(e)} onChange={(ev) => toggle(e, ev.target.checked)} />
                  {EVENT_LABELS[e]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>Cancel</Button>
            <Button type="submit" disabled={create.isPending || events.size === 0 || !url.trim()}>Subscribe</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
