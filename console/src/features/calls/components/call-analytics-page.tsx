import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { List } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCount } from '../../../lib/format-number';
import { callTrendsQuery, teamsQuery, usersQuery } from '../api/call-queries';
import { formatDuration } from '../call-duration';
import { teamMembersOf } from '../call-labels';
import { averageDuration, combineTrends, connectedRate, MEASURES, PERIODS, readTrendParams, writeTrendParams } from '../call-trends';
import { AgentComparison } from './agent-comparison';
import { CallScriptCard } from './call-script-card';
import { RankedPhrases } from './ranked-phrases';
import { ResultBreakdown } from './result-breakdown';
import { TrendChart } from './trend-chart';
import { WeekTable } from './week-table';

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4 shadow-xs">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-foreground tabular-nums">{value}</dd>
      {note && <dd className="mt-0.5 text-xs text-muted">{note}</dd>}
    </div>
  );
}

/**
 * /call-analytics: the last weeks of calls (GET /api/call-analytics): headline figures, a
 * chart per measure week by week (with the same figures as a table), agents compared, how
 * calls ended, what customers said, and the call script the figures are measured against.
 */
export function CallAnalyticsPage() {
  const { user } = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const { weeks, agent } = readTrendParams(search);
  const set = (next: Partial<{ weeks: number; agent: number | null }>) => setSearch(writeTrendParams({ weeks, agent, ...next }), { replace: true });
  const lead = user !== null && user.role !== 'agent';
  const users = useQuery({ ...usersQuery, enabled: lead });
  const teams = useQuery({ ...teamsQuery, enabled: lead });
  const people = useMemo(() => (user && users.data && teams.data ? teamMembersOf(user, users.data, teams.data) : []), [user, users.data, teams.data]);
  const trends = useQuery(callTrendsQuery({ weeks, ...(agent ? { userId: agent } : {}) }));
  const data = trends.data;
  const total = useMemo(() => (data ? combineTrends(data.weeks) : null), [data]);

  return (
    <>
      <PageHeader
        heading="Call Analytics"
        subheading={lead ? "How your teams' calls go, week by week" : 'How your calls go, week by week'}
        actions={<Link to="/calls" className={buttonClasses('secondary')}><List aria-hidden />Call log</Link>}
      />
      <div className="mb-4 grid grid-cols-2 gap-3 sm:flex">
        <FormField label="Period" className="sm:w-44">
          {(c) => (
            <Select {...c} value={weeks} onChange={(e) => set({ weeks: Number(e.target.value) })}>
              {PERIODS.map((p) => <option key={p} value={p}>Last {p} weeks</option>)}
            </Select>
          )}
        </FormField>
        {people.length > 0 && (
          <FormField label="Agent" className="sm:w-56">
            {(c) => (
              <Select {...c} value={agent ?? ''} onChange={(e) => set({ agent: e.target.value ? Number(e.target.value) : null })}>
                <option value="">Everyone</option>
                {people.map((p) => <option key={p.id} value={p.id}>{p.fullName}</option>)}
              </Select>
            )}
          </FormField>
        )}
      </div>
      {trends.isPending ? (
        <Card><CardContent><PanelLoading label="Loading call analytics" rows={5} /></CardContent></Card>
      ) : trends.error || !data || !total ? (
        <Card><CardContent><PanelError error={trends.error} what="Call analytics" onRetry={() => void trends.refetch()} /></CardContent></Card>
      ) : (
        <div className="flex flex-col gap-6">
          <section aria-labelledby="period-title">
            <h2 id="period-title" className="sr-only">{`The last ${weeks} weeks at a glance`}</h2>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
              <Tile label="Calls" value={formatCount(total.calls)} note={`${formatCount(total.analyzedCalls)} analysed`} />
              <Tile label="Connected rate" value={connectedRate(total) === null ? '—' : `${connectedRate(total)}%`} note={`${formatCount(total.connectedCalls)} connected`} />
              <Tile label="Avg. sentiment" value={total.averageSentimentScore === null ? '—' : total.averageSentimentScore.toFixed(1)} note="out of 10" />
              <Tile label="Avg. script adherence" value={total.averageScriptAdherence === null ? '—' : `${total.averageScriptAdherence}%`} note="of the checkpoints" />
              <Tile label="Avg. talk time" value={formatDuration(averageDuration(total))} note={`${formatDuration(total.totalDurationSeconds)} in all`} />
            </dl>
          </section>

          <Card aria-labelledby="weekly-trends-title">
            <CardHeader titleId="weekly-trends-title" title="Weekly trends" description={`Weeks start on Monday (${data.timeZone})`} />
            <CardContent className="grid grid-cols-1 gap-x-8 gap-y-6 lg:grid-cols-2">
              <TrendChart weeks={data.weeks} measure={MEASURES.calls} kind="bars" />
              <TrendChart weeks={data.weeks} measure={MEASURES.connectedRate} kind="line" />
              <TrendChart weeks={data.weeks} measure={MEASURES.sentiment} kind="line" />
              <TrendChart weeks={data.weeks} measure={MEASURES.adherence} kind="line" />
            </CardContent>
          </Card>

          <Card aria-labelledby="week-table-title" className="overflow-hidden">
            <CardHeader titleId="week-table-title" title="Week by week" description="The charts' figures, latest week first" />
            <CardContent className="px-0 pb-0"><WeekTable weeks={data.weeks} /></CardContent>
          </Card>

          {lead && !agent && data.agents.length > 0 && (
            <Card aria-labelledby="agents-title">
              <CardHeader titleId="agents-title" title="Agents compared" description={`Over the last ${weeks} weeks`} />
              <CardContent><AgentComparison agents={data.agents} meId={user?.id} /></CardContent>
            </Card>
          )}

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <Card aria-labelledby="results-title">
              <CardHeader titleId="results-title" title="How calls ended" />
              <CardContent><ResultBreakdown results={data.results} /></CardContent>
            </Card>
            <Card aria-labelledby="signals-title">
              <CardHeader titleId="signals-title" title="Buying signals heard" description="On the most calls" />
              <CardContent><RankedPhrases items={data.buyingSignals} label="Buying signals" empty="No buying signals heard in this period." /></CardContent>
            </Card>
            <Card aria-labelledby="objections-title">
              <CardHeader titleId="objections-title" title="Objections heard" description="On the most calls" />
              <CardContent><RankedPhrases items={data.objections} label="Objections" empty="No objections heard in this period." /></CardContent>
            </Card>
          </div>
        </div>
      )}
      {user && <div className="mt-6"><CallScriptCard me={user} /></div>}
    </>
  );
}
