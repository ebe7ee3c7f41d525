import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LOCALES, type Locale } from '@portal/contract';
import { AppProviders } from './app/providers';
import { PRERENDERED_PAGES } from './app/prerendered';
import { localeRoutes } from './app/router';
import { i18n, initI18n } from './i18n/i18n';
import { localizePath } from './shared/locale/paths';

export { PRERENDERED_DIR } from '@portal/contract';
export { HYDRATION_ELEMENT_ID } from './app/prerendered';

export interface PrerenderedPage {
  /** The address the page answers, `/sign-in` or `/fr/sign-in`. */
  path: string;
  locale: Locale;
  /** What `#root` holds. */
  html: string;
  /** The router's state for `createBrowserRouter`'s `hydrationData`, as JSON. */
  hydration: string;
  /** The source modules it needs besides the entry (lazy routes, the locale's texts). */
  modules: string[];
}

/**
 * Renders each page of `PRERENDERED_PAGES` in each language, as the browser's first render will
 * draw it: the same routes, providers and texts, no session. Run by `scripts/prerender.mjs`.
 */
export async function prerenderPages(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const locale of LOCALES) {
    // The locale's routes alone, as the browser's router starts (the routes' ids must agree).
    const handler = createStaticHandler([localeRoutes(locale)]);
    await (i18n.isInitialized ? i18n.changeLanguage(locale) : initI18n(locale));
    for (const page of PRERENDERED_PAGES) {
      const path = localizePath(page.path, locale);
      const context = await handler.query(new Request(`http://localhost${path}`));
      if (context instanceof Response) throw new Error(`${path} answers ${context.status}`);
      const router = createStaticRouter(handler.dataRoutes, context);
      const html = renderToString(
        <StrictMode>
          <AppProviders>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
      );
      const hydration = JSON.stringify({ loaderData: context.loaderData });
      const modules = [...page.modules, `src/i18n/locales/${locale}.json`];
      pages.push({ path, locale, html, hydration, modules });
    }
  }
  return pages;
}
