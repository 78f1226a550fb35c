import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { ListPlus, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import type { TeamMessage } from '@leadfloor/contracts';
import { popoverItemClasses } from '../../../components/ui/popover';
import { cx } from '../../../lib/cx';
import { useDismiss } from '../../../lib/use-dismiss';
import { editWindowEnd, mayDelete, mayEdit } from '../chat-timeline';

/**
 * Renders again just after the instant, if it is still to come: the Edit and Delete items
 * disappear when the author's 15 minutes end, without waiting for anything else to change.
 */
function useRenderAfter(deadline: number): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const ahead = Date.now() <= deadline;
  useEffect(() => {
    if (!ahead) return;
    const timer = setTimeout(tick, Math.min(deadline - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [ahead, deadline]);
}

type MessageMenuProps = {
  message: TeamMessage;
  meId: number;
  managesTheTeam: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeTask: () => void;
};

/** A message's actions: Edit and Delete (the author for 15 minutes; the manager deletes any time), Make a task. */
export function MessageMenu({ message, meId, managesTheTeam, onEdit, onDelete, onMakeTask }: MessageMenuProps) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useRenderAfter(message.authorId === meId ? editWindowEnd(message) : 0);
  const now = Date.now();
  const editable = mayEdit(message, { id: meId }, now);
  const deletable = mayDelete(message, { id: meId }, now, managesTheTeam);

  const dismiss = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);
  useDismiss(open, root, dismiss);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const toggle = () => {
    // Near the bottom of the conversation the menu opens upwards, so the composer never hides it.
    const scroller = button.current?.closest('[data-chat-scroller]');
    if (!open && scroller && button.current) {
      const box = scroller.getBoundingClientRect();
      setUpward(button.current.getBoundingClientRect().bottom > box.top + box.height / 2);
    }
    setOpen((o) => !o);
  };

  return (
    <div ref={root} className="relative">
      <button ref={button} type="button" aria-label="Message actions" aria-expanded={open} aria-controls={panelId} onClick={toggle}
        className={cx('flex size-8 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-foreground focus-visible:opacity-100',
          'group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100', open ? 'bg-surface opacity-100' : 'opacity-0')}>
        <MoreHorizontal aria-hidden className="size-4" />
      </button>
      <div id={panelId} role="group" aria-label="Message actions" hidden={!open}
        className={cx('absolute right-0 z-20 w-44 rounded-xl border border-border bg-surface p-1.5 shadow-lg', upward ? 'bottom-full mb-1' : 'top-full mt-1')}>
        {open && (
          <>
            {editable && (
              <button type="button" className={popoverItemClasses} onClick={choose(onEdit)}>
                <Pencil aria-hidden className="size-4 text-muted" />
                Edit
              </button>
            )}
            <button type="button" className={popoverItemClasses} onClick={choose(onMakeTask)}>
              <ListPlus aria-hidden className="size-4 text-muted" />
              Make a task
            </button>
            {deletable && (
              <button type="button" className={cx(popoverItemClasses, 'text-destructive-text')} onClick={choose(onDelete)}>
                <Trash2 aria-hidden className="size-4" />
                Delete
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
