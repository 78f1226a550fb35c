import { queryOptions } from '@tanstack/react-query';
import { DemoAccountsResponseSchema, InviteResponseSchema, type DemoAccount } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const authKeys = {
  all: ['auth'] as const,
  demoAccounts: () => [...authKeys.all, 'demo-accounts'] as const,
};

// The box is a convenience: a failed read shows no box, and never keeps anyone from signing in.
const readDemoAccounts = (signal?: AbortSignal): Promise<DemoAccount[]> =>
  api.get('/api/auth/demo-accounts', DemoAccountsResponseSchema, { signal }).then((r) => r.accounts, () => []);

let early: Promise<DemoAccount[]> | null = null;

/**
 * Starts the read when the sign-in screen's code loads, usually while the current-user call is
 * still in flight, so the screen never waits a round trip more for it (nor jumps when it lands).
 */
export function prefetchDemoAccounts(): void {
  early ??= readDemoAccounts();
}

/** The demo floor's sign-ins (DESIGN.md, "Demo floor"); empty on any other floor. */
export const demoAccountsQuery = queryOptions({
  queryKey: authKeys.demoAccounts(),
  queryFn: ({ signal }) => {
    const started = early;
    early = null;
    return started ?? readDemoAccounts(signal);
  },
  staleTime: Infinity,
});

/** The team invite a sign-up link carries (`/register?invite=…`): 404 unknown, 409 used or expired. */
export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: [...authKeys.all, 'invite', token] as const,
    queryFn: ({ signal }) => api.get(`/api/invites/${encodeURIComponent(token)}`, InviteResponseSchema, { signal }),
    retry: false,
  });
