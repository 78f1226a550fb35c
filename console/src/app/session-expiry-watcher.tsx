import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../lib/api';
import { sessionKeys } from '../lib/current-user';
import { toast } from '../components/ui/toast-store';
import { isAuthPath } from './auth-paths';

// Spec 9: the auth-error redirect waits 100 ms so the toast is on screen first.
const AUTH_ERROR_REDIRECT_MS = 100;

/**
 * Spec 2.2 and 8: when any call answers 401 away from the auth pages (the session expired or
 * was ended elsewhere), show 'Authentication Error' and go to /auth. Subscribing to the query
 * and mutation caches catches every feature's calls without each one handling 401 itself.
 */
export function SessionExpiryWatcher() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (isAuthPath(pathname)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleError = (error: unknown) => {
      // The floor began requiring a second factor this user lacks: who-am-I says so, and the setup screen shows.
      if (isApiError(error, 403) && error.code === 'two_factor.setup_required') {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser() });
        return;
      }
      if (!isApiError(error, 401) || timer) return;
      toast({ title: 'Authentication Error', description: 'Please log in to continue.', variant: 'destructive' });
      timer = setTimeout(() => {
        queryClient.setQueryData(sessionKeys.currentUser(), null);
        navigate('/auth', { replace: true });
      }, AUTH_ERROR_REDIRECT_MS);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handleError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event?.type === 'updated' && event.action.type === 'error') handleError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
      clearTimeout(timer);
    };
  }, [pathname, queryClient, navigate]);

  return null;
}
