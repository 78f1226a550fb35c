import { ArrowDown, ArrowUp, Star, Trophy } from 'lucide-react';
import type { z } from 'zod';
import type { RankedEntrySchema } from '@leadfloor/contracts';
import { PanelEmpty } from '../../../components/panel-state';
import { UserAvatar } from '../../../components/user-avatar';
import { cx } from '../../../lib/cx';
import { formatCount } from '../../../lib/format-number';
import type { RankChange } from '../../../lib/rank-changes';
import { useRankChanges } from '../../../lib/use-rank-changes';
import { levelLabel } from '../../../lib/user-labels';

type Entry = z.infer<typeof RankedEntrySchema>;

// The podium, as the dashboard's card colours it.
const RANK_STYLES = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-300 text-orange-950'] as const;

type RowProps = { entry: Entry; team: string | undefined; change: RankChange | undefined; flashKey: number };

/**
 * One agent, readable from across the room. From 1024 px the rows share the screen's height
 * (type sized by it), so ten always fit a TV without scrolling. A row that just moved flashes
 * (keyed by the answer, so each move replays it).
 */
function TvRow({ entry, team, change, flashKey }: RowProps) {
  const Arrow = change === 'down' ? ArrowDown : ArrowUp;
  const sales = entry.salesCount === 1 ? 'sale' : 'sales';
  return (
    <li aria-label={entry.fullName} className="relative isolate flex min-h-0 items-center gap-4 rounded-2xl border border-border bg-surface px-4 py-3 shadow-xs lg:gap-[2.2vh] lg:px-[2.6vh] lg:py-0">
      {change && <span key={flashKey} aria-hidden className="absolute inset-0 -z-10 animate-[rank-flash_2.4s_ease-out_forwards] rounded-2xl" />}
      <span className="relative shrink-0">
        <span
          aria-label={`Rank ${entry.rank}`}
          className={cx(
            'flex size-12 items-center justify-center rounded-full text-2xl font-bold lg:size-[5.2vh] lg:text-[2.8vh]',
            RANK_STYLES[entry.rank - 1] ?? 'bg-surface-muted text-foreground',
          )}
        >
          {entry.rank}
        </span>
        {change && (
          <span key={`arrow-${flashKey}`} className="absolute -top-1 -right-2 flex size-6 animate-[rank-arrow_2.4s_ease-out_forwards] items-center justify-center rounded-full bg-surface shadow motion-reduce:animate-none">
            <Arrow aria-hidden className={cx('size-4', change === 'up' ? 'text-success' : 'text-destructive-text')} />
            <span className="sr-only">{change === 'up' ? 'Moved up' : 'Moved down'}</span>
          </span>
        )}
      </span>
      <UserAvatar fullName={entry.fullName} size="lg" className="hidden sm:inline-flex lg:size-[5vh] lg:text-[1.9vh]" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-xl leading-tight font-semibold text-foreground sm:text-2xl lg:text-[3vh] lg:leading-none">{entry.fullName}</p>
        <p className="flex items-center gap-1.5 truncate text-sm text-muted sm:text-base lg:mt-[0.7vh] lg:text-[1.7vh] lg:leading-none">
          {levelLabel(entry.level)} Level
          {entry.level === 'elite' && <Star aria-hidden className="size-4 shrink-0 fill-amber-400 text-amber-500 lg:size-[1.8vh]" />}
          {team && <span aria-hidden>·</span>}
          {team}
        </p>
      </div>
      <p className="hidden shrink-0 text-right whitespace-nowrap sm:block">
        <span className="text-2xl font-semibold text-foreground tabular-nums lg:text-[3.2vh]">{formatCount(entry.salesCount)}</span>
        <span className="ml-1.5 text-sm text-muted lg:text-[1.8vh]">{sales}</span>
      </p>
      <p className="min-w-24 shrink-0 text-right whitespace-nowrap lg:min-w-[17vh]">
        <span className="text-2xl font-bold text-primary-soft-foreground tabular-nums sm:text-3xl lg:text-[4.4vh]">{formatCount(entry.points)}</span>
        <span className="ml-1.5 text-sm text-muted lg:text-[1.8vh]">pts</span>
        <span className="block text-sm text-muted sm:hidden">{entry.salesCount} {sales}</span>
      </p>
    </li>
  );
}

/** How many agents the TV shows: ten rows share its height (the list's grid repeats this number). */
export const TV_ROWS = 10;

type TvRankingProps = { entries: Entry[]; dataUpdatedAt: number; teamNames: Map<number, string>; emptyText: string };

/** The agents' standings, live: each new answer is compared with the one before it. */
export function TvRanking({ entries, dataUpdatedAt, teamNames, emptyText }: TvRankingProps) {
  const moved = useRankChanges(entries.map((e) => e.id), dataUpdatedAt);
  if (entries.length === 0) return <PanelEmpty icon={<Trophy aria-hidden className="size-5" />}>{emptyText}</PanelEmpty>;
  return (
    <ol aria-label="Agent ranking" className="flex flex-col gap-2.5 lg:grid lg:h-full lg:grid-rows-[repeat(10,minmax(0,1fr))] lg:gap-[1.1vh]">
      {entries.map((entry) => (
        <TvRow
          key={entry.id}
          entry={entry}
          team={entry.teamId === null ? undefined : teamNames.get(entry.teamId)}
          change={moved.changes.get(entry.id)}
          flashKey={moved.at}
        />
      ))}
    </ol>
  );
}
