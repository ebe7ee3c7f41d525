import type { PatchRoutesOnNavigationFunction } from 'react-router';
import { LOCALES, type Locale } from '@portal/contract';
import { localePrefix } from '../../shared/locale/paths';

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

const patched = new Set<Locale>();

/**
 * Adds the staff screens under a locale's shell the first time a path of the back office is
 * asked for (the router asks when only the not-found page matched it); every other path, and a
 * locale already patched, is left alone.
 */
export const staffPatch: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const locale = staffLocaleOf(path);
  if (!locale || patched.has(locale)) return;
  const { staffRoutes } = await import('./staff-routes');
  if (patched.has(locale)) return;
  patched.add(locale);
  patch(shellRouteId(locale), staffRoutes);
};
