import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History, Star, Trophy } from 'lucide-react';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { AsOfBanner } from '../../../components/time-travel/as-of-banner';
import { TimeScrubber } from '../../../components/time-travel/time-scrubber';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { useAsOf } from '../../../lib/as-of';
import { cx } from '../../../lib/cx';
import { formatCount } from '../../../lib/format-number';
import { levelLabel } from '../../../lib/user-labels';
import { standingsQuery, teamListQuery, teamStandingsQuery, type RankingPeriod } from '../api/team-queries';

const PERIODS: { value: RankingPeriod; label: string }[] = [
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'all', label: 'All time' },
];

const SCRUBBER_ID = 'rankings-time-travel';

function Rank({ rank }: { rank: number }) {
  return (
    <span className={cx('flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums',
      rank <= 3 ? 'bg-primary text-primary-foreground' : 'bg-surface-muted text-foreground')}>
      {rank}
    </span>
  );
}

function Stat({ value, label }: { value: number; label: string }) {
  return <span className="text-right text-sm text-muted"><span className="font-semibold text-foreground tabular-nums">{formatCount(value)}</span> {label}</span>;
}

/** /team's Rankings tab: people of the floor or one team, and the teams, by the period's points then sales. */
export function TeamRankingsTab() {
  const [period, setPeriod] = useState<RankingPeriod>('month');
  const [teamId, setTeamId] = useState<number | null>(null);
  // Time travel (?asOf=): the rankings as they stood then, in the period that held that instant.
  const [asOf, setAsOf] = useAsOf();
  const [scrubbing, setScrubbing] = useState(false);
  const teams = useQuery(teamListQuery);
  const people = useQuery(standingsQuery(period, teamId, asOf));
  const teamRanks = useQuery(teamStandingsQuery(period, asOf));
  const periodLabel = PERIODS.find((p) => p.value === period)!.label.toLowerCase();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <div role="group" aria-label="Period" className="inline-flex gap-1 rounded-xl bg-surface-muted p-1">
          {PERIODS.map((p) => (
            <button key={p.value} type="button" aria-pressed={p.value === period} onClick={() => setPeriod(p.value)}
              className={cx('rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                p.value === period ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground')}>
              {p.label}
            </button>
          ))}
        </div>
        {!asOf && (
          <Button variant="secondary" className="sm:order-last sm:ml-auto" aria-expanded={scrubbing} aria-controls={SCRUBBER_ID} onClick={() => setScrubbing((s) => !s)}>
            <History aria-hidden />
            Time travel
          </Button>
        )}
        <FormField label="Ranking of" className="w-56">
          {(control) => (
            <Select {...control} value={teamId ?? ''} onChange={(e) => setTeamId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">The whole floor</option>
              {(teams.data ?? []).map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </Select>
          )}
        </FormField>
      </div>

      {asOf && <AsOfBanner asOf={asOf} onBackToLive={() => setAsOf(null)} />}
      <div id={SCRUBBER_ID} hidden={!scrubbing && !asOf}>
        {(scrubbing || asOf) && <TimeScrubber asOf={asOf} onChange={setAsOf} />}
      </div>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card aria-labelledby="people-ranking-title">
          <CardHeader titleId="people-ranking-title" title="Top performers"
            description={`${teamId === null ? 'The floor' : teams.data?.find((t) => t.id === teamId)?.name ?? 'The team'}, ${periodLabel}`} />
          <CardContent>
            {people.isPending ? <PanelLoading label="Loading rankings" rows={5} /> : people.error ? (
              <PanelError error={people.error} what="Rankings" onRetry={() => people.refetch()} />
            ) : people.data.length === 0 ? (
              <PanelEmpty icon={<Trophy aria-hidden className="size-5" />}>No points or sales {periodLabel} yet.</PanelEmpty>
            ) : (
              <ol aria-label="Top performers" className="divide-y divide-border">
                {people.data.map((e) => (
                  <li key={e.id} className="flex items-center gap-3 py-2.5">
                    <Rank rank={e.rank} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-foreground">{e.fullName}</p>
                      <p className="text-xs text-muted">
                        {e.level === 'elite' && <Star aria-hidden className="mr-1 inline size-3 fill-current text-warning" />}
                        {levelLabel(e.level)} Level
                      </p>
                    </div>
                    <div className="flex flex-col items-end sm:flex-row sm:gap-4">
                      <Stat value={e.points} label="pts" />
                      <Stat value={e.salesCount} label={e.salesCount === 1 ? 'sale' : 'sales'} />
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>

        <Card aria-labelledby="team-ranking-title">
          <CardHeader titleId="team-ranking-title" title="Teams" description={`By their members' points, ${periodLabel}`} />
          <CardContent>
            {teamRanks.isPending ? <PanelLoading label="Loading team rankings" rows={3} /> : teamRanks.error ? (
              <PanelError error={teamRanks.error} what="Team rankings" onRetry={() => teamRanks.refetch()} />
            ) : teamRanks.data.length === 0 ? <PanelEmpty>No teams yet.</PanelEmpty> : (
              <ol aria-label="Team rankings" className="divide-y divide-border">
                {teamRanks.data.map((t) => (
                  <li key={t.teamId} className="flex items-center gap-3 py-2.5">
                    <Rank rank={t.rank} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-foreground">{t.name}</p>
                      <p className="text-xs text-muted">{t.members} {t.members === 1 ? 'member' : 'members'}</p>
                    </div>
                    <div className="flex flex-col items-end">
                      <Stat value={t.points} label="pts" />
                      <Stat value={t.salesCount} label={t.salesCount === 1 ? 'sale' : 'sales'} />
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
