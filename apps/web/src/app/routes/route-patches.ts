import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { LOCALES, type Locale } from '@portal/contract';
import { localePrefix, parseLocalePath } from '../../shared/locale/paths';
import { pagesOfLayout } from './page-routes';

/** The id of a locale's root route, under which all its pages are. */
export const localeRouteId = (locale: Locale) => `locale-${locale}`;

/** The id of a locale's dashboard shell route, where the staff screens are patched in. */
export const shellRouteId = (locale: Locale) => `shell-${locale}`;

/** `/fr/admin/orders` → fr; `/admin/orders` → the default locale (no prefix). */
function staffLocaleOf(path: string): Locale | null {
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    if (prefix && (path === `${prefix}/admin` || path.startsWith(`${prefix}/admin/`)))
      return locale;
  }
  return path === '/admin' || path.startsWith('/admin/')
    ? (LOCALES.find((locale) => !localePrefix(locale)) ?? null)
    : null;
}

/**
 * Adds the staff screens under a locale's shell when a path of the back office is asked for and
 * only the not-found page matched it (the first visit of one); every other path is left alone.
 * The router ignores a patch for a navigation already replaced by another, and one of routes it
 * already has: each visit applies its own, so an interrupted first visit cannot leave the
 * screens out.
 */
export const staffPatch: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const locale = staffLocaleOf(path);
  if (!locale) return;
  const { staffRoutes } = await import('./staff-routes');
  patch(shellRouteId(locale), [pagesOfLayout(staffRoutes, `staff-${locale}`)]);
};

/**
 * The router's `patchRoutesOnNavigation`. It starts with the routes of the locale the page opened
 * in; another locale's (`routesOf`) are added on the first visit of one of its paths, then the
 * staff screens (staffPatch). A router holding all six locales' routes ranks and matches six
 * times as many on its creation and every navigation: creating it took 149 to 203 ms of a
 * signed-in page's first load on a 4× slower CPU, against 115 to 130 ms with one locale's.
 */
export function patchOnNavigation(
  routesOf: (locale: Locale) => RouteObject,
): PatchRoutesOnNavigationFunction {
  // Built once per locale: the router asks on every visit of a not-found path.
  const built = new Map<Locale, RouteObject>();
  return async (args) => {
    const { locale } = parseLocalePath(args.path);
    let routes = built.get(locale);
    if (!routes) built.set(locale, (routes = routesOf(locale)));
    // The router ignores the patch when it has them already (a route of the same id).
    args.patch(null, [routes]);
    await staffPatch(args);
  };
}
