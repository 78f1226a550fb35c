import { Link } from 'react-router';
import { AvailableLink } from '../../../components/available-link';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Star, Trophy, Tv } from 'lucide-react';
import type { z } from 'zod';
import type { LeaderboardEntrySchema } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { UserAvatar } from '../../../components/user-avatar';
import { useCurrentUser } from '../../../lib/current-user';
import { cx } from '../../../lib/cx';
import { formatCount } from '../../../lib/format-number';
import type { RankChange } from '../../../lib/rank-changes';
import { useRankChanges } from '../../../lib/use-rank-changes';
import { levelLabel } from '../../../lib/user-labels';
import { leaderboardQuery } from '../api/dashboard-queries';

// Spec 9: top 4 shown, the top 3 highlighted.
const SHOWN = 4;
const RANK_STYLES = [
  'bg-amber-400 text-amber-950',
  'bg-slate-300 text-slate-900',
  'bg-orange-300 text-orange-950',
] as const;

type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;
type RowProps = { entry: LeaderboardEntry; rank: number; isMe: boolean; change: RankChange | undefined; flashKey: number };

/** One standing; a row that just moved flashes (keyed by the answer, so each move replays it). */
function LeaderboardRow({ entry, rank, isMe, change, flashKey }: RowProps) {
  const Arrow = change === 'down' ? ArrowDown : ArrowUp;
  return (
    <li className={cx('relative isolate flex items-center gap-3 rounded-lg px-2 py-2', isMe && 'bg-primary-soft/60')}>
      {change && <span key={flashKey} aria-hidden className="absolute inset-0 -z-10 animate-[rank-flash_2.4s_ease-out_forwards] rounded-lg" />}
      <span
        aria-label={`Rank ${rank}`}
        className={cx('flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold', RANK_STYLES[rank - 1] ?? 'bg-surface-muted text-muted')}
      >
        {rank}
      </span>
      {change && (
        <span key={`arrow-${flashKey}`} className="absolute top-0.5 left-7 flex size-4 animate-[rank-arrow_2.4s_ease-out_forwards] items-center justify-center rounded-full bg-surface shadow-xs motion-reduce:animate-none">
          <Arrow aria-hidden className={cx('size-3', change === 'up' ? 'text-success' : 'text-destructive-text')} />
          <span className="sr-only">{change === 'up' ? 'Moved up' : 'Moved down'}</span>
        </span>
      )}
      <UserAvatar fullName={entry.fullName} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-foreground">
          {entry.fullName}
          {isMe && <span className="text-muted"> (you)</span>}
        </p>
        <p className="flex items-center gap-1 text-xs text-muted">
          {levelLabel(entry.level)} Level
          {entry.level === 'elite' && <Star aria-hidden className="size-3 fill-amber-400 text-amber-500" />}
        </p>
      </div>
      <div className="text-right">
        <p className="text-sm font-semibold text-foreground">{formatCount(entry.points)} pts</p>
        <p className="text-xs text-muted">{entry.salesCount} {entry.salesCount === 1 ? 'sale' : 'sales'}</p>
      </div>
    </li>
  );
}

/** Spec 2.5's leaderboard panel. */
export function LeaderboardCard() {
  const { data, isPending, error, refetch, dataUpdatedAt } = useQuery(leaderboardQuery);
  const { user } = useCurrentUser();
  const moved = useRankChanges(data?.map((e) => e.id), dataUpdatedAt);
  const entries = (data ?? []).slice(0, SHOWN);
  return (
    <Card aria-labelledby="leaderboard-title">
      <CardHeader titleId="leaderboard-title" title="Leaderboard" description="Top performers this month" action={<Trophy aria-hidden className="size-5 text-amber-500" />} />
      <CardContent>
        {isPending ? (
          <PanelLoading label="Loading leaderboard" rows={4} />
        ) : error ? (
          <PanelError error={error} what="Leaderboard" onRetry={() => refetch()} />
        ) : entries.length === 0 ? (
          <PanelEmpty icon={<Trophy aria-hidden className="size-5" />}>No leaderboard data available yet.</PanelEmpty>
        ) : (
          <ol className="flex flex-col gap-1">
            {entries.map((entry, index) => (
              <LeaderboardRow key={entry.id} entry={entry} rank={index + 1} isMe={entry.id === user?.id} change={moved.changes.get(entry.id)} flashKey={moved.at} />
            ))}
          </ol>
        )}
      </CardContent>
      <CardFooter className="justify-between gap-3">
        <AvailableLink to="/team" className="font-medium text-primary-soft-foreground hover:underline">View all rankings</AvailableLink>
        {/* The floor's big screen: the same standings, live, outside the shell. */}
        <Link to="/leaderboard/tv" className="inline-flex items-center gap-1.5 font-medium text-primary-soft-foreground hover:underline">
          <Tv aria-hidden className="size-4" />
          TV view
        </Link>
      </CardFooter>
    </Card>
  );
}
