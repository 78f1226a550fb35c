import { queryOptions, useQuery } from '@tanstack/react-query';
import { CurrentUserResponseSchema, type User } from '@leadfloor/contracts';
import { api, isApiError } from './api';

const HINT_KEY = 'leadfloor:signed-in';

/**
 * Whether this browser was signed in last time (true/false), or null when it has never
 * asked. A hint only, never trusted for access: the app starts downloading the screens it
 * will most likely need while the current-user call is still in flight.
 */
export function wasSignedIn(): boolean | null {
  try {
    const hint = localStorage.getItem(HINT_KEY);
    return hint === null ? null : hint === '1';
  } catch {
    return null;
  }
}

function rememberSignedIn(signedIn: boolean): void {
  try {
    localStorage.setItem(HINT_KEY, signedIn ? '1' : '0');
  } catch {
    /* only the head start is lost */
  }
}

/**
 * The user, and whether the floor holds them to setting up a second factor first (every other
 * call then answers 403 two_factor.setup_required).
 */
export type SignedInUser = User & { twoFactorSetupRequired?: boolean };

export const sessionKeys = {
  all: ['session'] as const,
  currentUser: () => [...sessionKeys.all, 'current-user'] as const,
};

/**
 * Who is signed in. Shared by the gate, the shell and every feature that says "You", so it
 * lives in lib/ rather than in the auth feature. Spec 7: refetched on focus and reconnect,
 * stale after 5 s, one retry, and a 401 or any other error reads as signed out (null).
 *
 * The retry and the error mapping happen inside the query function so the cache always
 * holds User | null after the first answer: a refetch then never sends the app back to its
 * full-screen "loading" state. One exception to "any error is null": when someone is already
 * signed in here, a failed background refetch (a flaky network on window focus) keeps them
 * signed in; a real sign-out shows up as a 401.
 */
export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.currentUser(),
  queryFn: async ({ signal, client, queryKey }): Promise<SignedInUser | null> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const { user, twoFactorSetupRequired } = await api.get('/api/auth/current-user', CurrentUserResponseSchema, { signal });
        rememberSignedIn(user !== null);
        return user && twoFactorSetupRequired ? { ...user, twoFactorSetupRequired } : user;
      } catch (error) {
        if (isApiError(error, 401)) {
          rememberSignedIn(false);
          return null;
        }
        if (attempt === 0 && !signal.aborted) continue;
        if (client.getQueryData(queryKey)) throw error;
        return null;
      }
    }
  },
  staleTime: 5_000,
  retry: false,
  refetchOnWindowFocus: true,
  refetchOnReconnect: true,
});

/** The signed-in user, or null; `isPending` only until the first answer. */
export function useCurrentUser(): { user: SignedInUser | null; isPending: boolean } {
  const { data, isPending } = useQuery(currentUserQuery);
  return { user: data ?? null, isPending };
}
