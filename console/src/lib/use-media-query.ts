import { useCallback, useSyncExternalStore } from 'react';

/**
 * Spec 9's mobile breakpoint (768 px, Tailwind's `md`). Layout switches in CSS; this hook is
 * for the few texts and behaviours CSS cannot change (the search placeholder, the drawer).
 */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether a media query matches now; re-renders when it changes (no resize polling needed). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const media = window.matchMedia(query);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query]);
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
