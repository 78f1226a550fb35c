import { useSyncExternalStore } from 'react';

/**
 * Where the one real-time connection stands, and how to end it, for code that must not load
 * the socket client itself (the shell's bell, sign-out on the sign-in page's bundle).
 */
export type LiveStatus = 'connecting' | 'connected' | 'disconnected';

let status: LiveStatus = 'disconnected';
let closeActive: (() => void) | null = null;
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  listeners.forEach((l) => l());
}

/** The open connection's clean close; replaces (and closes) any earlier one. */
export function setActiveLiveSocket(close: (() => void) | null): void {
  const previous = closeActive;
  closeActive = close;
  if (previous && previous !== close) previous();
}

/** Forgets a connection that has closed, unless a newer one has taken its place. */
export function forgetLiveSocket(close: () => void): void {
  if (closeActive === close) closeActive = null;
}

/** Closes the connection cleanly (1000 'Normal closure'), e.g. on sign-out. */
export function closeLiveSocket(): void {
  closeActive?.();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const getLiveStatus = (): LiveStatus => status;

/** Whether the console is connected to real-time updates now (the bell's footer). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, getLiveStatus);
}
