import { queryOptions } from '@tanstack/react-query';
import { TwoFactorPolicySchema, TwoFactorStatusSchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
  policy: () => [...twoFactorKeys.all, 'policy'] as const,
};

/** The signed-in user's second factor (never its secret or codes). */
export const twoFactorStatusQuery = queryOptions({
  queryKey: twoFactorKeys.status(),
  queryFn: ({ signal }) => api.get('/api/auth/two-factor', TwoFactorStatusSchema, { signal }),
});

/** The floor's rule and how many people have a second factor. */
export const twoFactorPolicyQuery = queryOptions({
  queryKey: twoFactorKeys.policy(),
  queryFn: ({ signal }) => api.get('/api/auth/two-factor/policy', TwoFactorPolicySchema, { signal }),
});
