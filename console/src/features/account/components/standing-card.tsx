import { Check, Lock, Pencil, Star, Users, Zap, type LucideIcon } from 'lucide-react';
import type { ProfileResponse } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { formatDate } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { levelLabel } from '../../../lib/user-labels';

// Spec 2.5's badge icons; any other value shows a lock.
const ICONS: Record<string, LucideIcon> = { lightning: Zap, star: Star, check: Check, users: Users, pencil: Pencil };

/** Level, points, progress to the next level (spec 2.5) and every badge, earned ones first. */
export function StandingCard({ profile }: { profile: ProfileResponse }) {
  const { user, levelProgress, badges } = profile;
  const ordered = [...badges].sort((a, b) => Number(b.awardedAt !== null) - Number(a.awardedAt !== null));
  const earned = badges.filter((b) => b.awardedAt !== null).length;
  return (
    <Card aria-labelledby="standing-title">
      <CardHeader titleId="standing-title" title="Level and badges" description={`${formatCount(earned)} of ${formatCount(badges.length)} badges earned`} />
      <CardContent className="flex flex-col gap-5">
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <Badge tone="primary">{levelLabel(user.level)} Level{user.level === 'elite' && <Star aria-hidden />}</Badge>
            <span className="text-sm font-semibold text-foreground tabular-nums">{formatCount(user.points)} points</span>
          </div>
          <div
            role="progressbar"
            aria-label={`Progress to ${levelLabel(levelProgress.nextLevel)}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={levelProgress.percent}
            className="mt-3 h-2 overflow-hidden rounded-full bg-surface-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${levelProgress.percent}%` }} />
          </div>
          <p className="mt-1.5 text-xs text-muted">{levelProgress.percent}% to {levelLabel(levelProgress.nextLevel)}</p>
        </div>
        <ul aria-label="Badges" className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
          {ordered.map((b) => {
            const Icon = ICONS[b.icon] ?? Lock;
            const locked = b.awardedAt === null;
            return (
              <li key={b.badgeId} className={cx('flex items-start gap-3 rounded-lg border border-border p-3', locked && 'border-dashed')}>
                <span className={cx('flex size-8 shrink-0 items-center justify-center rounded-full', locked ? 'bg-surface-muted text-muted' : 'bg-primary-soft text-primary-soft-foreground')}>
                  {locked ? <Lock aria-hidden className="size-4" /> : <Icon aria-hidden className="size-4" />}
                </span>
                <div className="min-w-0">
                  <p className="text-sm font-medium text-foreground">{b.name}{locked && ' (Locked)'}</p>
                  <p className="text-xs text-muted">{b.description}</p>
                  {!locked && <p className="text-xs text-muted">Earned {formatDate(b.awardedAt!)}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
