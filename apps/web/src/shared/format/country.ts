import { COUNTRIES, type Country } from '@portal/contract';
import { perLocale } from './per-locale';

const regionNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/** The name of a country in the given language (Intl.DisplayNames), falling back to its code. */
export function countryName(code: string, locale: string): string {
  try {
    return regionNames(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The supported countries with localized names, sorted by name. */
export function countryOptions(locale: string): { value: Country; label: string }[] {
  const names = regionNames(locale);
  return COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}
