import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cx } from '../../lib/cx';
import { dismissToast, TOAST_DURATION, TOAST_SWIPE_THRESHOLD, useToasts, type Toast } from './toast-store';

const icons = { default: Info, success: CircleCheck, destructive: CircleAlert } as const;

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const variant = toast.variant ?? 'default';
  const Icon = icons[variant];

  // Auto-dismiss, paused while the pointer or focus is on the toast so it can be read or acted on.
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration ?? TOAST_DURATION);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.duration]);

  const handlePointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const handlePointerMove = (e: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
  };
  const handlePointerUp = () => {
    start.current = null;
    if (offset > TOAST_SWIPE_THRESHOLD) dismissToast(toast.id);
    else setOffset(0);
  };

  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      className={cx(
        'pointer-events-auto flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 shadow-lg',
        'animate-[toast-in_160ms_ease-out]',
        variant === 'destructive'
          ? 'border-destructive bg-destructive text-white'
          : 'border-border bg-surface text-foreground',
      )}
    >
      <Icon aria-hidden className={cx('mt-0.5 size-5 shrink-0', variant === 'success' && 'text-success', variant === 'default' && 'text-primary')} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className={cx('mt-0.5 text-sm', variant === 'destructive' ? 'text-white/90' : 'text-muted')}>{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Close"
        className={cx('-m-1 rounded-md p-1', variant === 'destructive' ? 'text-white/80 hover:text-white' : 'text-muted hover:text-foreground')}
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

/**
 * Where toasts appear: a labelled region that F8 focuses (spec 9), so keyboard users can
 * reach a toast's close button without hunting for it.
 */
export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const handleKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      e.preventDefault();
      region.current?.focus();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label="Alerts (F8)"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 outline-none sm:inset-x-auto sm:right-0 sm:w-[420px]"
    >
      <div className="flex w-full flex-col gap-2">
        {toasts.filter((t) => t.open).map((t) => <ToastItem key={t.id} toast={t} />)}
      </div>
    </section>
  );
}
