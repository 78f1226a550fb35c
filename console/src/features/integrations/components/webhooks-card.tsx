import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus, Send } from 'lucide-react';
import type { Webhook } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { useDeleteWebhook, useTestWebhook } from '../api/integration-mutations';
import { webhooksQuery } from '../api/integration-queries';
import { EVENT_LABELS } from '../signing-snippets';
import { DeliveriesDialog } from './deliveries-dialog';
import { PagedList } from './paged-list';
import { WebhookDialog } from './webhook-dialog';

/** Outbound webhooks: URLs subscribed to lead events, each with its delivery log. */
export function WebhooksCard() {
  const webhooks = useInfiniteQuery(webhooksQuery());
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [log, setLog] = useState<Webhook | null>(null);
  const sendTest = (w: Webhook) => test.mutateAsync(w.id).then(({ delivery }) => toast(delivery.status === 'delivered'
    ? { title: 'Test delivered', description: `The endpoint answered ${delivery.lastStatusCode}.` }
    : { title: 'Test not delivered', description: delivery.lastError ?? 'The endpoint did not accept it.', variant: 'destructive' }),
  (error: unknown) => toast({ title: 'Could not send the test', description: serverMessage(error), variant: 'destructive' }));
  const unsubscribe = (w: Webhook) => remove.mutateAsync(w.id)
    .catch((error: unknown) => toast({ title: 'Could not unsubscribe', description: serverMessage(error), variant: 'destructive' }));
  return (
    <Card aria-labelledby="webhooks-title">
      <CardHeader titleId="webhooks-title" title="Outbound webhooks" description="Tell other systems when leads change: signed posts, retried with backoff."
        action={<Button size="sm" onClick={() => setCreating(true)}><Plus aria-hidden className="size-4" />New webhook</Button>} />
      <CardContent className="py-1">
        <PagedList query={webhooks} items={(p) => p.webhooks} what="Webhooks" icon={<Send aria-hidden className="size-5" />}
          empty="No webhooks yet. Subscribe a URL to lead events to keep another system up to date.">
          {(rows) => (
            <ul aria-label="Webhooks" className="divide-y divide-border">
              {rows.map((w) => (
                <li key={w.id} aria-label={w.url} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="min-w-0 font-mono text-sm break-all text-foreground">{w.url}</p>
                      <Badge tone={w.active ? 'success' : 'outline'}>{w.active ? 'Active' : 'Unsubscribed'}</Badge>
                    </div>
                    <p className="text-xs text-muted">
                      {w.eventTypes.map((e) => EVENT_LABELS[e]).join(', ')} · {w.delivered} delivered{w.failing > 0 ? ` · ${w.failing} failing` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Button variant="secondary" size="sm" onClick={() => setLog(w)}>Delivery log</Button>
                    {w.active && <Button variant="ghost" size="sm" disabled={test.isPending} onClick={() => void sendTest(w)}>Send test</Button>}
                    {w.active && <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => void unsubscribe(w)}>Unsubscribe</Button>}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </CardContent>
      <WebhookDialog open={creating} onClose={() => setCreating(false)} />
      {log && <DeliveriesDialog webhook={log} onClose={() => setLog(null)} />}
    </Card>
  );
}
