import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AlertTriangle, History, Link2 } from 'lucide-react';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useConnectCrm, useDisconnectCrm, useSyncNow } from '../api/integration-mutations';
import { crmQuery, syncLogQuery } from '../api/integration-queries';
import { PagedList } from './paged-list';

const STATUS = { connected: { label: 'Connected', tone: 'success' }, disconnected: { label: 'Disconnected', tone: 'outline' }, error: { label: 'Needs reconnecting', tone: 'destructive' } } as const;

function SyncLog() {
  const log = useInfiniteQuery(syncLogQuery('hubspot'));
  return (
    <PagedList query={log} items={(p) => p.entries} what="Sync log" icon={<History aria-hidden className="size-5" />} empty="No syncs yet.">
      {(rows) => (
        <ul aria-label="Sync log" className="divide-y divide-border">
          {rows.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <div className="min-w-0">
                <p className="text-sm text-foreground">{e.trigger === 'sync_now' ? 'Sync now' : 'Lead change'} · {e.leadCount} lead{e.leadCount === 1 ? '' : 's'}</p>
                <p className="text-xs text-muted">{formatDateTime(e.finishedAt)}</p>
                {e.error && <p className="text-xs text-destructive">{e.error}</p>}
              </div>
              <Badge tone={e.status === 'ok' ? 'success' : 'destructive'}>{e.status === 'ok' ? 'Synced' : 'Failed'}</Badge>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** HubSpot: connect (OAuth), status, last sync, "Sync now", the sync log, disconnect; or how to configure it. */
export function CrmCard() {
  const crm = useQuery(crmQuery);
  const connect = useConnectCrm();
  const disconnect = useDisconnectCrm();
  const sync = useSyncNow();
  const [showLog, setShowLog] = useState(false);
  const hubspot = crm.data?.providers.find((p) => p.provider === 'hubspot');
  const c = hubspot?.connection ?? null;
  const live = c && c.status !== 'disconnected';
  const start = () => connect.mutateAsync('hubspot').then(({ authorizeUrl }) => window.location.assign(authorizeUrl),
    (error: unknown) => toast({ title: 'Could not start connecting', description: serverMessage(error), variant: 'destructive' }));
  const syncNow = () => sync.mutateAsync('hubspot').then((r) => toast({ title: 'Synced to HubSpot', description: `${r.leadCount} leads: ${r.created} new contacts, ${r.updated} updated.` }),
    (error: unknown) => toast({ title: 'Sync failed', description: serverMessage(error), variant: 'destructive' }));
  return (
    <Card aria-labelledby="crm-title">
      <CardHeader titleId="crm-title" title="CRM connections" description="Push LeadFloor's leads to your CRM as contacts, when they are made or edited, and on demand." />
      <CardContent className="flex flex-col gap-4">
        {crm.isPending ? <PanelLoading label="Loading connections" rows={1} /> : crm.error ? (
          <PanelError error={crm.error} what="Connections" onRetry={() => void crm.refetch()} />
        ) : (
          <section aria-label="HubSpot" className="flex flex-col gap-3 rounded-xl border border-border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex items-center gap-2">
                <Link2 aria-hidden className="size-4 text-muted" />
                <h3 className="font-medium text-foreground">HubSpot</h3>
                <Badge tone={STATUS[c?.status ?? 'disconnected'].tone}>{STATUS[c?.status ?? 'disconnected'].label}</Badge>
              </div>
              {hubspot?.configured && (
                <div className="flex flex-wrap gap-1">
                  {c?.status === 'connected' && <Button size="sm" disabled={sync.isPending} onClick={() => void syncNow()}>{sync.isPending ? 'Syncing...' : 'Sync now'}</Button>}
                  {c?.status !== 'connected' && <Button size="sm" disabled={connect.isPending} onClick={() => void start()}>{c?.status === 'error' ? 'Reconnect' : 'Connect HubSpot'}</Button>}
                  {live && <Button variant="ghost" size="sm" disabled={disconnect.isPending} onClick={() => void disconnect.mutateAsync('hubspot').catch(() => {})}>Disconnect</Button>}
                </div>
              )}
            </div>
            {!hubspot?.configured ? (
              <p className="text-sm text-muted">
                HubSpot is not configured on this floor. An administrator creates a HubSpot app, then sets <code>HUBSPOT_CLIENT_ID</code> and{' '}
                <code>HUBSPOT_CLIENT_SECRET</code> (and its redirect URL, <code>{window.location.origin}/integrations/hubspot/callback</code>) and restarts LeadFloor.
              </p>
            ) : c?.status === 'error' ? (
              <p role="alert" className="flex items-start gap-2 rounded-lg bg-destructive-soft p-3 text-sm text-destructive-soft-foreground">
                <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />{c.error ?? 'HubSpot no longer accepts LeadFloor. Reconnect to resume syncing.'}
              </p>
            ) : (
              <p className="text-sm text-muted">
                {c?.status === 'connected'
                  ? `Connected ${formatDateTime(c.connectedAt)} · ${c.lastSyncedAt ? `last sync ${formatDateTime(c.lastSyncedAt)}` : 'not synced yet'}`
                  : 'Connect to push every new or edited lead to HubSpot as a contact (matched by email).'}
              </p>
            )}
            {c && (
              <div>
                <Button variant="link" size="sm" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>{showLog ? 'Hide sync log' : 'Show sync log'}</Button>
                {showLog && <SyncLog />}
              </div>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
