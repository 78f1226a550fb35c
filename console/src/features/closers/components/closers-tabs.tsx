import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { cx } from '../../../lib/cx';

const TABS = [
  { to: '/closers', label: 'Job board', end: true },
  { to: '/closers/my-applications', label: 'My applications', end: false },
  { to: '/closers/manage-applications', label: 'Manage applications', end: false },
  { to: '/employer-dashboard', label: 'Employer dashboard', end: false },
] as const;

/**
 * The hub's own pages, one click apart. The sidebar stays the same for everyone (issue 14); an
 * employer's pages are reached from here, and show a "Post a job" start to someone with no job.
 */
export function ClosersTabs() {
  const strip = useRef<HTMLUListElement>(null);
  // On a phone the strip scrolls sideways: the page's own tab is brought into view.
  useEffect(() => {
    strip.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <nav aria-label="Closers hub" className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul ref={strip} className="flex w-max gap-1 rounded-xl bg-surface-muted p-1">
        {TABS.map((t) => (
          <li key={t.to}>
            <NavLink to={t.to} end={t.end}
              className={({ isActive }) => cx('block rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                isActive ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground')}>
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
