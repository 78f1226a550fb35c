import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus, Webhook } from 'lucide-react';
import type { InboundSource } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useSetLeadSourceEnabled } from '../api/integration-mutations';
import { leadSourcesQuery } from '../api/integration-queries';
import { InboxDialog } from './inbox-dialog';
import { PagedList } from './paged-list';
import { SourceDialog } from './source-dialog';

/** Inbound lead sources: each a secret URL other systems post leads to. */
export function LeadSourcesCard() {
  const sources = useInfiniteQuery(leadSourcesQuery());
  const setEnabled = useSetLeadSourceEnabled();
  const [dialog, setDialog] = useState<{ rotating: InboundSource | null } | null>(null);
  const [inbox, setInbox] = useState<InboundSource | null>(null);
  const toggle = (s: InboundSource) => setEnabled.mutateAsync({ id: s.id, enabled: !s.enabled })
    .catch((error: unknown) => toast({ title: 'Could not change the source', description: serverMessage(error), variant: 'destructive' }));
  return (
    <Card aria-labelledby="lead-sources-title">
      <CardHeader titleId="lead-sources-title" title="Inbound lead sources"
        description="Web forms, Zapier and ad platforms push leads to a source's URL; each becomes a lead of the pool."
        action={<Button size="sm" onClick={() => setDialog({ rotating: null })}><Plus aria-hidden className="size-4" />New source</Button>} />
      <CardContent className="py-1">
        <PagedList query={sources} items={(p) => p.sources} what="Lead sources" icon={<Webhook aria-hidden className="size-5" />}
          empty="No lead sources yet. Create one to get a URL your forms can post leads to.">
          {(rows) => (
            <ul aria-label="Lead sources" className="divide-y divide-border">
              {rows.map((s) => (
                <li key={s.id} aria-label={s.name} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="truncate font-medium text-foreground">{s.name}</p>
                      <Badge tone={s.enabled ? 'success' : 'outline'}>{s.enabled ? 'Active' : 'Disabled'}</Badge>
                      {s.signed && <Badge tone="primary">Signed</Badge>}
                    </div>
                    <p className="text-xs text-muted">
                      {s.received} received · {s.created} created{s.failed > 0 ? ` · ${s.failed} failed` : ''}
                      {s.lastReceivedAt ? ` · last ${formatDateTime(s.lastReceivedAt)}` : ''}
                      {s.rotatedAt ? ` · URL rotated ${formatDateTime(s.rotatedAt)}` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Button variant="secondary" size="sm" onClick={() => setInbox(s)}>Deliveries</Button>
                    <Button variant="ghost" size="sm" onClick={() => setDialog({ rotating: s })}>Rotate</Button>
                    <Button variant="ghost" size="sm" disabled={setEnabled.isPending} onClick={() => void toggle(s)}>{s.enabled ? 'Disable' : 'Enable'}</Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </CardContent>
      <SourceDialog key={dialog?.rotating?.id ?? 'new'} open={dialog !== null} rotating={dialog?.rotating ?? null} onClose={() => setDialog(null)} />
      {inbox && <InboxDialog source={inbox} onClose={() => setInbox(null)} />}
    </Card>
  );
}
