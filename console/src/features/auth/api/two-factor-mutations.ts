import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  RecoveryCodesResponseSchema, TwoFactorPolicySchema, TwoFactorSetupResponseSchema, TwoFactorStatusSchema, TwoFactorVersionResponseSchema,
  type TwoFactorDisableBody, type TwoFactorPolicyBody,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/current-user';
import { twoFactorKeys } from './two-factor-queries';

/**
 * After a change: the status as of that change (read-your-writes) and the floor's coverage.
 * Who-am-I is left alone: someone held to the setup is let in only once they have saved their
 * recovery codes (see releaseFromSetup).
 */
async function refreshAfter(queryClient: QueryClient, version: number) {
  const status = await api.get('/api/auth/two-factor', TwoFactorStatusSchema, { params: { minVersion: version } });
  queryClient.setQueryData(twoFactorKeys.status(), status);
  await queryClient.invalidateQueries({ queryKey: twoFactorKeys.policy() });
}

/** Someone the floor held to the setup, now done: who-am-I again, which lets them in. */
export const releaseFromSetup = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser() });

/** Step one: the password again; answers the QR code and key, shown this once. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (password: string) => api.post('/api/auth/two-factor/setup', { password }, TwoFactorSetupResponseSchema),
  });
}

/** Step two: a code from the app confirms it; answers the ten recovery codes, shown this once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const out = await api.post('/api/auth/two-factor/enable', { code }, RecoveryCodesResponseSchema);
      await refreshAfter(queryClient, out.version);
      return out;
    },
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      const out = await api.post('/api/auth/two-factor/recovery-codes', { password }, RecoveryCodesResponseSchema);
      await refreshAfter(queryClient, out.version);
      return out;
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TwoFactorDisableBody) => {
      const out = await api.post('/api/auth/two-factor/disable', body, TwoFactorVersionResponseSchema);
      await refreshAfter(queryClient, out.version);
      return out;
    },
  });
}

/** A manager's switch for the floor. */
export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TwoFactorPolicyBody) => {
      const out = await api.put('/api/auth/two-factor/policy', body, TwoFactorVersionResponseSchema);
      const policy = await api.get('/api/auth/two-factor/policy', TwoFactorPolicySchema, { params: { minVersion: out.version } });
      queryClient.setQueryData(twoFactorKeys.policy(), policy);
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });
      return out;
    },
  });
}
