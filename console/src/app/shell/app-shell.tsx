import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import { cx } from '../../lib/cx';
import { useFirstScreenSettled } from '../use-first-screen-settled';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

// The drawer (and the dialog library under it) loads the first time someone opens it: most
// sessions are on desktops and never need it.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));
// Round-robin and weighted offers ("New lead offered to you") for the people offers go to. It
// mounts once the first screen has settled: no page needs it to be usable, and an offer waits
// (a running one is listed, a new one refreshes the list).
const OfferCenter = lazy(() => import('../../features/leads/components/offer-center').then((m) => ({ default: m.OfferCenter })));
const OFFERED_ROLES = new Set(['agent', 'teamLead']);

/** Spec 2.4's frame around every signed-in screen: sidebar (or drawer), top bar, content. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const settled = useFirstScreenSettled();
  // The routes only render the shell for a signed-in user; this guards a sign-out mid-render.
  if (!user) return null;
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar collapsed={collapsed} onToggle={toggleCollapsed} />
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      {/* The content margin follows the sidebar width (spec 2.4). */}
      <div className={cx('transition-[padding] duration-200', collapsed ? 'md:pl-[70px]' : 'md:pl-[250px]')}>
        <TopBar
          user={user}
          onOpenNavigation={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
        />
        {settled && OFFERED_ROLES.has(user.role) && (
          <Suspense fallback={null}>
            <OfferCenter />
          </Suspense>
        )}
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1400px] px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
