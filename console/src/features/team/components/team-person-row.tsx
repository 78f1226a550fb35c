import type { ReactNode } from 'react';
import { Star } from 'lucide-react';
import type { TeamPerson } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { UserAvatar } from '../../../components/user-avatar';
import { formatCount } from '../../../lib/format-number';
import { levelLabel, roleLabel } from '../../../lib/user-labels';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="min-w-16 text-right">
      <dd className="text-sm font-semibold text-foreground tabular-nums">{formatCount(value)}</dd>
      <dt className="text-xs text-muted">{label}</dt>
    </div>
  );
}

/** One person of the tree: who they are, their level, points, leads in work and sales this month. */
export function TeamPersonRow({ person, isMe, action }: { person: TeamPerson; isMe: boolean; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
        <UserAvatar fullName={person.fullName} avatarUrl={person.avatarUrl} size="md" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-foreground">
            {person.fullName}
            {isMe && <span className="ml-1.5 text-xs font-normal text-muted">(you)</span>}
          </p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge tone={person.role === 'agent' ? 'neutral' : 'primary'}>{roleLabel(person.role)}</Badge>
            <Badge tone={person.level === 'elite' ? 'warning' : 'outline'}>
              {person.level === 'elite' && <Star aria-hidden className="mr-1 inline size-3 fill-current" />}
              {levelLabel(person.level)} Level
            </Badge>
          </div>
        </div>
      </div>
      <dl className="flex items-center gap-4">
        <Figure label="Points" value={person.points} />
        <Figure label="Active leads" value={person.activeLeads} />
        <Figure label="Sales this month" value={person.salesThisMonth} />
      </dl>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}
