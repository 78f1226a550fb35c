import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ArrowDown, ArrowUp, Check } from 'lucide-react';
import { sortOptions, type SortValue } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { useDismiss } from '../../../lib/use-dismiss';

/**
 * Spec 2.6's sort selector: 'Sort: {label}' opens a menu titled 'Sort by' whose options show
 * their direction and a check on the current one. Arrow keys move, Enter or Space chooses.
 */
export function SortMenu({ value, onChange }: { value: SortValue; onChange: (sort: SortValue) => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const titleId = useId();
  const current = sortOptions.find((o) => o.value === value) ?? sortOptions[0]!;

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);
  useDismiss(open, root, close);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
  const openMenu = (focus: 'current' | 'last' = 'current') => {
    setOpen(true);
    requestAnimationFrame(() => {
      const all = items();
      (focus === 'last' ? all[all.length - 1] : all.find((el) => el.getAttribute('aria-checked') === 'true'))?.focus();
    });
  };
  const handleMenuKeyDown = (e: KeyboardEvent) => {
    const all = items();
    const i = all.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: (i + 1) % all.length, ArrowUp: (i - 1 + all.length) % all.length, Home: 0, End: all.length - 1 }[e.key];
    if (next !== undefined) {
      e.preventDefault();
      all[next]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={root} className="relative">
      <Button
        ref={button}
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openMenu(e.key === 'ArrowUp' ? 'last' : 'current');
          }
        }}
      >
        Sort: {current.label}
      </Button>
      <div
        ref={menu}
        id={menuId}
        role="menu"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={handleMenuKeyDown}
        className="absolute right-0 z-30 mt-2 w-56 rounded-xl border border-border bg-surface p-1.5 shadow-lg animate-[popover-in_100ms_ease-out]"
      >
        <p id={titleId} className="px-2.5 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">Sort by</p>
        {sortOptions.map((o) => {
          const checked = o.value === value;
          const Arrow = o.direction === 'asc' ? ArrowUp : ArrowDown;
          return (
            <div
              key={o.value}
              role="menuitemradio"
              aria-checked={checked}
              tabIndex={-1}
              onClick={() => {
                onChange(o.value);
                close(true);
              }}
              onKeyDown={(e) => {
                if (e.key !== 'Enter' && e.key !== ' ') return;
                e.preventDefault();
                onChange(o.value);
                close(true);
              }}
              className={cx(
                'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-foreground outline-none',
                'hover:bg-surface-muted focus-visible:bg-surface-muted focus:bg-surface-muted',
              )}
            >
              <Arrow aria-hidden className="size-4 text-muted" />
              <span className="flex-1">{o.label}</span>
              <span className="sr-only">{o.direction === 'asc' ? 'ascending' : 'descending'}</span>
              <Check aria-hidden className={cx('size-4 text-primary', !checked && 'invisible')} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
