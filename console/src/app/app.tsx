import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './app-routes';
import { SessionExpiryWatcher } from './session-expiry-watcher';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
