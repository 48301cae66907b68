import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/app.css';
import { clearAuthState } from './lib/auth-state.ts';
import { i18n, loadLanguage, storedLanguage } from './lib/i18n.ts';
import { setUnauthenticatedHandler } from './lib/api.ts';
import { navigateTo } from './lib/navigation.ts';
import { queryClient } from './lib/query-client.ts';
import { PATHS } from './lib/paths.ts';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';

// Reply code 401: forget the session everywhere and sign in again (spec section 8).
setUnauthenticatedHandler(() => {
  clearAuthState();
  queryClient.clear();
  navigateTo(PATHS.login, { replace: true });
});

// The stored language (and Ant Design's own texts in it) is there from the first paint.
await loadLanguage(storedLanguage());
await i18n.changeLanguage(storedLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
