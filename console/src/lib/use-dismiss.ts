import { useEffect, type RefObject } from 'react';

/**
 * Closes a floating panel (menu, date picker) on a pointer press outside `root`, focus moving
 * out of it, or Escape; Escape hands focus back to the element that opened it.
 */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, onDismiss: (restoreFocus: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => !(target instanceof Node && root.current?.contains(target));
    const handlePointerDown = (e: PointerEvent) => outside(e.target) && onDismiss(false);
    const handleFocusIn = (e: FocusEvent) => outside(e.target) && onDismiss(false);
    const handleKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onDismiss(true);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('focusin', handleFocusIn);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('focusin', handleFocusIn);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [open, root, onDismiss]);
}
