import { lazy, Suspense } from 'react';
import { ChevronDown } from 'lucide-react';
import type { User } from '@leadfloor/contracts';
import { Spinner } from '../../components/ui/spinner';
import { Popover } from '../../components/ui/popover';
import { UserAvatar } from '../../components/user-avatar';
import { roleLabel } from '../../lib/user-labels';

const loadPanel = () => import('./user-menu-panel');
const UserMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.UserMenuPanel })));

/** Spec 2.4's user menu: who is signed in (role and level badges), profile, settings, sign out. */
export function UserMenu({ user }: { user: User }) {
  return (
    <Popover
      // Named by its visible text (name and role) on wide screens, so voice-control users can say what they see.
      trigger={
        <>
          <span className="sr-only">User menu</span>
          <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} />
          <span className="hidden text-left lg:block">
            <span className="block max-w-40 truncate text-sm font-medium text-foreground">{user.fullName}</span>
            <span className="block text-xs text-muted">{roleLabel(user.role)}</span>
          </span>
          <ChevronDown aria-hidden className="hidden size-4 text-muted lg:block" />
        </>
      }
      triggerClassName="flex items-center gap-2 rounded-lg p-1 hover:bg-surface-muted lg:pr-2"
      panelLabel="User menu"
      panelClassName="sm:w-64"
      onPrefetch={() => void loadPanel()}
    >
      {({ close }) => (
        <Suspense fallback={<div className="flex justify-center p-4"><Spinner label="Loading the menu" /></div>}>
          <UserMenuPanel user={user} close={close} />
        </Suspense>
      )}
    </Popover>
  );
}
