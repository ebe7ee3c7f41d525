import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@portal/contract';

/**
 * The back office's texts: a namespace of their own (`locales/staff/`), downloaded only by staff
 * screens, so the customer's pages (and the sign-in page's budget) do not carry them.
 */
export const STAFF_NAMESPACES = ['translation', 'staff'] as const;

/**
 * Returns and warranty claims' texts (`locales/claims/`): downloaded with the claim screens, the
 * customer's and the staff's, not by every page.
 */
export const CLAIM_NAMESPACES = ['translation', 'claims'] as const;
/** Spending limits and order approvals' texts (`locales/approvals/`): with their screens only. */
export const APPROVAL_NAMESPACES = ['translation', 'approvals'] as const;
/** Quotes' texts (`locales/quotes/`): the buyer's and the staff's quote screens. */
export const QUOTE_NAMESPACES = ['translation', 'quotes'] as const;
export const STAFF_QUOTE_NAMESPACES = [...STAFF_NAMESPACES, 'quotes'] as const;
export const STAFF_CLAIM_NAMESPACES = [...STAFF_NAMESPACES, 'claims'] as const;

/** Loads one locale file on demand, so a page only downloads the language it shows. */
const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    (namespace === 'translation'
      ? import(`./locales/${language}.json`)
      : import(`./locales/${namespace}/${language}.json`)
    )
      .then((module: { default: Record<string, unknown> }) => callback(null, module.default))
      .catch((error: unknown) => callback(error instanceof Error ? error : String(error), false));
  },
};

export const i18n = i18next.createInstance();

export function initI18n(locale: Locale) {
  return i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
}

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;
}
