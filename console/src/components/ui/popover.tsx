import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useDismiss } from '../../lib/use-dismiss';

type PopoverProps = {
  /** The trigger's content and accessible name (when the content is only an icon). */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  /** Names the panel (a labelled group), e.g. 'User menu'. */
  panelLabel: string;
  panelClassName?: string;
  /** Pointing at or focusing the trigger: a lazily loaded panel starts downloading. */
  onPrefetch?: () => void;
  children: (api: { close: () => void }) => ReactNode;
};

/**
 * A disclosure dropdown for the top bar (theme, bell, user menu): a button that shows a panel
 * of links and buttons, closed by Escape (focus returns to the button), an outside click,
 * tabbing away, or choosing an item. It is deliberately small: the shell loads on every
 * signed-in page, and a positioning engine would cost more than the rest of the shell.
 */
export function Popover({ trigger, triggerLabel, triggerClassName, panelLabel, panelClassName, onPrefetch, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);

  const dismiss = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);
  useDismiss(open, root, dismiss);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={onPrefetch}
        onFocus={onPrefetch}
        className={triggerClassName}
      >
        {trigger}
      </button>
      <div
        id={panelId}
        role="group"
        aria-label={panelLabel}
        hidden={!open}
        className={cx(
          // Below 640 px the panel spans the screen under the top bar; from there it hangs from its button.
          'fixed inset-x-2 top-[4.25rem] z-40 rounded-xl border border-border bg-surface p-1.5 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2',
          'animate-[popover-in_100ms_ease-out]',
          panelClassName,
        )}
      >
        {open && children({ close })}
      </div>
    </div>
  );
}

/** The look of a link or button inside a Popover panel, so every dropdown reads as one family. */
export const popoverItemClasses =
  'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-foreground hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-offset-0';
