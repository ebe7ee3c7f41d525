import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE } from '@portal/contract';
import { App } from './app/app';
import { initI18n } from './i18n/i18n';
import { parseLocalePath, readStoredLocale } from './shared/locale/paths';

// The route's locale wins; `/` restores the stored choice (see restoreStoredLocale).
const routeLocale = parseLocalePath(window.location.pathname).locale;
const initialLocale =
  window.location.pathname === '/' ? (readStoredLocale() ?? DEFAULT_LOCALE) : routeLocale;
document.documentElement.lang = initialLocale;

const root = createRoot(document.getElementById('root') as HTMLElement);
void initI18n(initialLocale).finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
