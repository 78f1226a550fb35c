import { Link } from 'react-router';
import { Menu as MenuIcon } from 'lucide-react';
import type { User } from '@leadfloor/contracts';
import { Logo } from '../../components/logo';
import { NotificationBell } from './notification-bell';
import { SearchBox } from './search-box';
import { ThemeSwitch } from './theme-switch';
import { UserMenu } from './user-menu';

/** Spec 2.4's top bar. On small screens it also carries the logo and the drawer button. */
export function TopBar({ user, onOpenNavigation }: { user: User; onOpenNavigation: () => void }) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-surface/85 px-3 backdrop-blur-md sm:gap-3 sm:px-6">
      <button
        type="button"
        onClick={onOpenNavigation}
        aria-label="Open navigation"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-foreground md:hidden"
      >
        <MenuIcon aria-hidden className="size-5" />
      </button>
      <Link to="/" aria-label="LeadFloor dashboard" className="shrink-0 md:hidden">
        <Logo compact />
      </Link>
      <div className="flex min-w-0 flex-1">
        <SearchBox />
      </div>
      <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
        <ThemeSwitch />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
