import { useInfiniteQuery } from '@tanstack/react-query';
import type { AnalyticsFilters } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatCents } from '../../../lib/dollars';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { agentAnalyticsQuery } from '../api/analytics-queries';
import { durationLabel } from '../duration-label';
import { Figure } from './explain-context';
import { headClass, num, rowHead, tableClass, td, th } from './table-styles';

const COUNTS = [['leads', 'created'], ['contacted', 'contacted'], ['qualified', 'qualified'], ['sold', 'sold'], ['lost', 'lost']] as const;

/** The per-agent table (GET /api/analytics/agents): each agent's leads, how far they got, revenue and speed to contact. */
export function AgentTableCard({ filters }: { filters: AnalyticsFilters }) {
  const q = useInfiniteQuery(agentAnalyticsQuery(filters));
  const rows = q.data?.pages.flatMap((p) => p.agents) ?? [];
  return (
    <Card aria-labelledby="agents-title" className="overflow-hidden">
      <CardHeader titleId="agents-title" title="Agents" description="The leads each agent works now, with these filters" />
      <CardContent className="px-0 pb-0">
        {q.isPending ? <div className="px-5 pb-4"><PanelLoading label="Loading agents" /></div>
          : q.isError ? <PanelError error={q.error} what="Agent analytics" onRetry={() => void q.refetch()} />
          : rows.length === 0 ? <PanelEmpty>No agent works a lead that matches these filters.</PanelEmpty>
          : (
            <div className="overflow-x-auto">
              <table className={tableClass}>
                <caption className="sr-only">Agents</caption>
                <thead className={headClass}>
                  <tr>
                    <th scope="col" className={`${th} text-left`}>Agent</th>
                    <th scope="col" className={num}>Leads</th><th scope="col" className={num}>Contacted</th><th scope="col" className={num}>Qualified</th>
                    <th scope="col" className={num}>Sold</th><th scope="col" className={num}>Lost</th><th scope="col" className={num}>Win rate</th>
                    <th scope="col" className={num}>Revenue</th><th scope="col" className={num}>To first contact</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {rows.map((a) => (
                    <tr key={a.userId}>
                      <th scope="row" className={rowHead}>
                        {a.fullName}
                        {a.teamName && <span className="block text-xs font-normal text-muted">{a.teamName}</span>}
                      </th>
                      {COUNTS.map(([k, figure]) => (
                        <td key={k} className={td}>
                          <Figure value={formatCount(a[k])} title={`${a.fullName}: ${k === 'leads' ? 'leads' : `${k} leads`}`} request={{ ...filters, agentId: a.userId, figure }} />
                        </td>
                      ))}
                      <td className={td}>{a.winRate === null ? '—' : formatPercent(a.winRate)}</td>
                      <td className={td}>{formatCents(a.revenueCents)}</td>
                      <td className={td}>{durationLabel(a.medianSecondsToContact)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        {q.hasNextPage && (
          <div className="flex justify-center border-t border-border p-3">
            <Button variant="secondary" size="sm" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
              {q.isFetchingNextPage ? 'Loading…' : 'Show more agents'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
