import { Negotiator } from '@fastify/accept-negotiator';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@portal/contract';
import { LRUCache } from 'lru-cache';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

export type MessageKey = keyof typeof en;
export type Vars = Record<string, string | number>;

export const catalogs: Record<Locale, Record<string, string>> = { en, fr, es, de, nl, it };

/** The server's messages (errors, mails) in `locale`, falling back to English; `{name}` is filled in. */
export function t(locale: Locale, key: MessageKey, vars: Vars = {}): string {
  const template = catalogs[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** Accept-Language answers by header: browsers send a handful of distinct ones. */
const languages = new Negotiator({
  // The default first: it answers `*`.
  supportedValues: [DEFAULT_LOCALE, ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)],
  cache: new LRUCache<string, string>({ max: 1_000 }),
});

/**
 * Picks the best supported locale from an Accept-Language header (fallback en). A regional tag
 * counts for its language (`fr-BE` is French): the negotiator matches whole tags only.
 */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const picked = languages.negotiate(header.replace(/-[a-z0-9]+/gi, ''));
  return picked !== null && isLocale(picked) ? picked : DEFAULT_LOCALE;
}

export { LOCALES };
