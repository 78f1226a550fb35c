import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { History, Maximize, Minimize, X } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { AsOfBanner } from '../../../components/time-travel/as-of-banner';
import { TimeScrubber } from '../../../components/time-travel/time-scrubber';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useAsOf } from '../../../lib/as-of';
import { cx } from '../../../lib/cx';
import { standingsQuery, teamStandingsQuery } from '../api/leaderboard-queries';
import { PERIOD_LABELS, PERIODS, readPeriod, type Period } from '../tv-period';
import { useFullscreen } from '../use-fullscreen';
import { LiveIndicator } from './live-indicator';
import { TV_ROWS, TvRanking } from './tv-ranking';
import { TvTeamStandings } from './tv-team-standings';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });
const SCRUBBER_ID = 'tv-time-travel';

/** A period's address, keeping the instant shown when the board is in the past. */
const periodLink = (p: Period, asOf: string | null) => {
  const params = new URLSearchParams();
  if (p !== 'month') params.set('period', p);
  if (asOf) params.set('asOf', asOf);
  const query = params.toString();
  return `/leaderboard/tv${query ? `?${query}` : ''}`;
};

/**
 * /leaderboard/tv: the floor's big screen. The live standings in large type, outside the shell
 * (no sidebar or top bar), still for signed-in users only. Standings refetch when the gateway
 * says they changed, and a row that moved flashes; the corner says whether it is live.
 */
export function LeaderboardTvPage() {
  const [search] = useSearchParams();
  const period = readPeriod(search);
  // Time travel (?asOf=): the board as it stood then, for the period that held that instant.
  const [asOf, setAsOf] = useAsOf();
  const [scrubbing, setScrubbing] = useState(false);
  const agents = useQuery(standingsQuery(period, TV_ROWS, asOf));
  const teams = useQuery(teamStandingsQuery(period, asOf));
  const fullscreen = useFullscreen();
  const teamNames = new Map((teams.data ?? []).map((t) => [t.teamId, t.name]));
  const updatedAt = Math.max(agents.dataUpdatedAt, teams.dataUpdatedAt);
  const emptyText = period === 'all' ? 'No points on the board yet.' : `No points on the board yet ${PERIOD_LABELS[period].toLowerCase()}.`;

  return (
    // From 1024 px the board is exactly one screen (a TV never scrolls); smaller screens scroll.
    // With the scrubber open the board scrolls instead: squeezed into one screen its rows would overlap.
    <div className={cx('flex min-h-dvh flex-col bg-background px-4 py-4 sm:px-8 sm:py-6 lg:px-[4vh] lg:py-[3vh]', !(scrubbing || asOf) && 'lg:h-dvh lg:overflow-hidden')}>
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
                to={periodLink(p, asOf)}
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
          {asOf ? <span className="rounded-full bg-warning-soft px-3 py-1 text-sm font-medium text-warning-soft-foreground">Past</span> : <LiveIndicator />}
          {!asOf && (
            <Button variant="secondary" aria-expanded={scrubbing} aria-controls={SCRUBBER_ID} onClick={() => setScrubbing((s) => !s)}>
              <History aria-hidden />
              Time travel
            </Button>
          )}
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

      {asOf && <AsOfBanner asOf={asOf} onBackToLive={() => setAsOf(null)} className="mt-4" />}
      <div id={SCRUBBER_ID} hidden={!scrubbing && !asOf}>
        {(scrubbing || asOf) && <TimeScrubber asOf={asOf} onChange={setAsOf} className="mt-4" />}
      </div>

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
