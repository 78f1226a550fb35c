import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
};
const isFullscreen = () => document.fullscreenElement !== null;

/** Whether the page fills the screen, and a toggle (browsers allow it only from a click or key press). */
export function useFullscreen(): { active: boolean; supported: boolean; toggle: () => void } {
  const active = useSyncExternalStore(subscribe, isFullscreen);
  return {
    active,
    supported: document.fullscreenEnabled,
    toggle: () => void (active ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined),
  };
}
