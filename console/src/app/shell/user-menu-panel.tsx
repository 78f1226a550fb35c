import { Link } from 'react-router';
import { AvailableLink } from '../../components/available-link';
import { LogOut, Settings, Star, UserRound } from 'lucide-react';
import type { User } from '@leadfloor/contracts';
import { Badge } from '../../components/ui/badge';
import { popoverItemClasses } from '../../components/ui/popover';
import { UserAvatar } from '../../components/user-avatar';
import { levelLabel, roleLabel } from '../../lib/user-labels';
import { useLogout } from '../../features/auth/api/auth-mutations';

/** The open user menu (spec 2.4), with sign-out: its own chunk, loaded when the menu is first pointed at or opened. */
export function UserMenuPanel({ user, close }: { user: User; close: () => void }) {
  const logout = useLogout();
  return (
    <>
      <div className="flex items-center gap-3 px-2.5 py-2">
        <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} size="md" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-foreground">{user.fullName}</p>
          <p className="truncate text-xs text-muted">{user.email}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5 px-2.5 pb-2">
        <Badge tone="primary">{roleLabel(user.role)}</Badge>
        <Badge tone={user.level === 'elite' ? 'warning' : 'neutral'}>
          {user.level === 'elite' && <Star aria-hidden />}
          {levelLabel(user.level)} Level
        </Badge>
      </div>
      <hr className="my-1 border-border" />
      <AvailableLink to="/profile" onClick={close} className={popoverItemClasses}>
        <UserRound aria-hidden className="size-4 text-muted" /> Your Profile
      </AvailableLink>
      <Link to="/settings" onClick={close} className={popoverItemClasses}>
        <Settings aria-hidden className="size-4 text-muted" /> Settings
      </Link>
      <hr className="my-1 border-border" />
      <button type="button" disabled={logout.isPending} onClick={() => logout.mutate()} className={popoverItemClasses}>
        <LogOut aria-hidden className="size-4 text-muted" /> {logout.isPending ? 'Signing out...' : 'Sign out'}
      </button>
    </>
  );
}
