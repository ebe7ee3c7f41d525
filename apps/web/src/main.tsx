import './app/mantine.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { HydrationState } from 'react-router';
import { DEFAULT_LOCALE } from '@portal/contract';
import { App, signOutOnUnauthorized } from './app/app';
import { createAppRouter } from './app/router';
import { HYDRATION_ELEMENT_ID } from './app/prerendered';
import { initI18n } from './i18n/i18n';
import { parseLocalePath, readStoredLocale } from './shared/locale/paths';

// The route's locale wins; `/` restores the stored choice (see restoreStoredLocale).
const routeLocale = parseLocalePath(window.location.pathname).locale;
const initialLocale =
  window.location.pathname === '/' ? (readStoredLocale() ?? DEFAULT_LOCALE) : routeLocale;
document.documentElement.lang = initialLocale;

// A page prerendered at build carries its router state (see src/prerender.tsx): hydrate it.
const rootElement = document.getElementById('root') as HTMLElement;
const hydration = document.getElementById(HYDRATION_ELEMENT_ID)?.textContent;

void initI18n(initialLocale).finally(async () => {
  const router = await createAppRouter(
    hydration ? (JSON.parse(hydration) as HydrationState) : undefined,
  );
  signOutOnUnauthorized(router);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydration) hydrateRoot(rootElement, app);
  // In a transition, the first render is drawn in slices the browser can interrupt.
  else startTransition(() => createRoot(rootElement).render(app));
});
