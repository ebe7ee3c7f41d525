import { DEFAULT_LOCALE, type Locale } from '@portal/contract';
import type { Config } from '../config';

/** An absolute link into the web app, with the locale prefix rule (en has none). */
export function webUrl(config: Config, locale: Locale, pathname: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  return `${config.appUrl}${prefix}${pathname}`;
}
