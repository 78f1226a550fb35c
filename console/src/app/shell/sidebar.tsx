import { Link } from 'react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Logo } from '../../components/logo';
import { cx } from '../../lib/cx';
import { SidebarNav } from './sidebar-nav';

// Spec 9: 250 px expanded, 70 px compact. The shell pads its content by the same amounts.
export const SIDEBAR_WIDTH = { expanded: 'w-[250px]', compact: 'w-[70px]' } as const;

/** The desktop sidebar (hidden below the 768 px breakpoint, where the drawer takes over). */
export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <aside
      className={cx(
        'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-border bg-surface transition-[width] duration-200 md:flex',
        collapsed ? SIDEBAR_WIDTH.compact : SIDEBAR_WIDTH.expanded,
      )}
    >
      <div className={cx('flex h-16 shrink-0 items-center border-b border-border', collapsed ? 'justify-center' : 'px-5')}>
        <Link to="/" aria-label="LeadFloor dashboard" className="rounded-lg">
          <Logo compact={collapsed} />
        </Link>
      </div>
      <SidebarNav compact={collapsed} />
      <div className={cx('shrink-0 border-t border-border p-3', collapsed && 'flex justify-center')}>
        <button
          type="button"
          onClick={onToggle}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className={cx(
            'flex h-10 items-center gap-3 rounded-lg text-sm font-medium text-muted hover:bg-surface-muted hover:text-foreground',
            collapsed ? 'w-10 justify-center' : 'w-full px-3',
          )}
        >
          {collapsed ? <PanelLeftOpen aria-hidden className="size-5" /> : <PanelLeftClose aria-hidden className="size-5" />}
          {!collapsed && <span>Collapse</span>}
        </button>
      </div>
    </aside>
  );
}
