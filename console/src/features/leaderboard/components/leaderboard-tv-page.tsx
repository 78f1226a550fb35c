import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Maximize, Minimize, X } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { standingsQuery, teamStandingsQuery } from '../api/leaderboard-queries';
import { PERIOD_LABELS, PERIODS, readPeriod } from '../tv-period';
import { useFullscreen } from '../use-fullscreen';
import { LiveIndicator } from './live-indicator';
import { TV_ROWS, TvRanking } from './tv-ranking';
import { TvTeamStandings } from './tv-team-standings';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/**
 * /leaderboard/tv: the floor's big screen. The live standings in large type, outside the shell
 * (no sidebar or top bar), still for signed-in users only. Standings refetch when the gateway
 * says they changed, and a row that moved flashes; the corner says whether it is live.
 */
export function LeaderboardTvPage() {
  const [search] = useSearchParams();
  const period = readPeriod(search);
  const agents = useQuery(standingsQuery(period, TV_ROWS));
  const teams = useQuery(teamStandingsQuery(period));
  const fullscreen = useFullscreen();
  const teamNames = new Map((teams.data ?? []).map((t) => [t.teamId, t.name]));
  const updatedAt = Math.max(agents.dataUpdatedAt, teams.dataUpdatedAt);
  const emptyText = period === 'all' ? 'No points on the board yet.' : `No points on the board yet ${PERIOD_LABELS[period].toLowerCase()}.`;

  return (
    // From 1024 px the board is exactly one screen (a TV never scrolls); smaller screens scroll.
    <div className="flex min-h-dvh flex-col bg-background px-4 py-4 sm:px-8 sm:py-6 lg:h-dvh lg:overflow-hidden lg:px-[4vh] lg:py-[3vh]">
      <title>Leaderboard TV · LeadFloor</title>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-4">
          <Logo compact className="[&_img]:size-12 lg:[&_img]:size-[6vh]" />
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-foreground lg:text-[4.6vh] lg:leading-tight">Leaderboard</h1>
            <p className="text-lg text-muted lg:text-[2.2vh]">{PERIOD_LABELS[period]}: points and sales</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 lg:gap-3">
          <nav aria-label="Period" className="flex gap-1 rounded-lg bg-surface-muted p-1">
            {PERIODS.map((p) => (
              <Link
                key={p}
                to={p === 'month' ? '/leaderboard/tv' : `/leaderboard/tv?period=${p}`}
                aria-current={p === period ? 'page' : undefined}
                className={cx(
                  'rounded-md px-3 py-1.5 text-sm font-medium lg:text-base',
                  p === period ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground',
                )}
              >
                {PERIOD_LABELS[p]}
              </Link>
            ))}
          </nav>
          <LiveIndicator />
          {fullscreen.supported && (
            <Button variant="secondary" size="icon" onClick={fullscreen.toggle} aria-label={fullscreen.active ? 'Leave full screen' : 'Full screen'}>
              {fullscreen.active ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
            </Button>
          )}
          <Link to="/" aria-label="Exit TV view" className={buttonClasses('ghost', 'icon')}>
            <X aria-hidden />
          </Link>
        </div>
      </header>

      <main className="mt-6 grid flex-1 content-start gap-6 lg:mt-[3vh] lg:min-h-0 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:content-stretch lg:gap-[4vh]">
        <section aria-labelledby="tv-agents-title" className="lg:flex lg:min-h-0 lg:flex-col">
          <h2 id="tv-agents-title" className="mb-3 text-xl font-semibold text-muted lg:mb-[1.5vh] lg:text-[2.6vh]">Agents</h2>
          {agents.isPending ? (
            <PanelLoading label="Loading the ranking" rows={6} />
          ) : agents.error ? (
            <PanelError error={agents.error} what="The ranking" onRetry={() => agents.refetch()} />
          ) : (
            <div className="lg:min-h-0 lg:flex-1">
              <TvRanking entries={agents.data} dataUpdatedAt={agents.dataUpdatedAt} teamNames={teamNames} emptyText={emptyText} />
            </div>
          )}
        </section>
        <section aria-labelledby="tv-teams-title">
          <h2 id="tv-teams-title" className="mb-3 text-xl font-semibold text-muted lg:mb-[1.5vh] lg:text-[2.6vh]">Teams</h2>
          {teams.isPending ? (
            <PanelLoading label="Loading the team standings" rows={2} />
          ) : teams.error ? (
            <PanelError error={teams.error} what="The team standings" onRetry={() => teams.refetch()} />
          ) : (
            <TvTeamStandings teams={teams.data} />
          )}
        </section>
      </main>

      {updatedAt > 0 && (
        <footer className="mt-6 text-sm text-muted lg:mt-[2vh] lg:text-[1.8vh]">Updated {timeFormat.format(updatedAt)}</footer>
      )}
    </div>
  );
}
