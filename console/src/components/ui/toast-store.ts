import { useSyncExternalStore } from 'react';

// Spec 9's toast constants.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5_000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'success' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number };
export type Toast = ToastInput & { id: string; open: boolean };

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function set(next: Toast[]): void {
  toasts = next;
  listeners.forEach((l) => l());
}

/**
 * Shows a toast. Only TOAST_LIMIT are kept (spec: one at a time), so a new toast replaces
 * the one on screen. Failures use variant 'destructive' (spec 8).
 */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++counter);
  set([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * Closes a toast (all when no id). A closed toast leaves the screen at once but stays in
 * the list until TOAST_REMOVE_DELAY has passed, as spec 4 describes.
 */
export function dismissToast(id?: string): void {
  set(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if ((id !== undefined && t.id !== id) || removalTimers.has(t.id)) continue;
    removalTimers.set(t.id, setTimeout(() => {
      removalTimers.delete(t.id);
      set(toasts.filter((x) => x.id !== t.id));
    }, TOAST_REMOVE_DELAY));
  }
}

const FLASH_KEY = 'leadfloor:flash-toast';

/**
 * Keeps a toast for the next page load. Sign-out reloads the page (spec 4) to drop every
 * cached answer of the previous user; without this its 'Logged out' toast would never be seen.
 */
export function flashToast(input: ToastInput): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(input));
  } catch {
    /* storage blocked: the reload simply shows no toast */
  }
}

/** Shows the toast left by flashToast before the last reload, once. */
export function showFlashedToast(): void {
  try {
    const saved = sessionStorage.getItem(FLASH_KEY);
    if (!saved) return;
    sessionStorage.removeItem(FLASH_KEY);
    const parsed: unknown = JSON.parse(saved);
    if (parsed && typeof parsed === 'object' && 'title' in parsed && typeof parsed.title === 'string') {
      const description = 'description' in parsed && typeof parsed.description === 'string' ? parsed.description : undefined;
      toast({ title: parsed.title, description });
    }
  } catch {
    /* a malformed entry is dropped */
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts now (newest first), closed ones included until their removal delay passes. */
export const getToasts = (): Toast[] => toasts;

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts);
}
