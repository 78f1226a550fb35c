import { useQuery } from '@tanstack/react-query';
import { Award } from 'lucide-react';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { badgesQuery, userBadgesQuery } from '../api/dashboard-queries';
import { badgeList } from '../badge-list';
import { BadgeIcon } from './badge-icon';

/** Spec 2.5's "Your Badges": unlocked first, then locked ones, six at most. */
export function BadgesCard() {
  const all = useQuery(badgesQuery);
  const mine = useQuery(userBadgesQuery);
  const error = all.error ?? mine.error;
  const badges = all.data && mine.data ? badgeList(all.data, mine.data) : [];
  return (
    <Card aria-labelledby="badges-title">
      <CardHeader titleId="badges-title" title="Your Badges" description="Achievements unlocked this month" action={<Award aria-hidden className="size-5 text-primary" />} />
      <CardContent>
        {all.isPending || mine.isPending ? (
          <PanelLoading label="Loading badges" rows={2} />
        ) : error ? (
          <PanelError error={error} what="Badges" onRetry={() => { void all.refetch(); void mine.refetch(); }} />
        ) : badges.length === 0 ? (
          <PanelEmpty icon={<Award aria-hidden className="size-5" />}>No badges yet. Claim, contact and close leads to earn your first one.</PanelEmpty>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {badges.map((b) => (
              <li key={b.key} className={cx('flex flex-col items-center gap-2 rounded-xl border border-border p-3 text-center', b.locked && 'border-dashed')}>
                <span className={cx('flex size-10 items-center justify-center rounded-full', b.locked ? 'bg-surface-muted text-muted' : 'bg-primary-soft text-primary-soft-foreground')}>
                  <BadgeIcon icon={b.icon} className="size-5" />
                </span>
                <span className={cx('text-xs font-medium', b.locked ? 'text-muted' : 'text-foreground')}>{b.name}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
