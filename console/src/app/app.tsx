import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { AppRoutes } from './app-routes';
import { SessionExpiryWatcher } from './session-expiry-watcher';

/** `queryClient`: made by main.tsx, which starts the first reads on it before the app renders. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionExpiryWatcher />
        <AppRoutes />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
