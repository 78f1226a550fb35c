import type { ReactNode } from 'react';
import { AvailableLink } from '../../../components/available-link';
import { isUpcoming } from '../../../lib/upcoming-routes';
import { useQuery } from '@tanstack/react-query';
import { Network } from 'lucide-react';
import type { User } from '@leadfloor/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { UserAvatar } from '../../../components/user-avatar';
import { useCurrentUser } from '../../../lib/current-user';
import { cx } from '../../../lib/cx';
import { formatCount } from '../../../lib/format-number';
import { levelLabel, roleLabel } from '../../../lib/user-labels';
import { teamsQuery, usersQuery } from '../api/dashboard-queries';
import { levelProgress } from '../level-progress';
import { teamHierarchy } from '../team-hierarchy';

function Person({ user, label, children }: { user: User; label: string; children?: ReactNode }) {
  return (
    <div className={cx('flex gap-3', children ? 'items-start' : 'items-center')}>
      <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-foreground">{user.fullName}</p>
        <p className="text-xs text-muted">{label}</p>
        {children}
      </div>
    </div>
  );
}

function Tier({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </div>
  );
}

/** Spec 2.5's Team Hierarchy: manager, the team's leads, and you with your level progress. */
export function TeamHierarchyCard() {
  const users = useQuery(usersQuery);
  const teams = useQuery(teamsQuery);
  const { user: me } = useCurrentUser();
  const error = users.error ?? teams.error;
  const hierarchy = users.data && teams.data && me ? teamHierarchy(users.data, teams.data, me) : null;
  const progress = me ? levelProgress(me.level, me.points) : null;

  return (
    <Card aria-labelledby="team-title">
      <CardHeader
        titleId="team-title"
        title="Team Hierarchy"
        description={hierarchy?.team ? hierarchy.team.name : 'Your place on the floor'}
        action={<Network aria-hidden className="size-5 text-primary" />}
      />
      <CardContent className="flex flex-col gap-5">
        {users.isPending || teams.isPending ? (
          <PanelLoading label="Loading team" rows={3} />
        ) : error || !hierarchy ? (
          <PanelError error={error} what="Team structure" onRetry={() => { void users.refetch(); void teams.refetch(); }} />
        ) : (
          <>
            <Tier title="Sales Manager">
              {hierarchy.manager ? <Person user={hierarchy.manager} label="Sales Manager" /> : <p className="text-sm text-muted">No sales manager assigned yet.</p>}
            </Tier>
            <Tier title="Team Leads">
              {hierarchy.teamLeads.length > 0 ? (
                <ul className="flex flex-col gap-3">
                  {hierarchy.teamLeads.map((lead) => <li key={lead.id}><Person user={lead} label={roleLabel(lead.role)} /></li>)}
                </ul>
              ) : (
                <p className="text-sm text-muted">No team leads on your team yet.</p>
              )}
            </Tier>
          </>
        )}
        {me && progress && (
          <Tier title="Your position">
            <Person user={me} label={roleLabel(me.role)}>
              <div className="mt-2 flex items-center gap-2">
                <Badge tone="primary">{levelLabel(me.level)}</Badge>
                <span className="text-xs text-muted">{formatCount(me.points)} points</span>
              </div>
              <div className="mt-2 flex items-center justify-between text-xs text-muted">
                <span>Progress to {progress.nextLevel}</span>
                <span className="font-medium text-foreground">{progress.percent}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={`Progress to ${progress.nextLevel}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress.percent}
                className="mt-1 h-2 overflow-hidden rounded-full bg-surface-muted"
              >
                <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress.percent}%` }} />
              </div>
            </Person>
          </Tier>
        )}
      </CardContent>
      {!isUpcoming('/team') && (
        <CardFooter className="flex-wrap justify-between gap-2">
          <AvailableLink to="/team" className="font-medium text-primary-soft-foreground hover:underline">View full team structure</AvailableLink>
          <AvailableLink to="/team?tab=collaboration" className="font-medium text-primary-soft-foreground hover:underline">Collaborate with your team</AvailableLink>
        </CardFooter>
      )}
    </Card>
  );
}
