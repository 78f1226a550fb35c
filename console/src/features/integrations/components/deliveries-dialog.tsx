import { useInfiniteQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { Webhook, WebhookDelivery } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { Dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format-date';
import { deliveriesQuery } from '../api/integration-queries';
import { EVENT_LABELS } from '../signing-snippets';
import { PagedList } from './paged-list';

const STATUS = {
  pending: { label: 'Pending', tone: 'neutral' }, delivered: { label: 'Delivered', tone: 'success' },
  retrying: { label: 'Retrying', tone: 'warning' }, failed: { label: 'Failed', tone: 'destructive' },
} as const;

function detail(d: WebhookDelivery) {
  const parts = [`${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`];
  if (d.lastStatusCode !== null) parts.push(`HTTP ${d.lastStatusCode}`);
  if (d.nextRetryAt) parts.push(`next try ${formatDateTime(d.nextRetryAt)}`);
  return parts.join(' · ');
}

/** A webhook's delivery log, newest first: status, attempts, last answer, next retry. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = useInfiniteQuery(deliveriesQuery(webhook.id));
  return (
    <Dialog open onClose={onClose} title="Delivery log" description={webhook.url} maxWidth="max-w-[640px]">
      <PagedList query={deliveries} items={(p) => p.deliveries} what="Deliveries" icon={<Send aria-hidden className="size-5" />}
        empty="No deliveries yet. Send a test, or wait for a subscribed lead event.">
        {(rows) => (
          <ul aria-label="Deliveries" className="divide-y divide-border">
            {rows.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-foreground">{EVENT_LABELS[d.eventType] ?? d.eventType}</p>
                  <p className="text-xs text-muted">{formatDateTime(d.createdAt)} · {detail(d)}</p>
                  {d.lastError && d.status !== 'delivered' && <p className="text-xs text-destructive">{d.lastError}</p>}
                </div>
                <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Dialog>
  );
}
