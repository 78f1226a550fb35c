import { Link } from 'react-router';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { Logo } from '../../components/logo';
import { SidebarNav } from './sidebar-nav';

/**
 * Spec 2.4's mobile navigation: a 280 px drawer. Headless UI's Dialog gives it what the spec
 * asks for — closes on Escape and on an outside click, locks page scroll while open — plus a
 * focus trap, so keyboard and screen-reader users stay inside it.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 md:hidden">
      <DialogBackdrop transition className="fixed inset-0 bg-black/40 transition-opacity duration-200 data-closed:opacity-0" />
      <DialogPanel
        transition
        className="fixed inset-y-0 left-0 flex w-[280px] max-w-[85vw] flex-col border-r border-border bg-surface shadow-xl transition duration-200 data-closed:-translate-x-full"
      >
        <DialogTitle className="sr-only">Navigation</DialogTitle>
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-5">
          <Link to="/" onClick={onClose} aria-label="LeadFloor dashboard">
            <Logo />
          </Link>
          <button type="button" onClick={onClose} aria-label="Close navigation" className="rounded-lg p-2 text-muted hover:bg-surface-muted hover:text-foreground">
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <SidebarNav onNavigate={onClose} />
      </DialogPanel>
    </Dialog>
  );
}
