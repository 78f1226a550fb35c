import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadLikelyScreens } from './app/app-routes';
import { showFlashedToast } from './components/ui/toast-store';
import { createQueryClient } from './lib/query-client';
import { startThemeSync } from './lib/theme';
import './index.css';

// index.html's inline script normally applied the theme before first paint; applying it again
// here keeps it right wherever a Content-Security-Policy does not allow that script.
startThemeSync();
showFlashedToast();
const queryClient = createQueryClient();
preloadLikelyScreens(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
