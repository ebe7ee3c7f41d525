import { perLocale } from './per-locale';

const languageNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: 'language' }));

/** The name of a language in the given language (Intl.DisplayNames), capitalised: "French". */
export function languageName(code: string, locale: string): string {
  try {
    const name = languageNames(locale).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return code;
  }
}
