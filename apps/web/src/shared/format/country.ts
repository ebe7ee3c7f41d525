import { COUNTRIES, type Country } from '@portal/contract';

/** The name of a country in the given language (Intl.DisplayNames), falling back to its code. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The supported countries with localized names, sorted by name. */
export function countryOptions(locale: string): { value: Country; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}
