import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthUserResponseSchema, LoginResponseSchema, type LoginBody, type LoginTwoFactorBody, type RegisterBody, type User } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/current-user';
import { closeLiveSocket } from '../../../lib/live-status';
import { flashToast, toast } from '../../../components/ui/toast-store';
import { logoutErrorToast } from '../auth-error-toasts';

export const PRODUCT_NAME = 'LeadFloor';
// Spec 9: a new account lands on the dashboard after about 100 ms, once its toast is up.
const REGISTRATION_REDIRECT_MS = 100;

/**
 * Spec 4: after sign-in or registration the current-user query is refetched, and a missing
 * user is a failure. Fetching (instead of resetting) keeps the screen from flashing the
 * full-screen spinner between the form and the dashboard.
 */
async function loadSignedInUser(queryClient: QueryClient): Promise<User> {
  const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  if (!user) throw new Error('Failed to load user data after login');
  return user;
}

const welcomeBack = () => toast({ title: 'Login successful', description: `Welcome back to ${PRODUCT_NAME}!`, variant: 'success' });

/**
 * The password step. An account with two-factor sign-in answers `'two-factor'`: the server
 * holds a pending sign-in (its own short-lived cookie) until the code step below completes it.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<User | 'two-factor'> => {
      const answer = await api.post('/api/auth/login', body, LoginResponseSchema);
      if ('twoFactorRequired' in answer) return 'two-factor';
      return loadSignedInUser(queryClient);
    },
    onSuccess: (result) => {
      if (result === 'two-factor') return;
      welcomeBack();
      navigate('/', { replace: true });
    },
  });
}

/** The code step of a sign-in with a second factor: an authenticator code or a recovery code. */
export function useLoginCode() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (body: LoginTwoFactorBody) => {
      await api.post('/api/auth/login/two-factor', body, AuthUserResponseSchema);
      return loadSignedInUser(queryClient);
    },
    onSuccess: () => {
      welcomeBack();
      navigate('/', { replace: true });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      await api.post('/api/auth/register', body, AuthUserResponseSchema);
      return loadSignedInUser(queryClient);
    },
    onSuccess: () => {
      toast({ title: 'Registration successful', description: `Welcome to ${PRODUCT_NAME}! Your account has been created.`, variant: 'success' });
      setTimeout(() => navigate('/', { replace: true }), REGISTRATION_REDIRECT_MS);
    },
  });
}

/**
 * Spec 4: sign-out closes the real-time connection cleanly (1000), shows a toast, goes to
 * /login and reloads, so no cached answer of this user survives in memory. The toast is
 * carried across the reload (flashToast).
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout', {}, z.unknown()),
    onSuccess: () => {
      closeLiveSocket();
      flashToast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      navigate('/login', { replace: true });
      window.location.reload();
    },
    onError: (error) => toast({ ...logoutErrorToast(error), variant: 'destructive' }),
  });
}
