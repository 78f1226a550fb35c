import { useInfiniteQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import type { InboundSource } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { Dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format-date';
import { inboxQuery } from '../api/integration-queries';
import { PagedList } from './paged-list';

const STATE = { received: { label: 'Queued', tone: 'neutral' }, created: { label: 'Lead created', tone: 'success' }, failed: { label: 'Failed', tone: 'destructive' } } as const;

/** A source's received leads, newest first: what arrived, and whether it became a lead (and which). */
export function InboxDialog({ source, onClose }: { source: InboundSource; onClose: () => void }) {
  const inbox = useInfiniteQuery(inboxQuery(source.id));
  return (
    <Dialog open onClose={onClose} title={`Deliveries: ${source.name}`} description="Leads this source sent, newest first." maxWidth="max-w-[640px]">
      <PagedList query={inbox} items={(p) => p.entries} what="Deliveries" icon={<Inbox aria-hidden className="size-5" />} empty="Nothing received yet. Send the sample request to try it.">
        {(rows) => (
          <ul aria-label="Received leads" className="divide-y divide-border">
            {rows.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-foreground">{e.name || 'Unnamed lead'}</p>
                  <p className="truncate text-xs text-muted">{formatDateTime(e.receivedAt)} · id {e.externalId.startsWith('sha256:') ? 'from the body' : e.externalId}</p>
                  {e.error && <p className="text-xs text-destructive">{e.error}</p>}
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={STATE[e.state].tone}>{STATE[e.state].label}</Badge>
                  {e.leadId !== null && <Link to={`/leads/${e.leadId}`} className="text-sm text-primary-soft-foreground hover:underline">Lead #{e.leadId}</Link>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Dialog>
  );
}
