import { Users } from 'lucide-react';
import type { z } from 'zod';
import type { TeamStandingsSchema } from '@leadfloor/contracts';
import { PanelEmpty } from '../../../components/panel-state';
import { formatCount } from '../../../lib/format-number';
import { barShare } from '../tv-period';

type Teams = z.infer<typeof TeamStandingsSchema>;

/** The teams, ranked by their members' points, each with a bar measured against the leader. */
export function TvTeamStandings({ teams }: { teams: Teams }) {
  if (teams.length === 0) return <PanelEmpty icon={<Users aria-hidden className="size-5" />}>No teams on the floor yet.</PanelEmpty>;
  const leader = teams[0]?.points ?? 0;
  return (
    <ol aria-label="Team standings" className="flex flex-col gap-3 lg:gap-[1.6vh]">
      {teams.map((team) => (
        <li key={team.teamId} aria-label={team.name} className="rounded-2xl border border-border bg-surface px-4 py-3 shadow-xs lg:px-[2.6vh] lg:py-[2vh]">
          <div className="flex items-baseline justify-between gap-3">
            <p className="min-w-0 text-lg leading-tight font-semibold text-foreground lg:text-[3vh]">
              <span className="mr-2 text-muted tabular-nums">{team.rank}.</span>
              {team.name}
            </p>
            <p className="shrink-0 text-xl font-bold text-primary-soft-foreground tabular-nums lg:text-[4vh]">
              {formatCount(team.points)} <span className="text-sm font-medium text-muted lg:text-[1.8vh]">pts</span>
            </p>
          </div>
          <div aria-hidden className="mt-2 h-2.5 overflow-hidden rounded-full bg-surface-muted lg:mt-[1.4vh] lg:h-[1.2vh]">
            <div className="h-full rounded-full bg-primary transition-[width] duration-700" style={{ width: `${barShare(team.points, leader)}%` }} />
          </div>
          <p className="mt-1.5 text-sm text-muted lg:text-[2vh]">
            {formatCount(team.salesCount)} {team.salesCount === 1 ? 'sale' : 'sales'} · {team.members} {team.members === 1 ? 'agent' : 'agents'}
          </p>
        </li>
      ))}
    </ol>
  );
}
