import { redirect, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCALE, can, isStaffRole, type Locale, type Permission } from '@portal/contract';
import { STAFF_HOME_PATH } from '../../shared/auth/home';
import { clearSession, getStoredUser, hasValidToken } from '../../shared/auth/session';
import { localizePath, parseLocalePath, readStoredLocale } from '../../shared/locale/paths';

const localeOf = (request: Request): Locale =>
  parseLocalePath(new URL(request.url).pathname).locale;

/**
 * Visiting `/` restores the language stored earlier: `/` with a stored `de` becomes `/de`.
 * Other English URLs are taken as asked for (deep links, e-mails).
 */
export function restoreStoredLocale(routeLocale: Locale) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (routeLocale !== DEFAULT_LOCALE || url.pathname !== '/') return null;
    const stored = readStoredLocale();
    if (!stored || stored === DEFAULT_LOCALE) return null;
    throw redirect(`${localizePath('/', stored)}${url.search}${url.hash}`);
  };
}

/** SPEC section 4: no token, an unreadable one or an expired one → forget it, go to /sign-in. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (!hasValidToken()) {
    clearSession();
    throw redirect(localizePath('/sign-in', localeOf(request)));
  }
  return null;
}

/** A route's guard, then the data its screen shows asked for while its scripts download. */
export function guardThenPrefetch(
  guard: (args: LoaderFunctionArgs) => null,
  prefetch: (args: LoaderFunctionArgs) => void,
) {
  return (args: LoaderFunctionArgs) => {
    guard(args);
    prefetch(args);
    return null;
  };
}

/** Screens for a permission; others are sent to their home screen. */
export function requirePermission(permission: Permission) {
  return ({ request }: LoaderFunctionArgs) => {
    if (!can(getStoredUser()?.role, permission))
      throw redirect(localizePath('/', localeOf(request)));
    return null;
  };
}

/** Back-office staff have no company dashboard: their home is the order list. */
export function staffHome({ request }: LoaderFunctionArgs) {
  if (isStaffRole(getStoredUser()?.role)) {
    throw redirect(localizePath(STAFF_HOME_PATH, localeOf(request)));
  }
  return null;
}

/** An old address kept working: sends it to where the screen lives now, in the same language. */
export function redirectTo(path: string) {
  return ({ request }: LoaderFunctionArgs) => {
    throw redirect(localizePath(path, localeOf(request)));
  };
}

/** `/en/...` is not a route: English has no prefix. */
export function dropDefaultPrefix({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/en(?=\/|$)/, '') || '/';
  throw redirect(`${path}${url.search}${url.hash}`);
}
