import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { cx } from '../../lib/cx';
import { isGroupActive, NAV_ITEMS, type NavItem } from './nav-items';

type SidebarNavProps = {
  /** Icons only (the 70 px sidebar); children are reachable from the expanded one. */
  compact?: boolean;
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate?: () => void;
};

const rowClasses = (active: boolean, compact: boolean) =>
  cx(
    'flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
    compact ? 'w-10 justify-center' : 'flex-1 px-3',
    active ? 'bg-primary-soft text-primary-soft-foreground' : 'text-muted hover:bg-surface-muted hover:text-foreground',
  );

function NavGroup({ item, compact, onNavigate }: { item: NavItem } & SidebarNavProps) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => isGroupActive(item, pathname));
  const Icon = item.icon;
  const children = item.children ?? [];
  const listId = `nav-${item.to.slice(1) || 'home'}`;
  return (
    <li>
      <div className="flex items-center gap-1">
        <NavLink
          to={item.to}
          end={item.to === '/'}
          onClick={onNavigate}
          title={compact ? item.label : undefined}
          aria-label={compact ? item.label : undefined}
          className={({ isActive }) => rowClasses(isActive, Boolean(compact))}
        >
          <Icon aria-hidden className="size-5 shrink-0" />
          {!compact && <span className="truncate">{item.label}</span>}
        </NavLink>
        {!compact && children.length > 0 && (
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={`${open ? 'Hide' : 'Show'} ${item.label} pages`}
            className="flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-foreground"
          >
            <ChevronDown aria-hidden className={cx('size-4 transition-transform', open && 'rotate-180')} />
          </button>
        )}
      </div>
      {!compact && children.length > 0 && open && (
        <ul id={listId} className="mt-1 ml-5 flex flex-col gap-0.5 border-l border-border pl-3">
          {children.map((child) => (
            <li key={child.to}>
              <NavLink
                to={child.to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cx('flex h-9 items-center rounded-md px-3 text-sm', isActive ? 'font-medium text-primary-soft-foreground' : 'text-muted hover:text-foreground')
                }
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Spec 2.4's navigation list, shared by the desktop sidebar and the mobile drawer. */
export function SidebarNav({ compact = false, onNavigate }: SidebarNavProps) {
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className={cx('flex flex-col gap-1', compact && 'items-center')}>
        {NAV_ITEMS.map((item) => <NavGroup key={item.to} item={item} compact={compact} onNavigate={onNavigate} />)}
      </ul>
    </nav>
  );
}
