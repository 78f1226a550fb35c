import { queryOptions } from '@tanstack/react-query';
import { ProfileResponseSchema, SessionsResponseSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

/** /profile's read: the user, their standing and badges, and this month's figures. */
export const profileQuery = queryOptions({
  queryKey: accountKeys.profile(),
  queryFn: ({ signal }) => api.get('/api/profile', ProfileResponseSchema, { signal }),
});

/** Where the user is signed in (settings' Sessions section). */
export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions(),
  queryFn: async ({ signal }) => (await api.get('/api/sessions', SessionsResponseSchema, { signal })).sessions,
});

/** The data export is a plain download: the browser sends the session cookie and saves the file. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
