import type { ReactNode } from 'react';
import { Description, DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import { X } from 'lucide-react';
import { cx } from '../../lib/cx';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Tailwind max-width class; spec 9's dialog default is 600 px. */
  maxWidth?: string;
  children: ReactNode;
};

/**
 * A modal built on Headless UI: focus trap, Escape, outside click, scroll lock and inert
 * background come from the library; this adds the look and the close button. A bottom sheet on
 * phones, centred from `sm` up. It never grows past the screen: its body scrolls, while the
 * title and the close button stay in view.
 */
export function Dialog({ open, onClose, title, description, maxWidth = 'max-w-[600px]', children }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-black/40 backdrop-blur-[2px] transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 flex w-screen items-end justify-center p-0 pt-4 sm:items-center sm:p-4">
        <DialogPanel
          transition
          className={cx(
            'relative flex max-h-full w-full flex-col rounded-t-2xl border border-border bg-surface shadow-xl transition duration-150 sm:rounded-2xl',
            'data-closed:translate-y-4 data-closed:opacity-0',
            maxWidth,
          )}
        >
          <div className="shrink-0 px-6 pt-6 pb-4">
            <DialogTitle className="pr-8 text-lg font-semibold text-foreground">{title}</DialogTitle>
            {description && <Description className="mt-1 text-sm text-muted">{description}</Description>}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1.5 text-muted hover:bg-surface-muted hover:text-foreground"
          >
            <X aria-hidden className="size-4" />
          </button>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 pt-1 pb-6">{children}</div>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
