import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ExternalLink, Filter, Plus } from 'lucide-react';
import type { FunnelSummary } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { funnelListQuery } from '../api/funnel-queries';
import { FunnelStatusBadge } from './funnel-status-badge';
import { NewFunnelDialog } from './new-funnel-dialog';

const th = 'px-3 py-2 text-left text-xs font-medium tracking-wide whitespace-nowrap text-muted uppercase';
const num = `${th} text-right`;
const td = 'px-3 py-3 text-right tabular-nums';

/** /funnels: every funnel I build (a manager: the floor's), with how each is doing. */
export function FunnelsPage() {
  const [creating, setCreating] = useState(false);
  const list = useQuery(funnelListQuery());
  const funnels = list.data?.funnels ?? [];
  return (
    <>
      <PageHeader
        heading="Lead Funnels"
        subheading="Pages that turn visitors into leads in your pool"
        actions={<Button onClick={() => setCreating(true)}><Plus aria-hidden />New funnel</Button>}
      />
      <Card>
        {list.isPending ? (
          <CardContent><PanelLoading label="Loading funnels" rows={4} /></CardContent>
        ) : list.isError ? (
          <CardContent><PanelError error={list.error} what="Funnels" onRetry={() => void list.refetch()} /></CardContent>
        ) : funnels.length === 0 ? (
          <CardContent>
            <PanelEmpty icon={<Filter aria-hidden className="size-5" />}>No funnels yet. Create one, add its steps and publish it: its form fills your lead pool.</PanelEmpty>
          </CardContent>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Funnels</caption>
              <thead className="border-b border-border bg-surface-muted/60">
                <tr>
                  <th scope="col" className={th}>Funnel</th>
                  <th scope="col" className={th}>Status</th>
                  <th scope="col" className={num}>Steps</th>
                  <th scope="col" className={num}>Leads</th>
                  <th scope="col" className={num}>Conversion</th>
                  <th scope="col" className={th}>Last published</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {funnels.map((f) => <FunnelRow key={f.id} funnel={f} />)}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <NewFunnelDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function FunnelRow({ funnel }: { funnel: FunnelSummary }) {
  return (
    <tr>
      <th scope="row" className="min-w-48 px-3 py-3 text-left font-normal">
        <Link to={`/funnels/${funnel.id}`} className="font-medium text-foreground hover:underline">{funnel.name}</Link>
        <span className="block text-xs text-muted">/p/{funnel.slug}{funnel.ownerName ? ` · ${funnel.ownerName}` : ''}</span>
      </th>
      <td className="px-3 py-3"><FunnelStatusBadge status={funnel.status} /></td>
      <td className={td}>{formatCount(funnel.steps)}</td>
      <td className={td}>{formatCount(funnel.leads)}</td>
      <td className={td}>{funnel.conversionPercent === null ? '—' : formatPercent(funnel.conversionPercent)}</td>
      <td className="px-3 py-3 whitespace-nowrap text-muted">
        {funnel.lastPublishedAt ? formatDateTime(funnel.lastPublishedAt) : 'Not yet'}
        {funnel.publishedUrl && funnel.status === 'active' && (
          <a href={funnel.publishedUrl} target="_blank" rel="noreferrer" className="ml-2 inline-flex items-center text-primary-soft-foreground hover:underline" aria-label={`Open ${funnel.name}'s live page`}>
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
        )}
      </td>
    </tr>
  );
}
