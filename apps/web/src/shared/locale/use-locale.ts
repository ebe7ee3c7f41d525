import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { Locale } from '@portal/contract';
import { localizePath, parseLocalePath } from './paths';

/** The locale of the current route. */
export function useLocale(): Locale {
  return parseLocalePath(useLocation().pathname).locale;
}

/** Returns a function that prefixes app paths with the current route's locale. */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
