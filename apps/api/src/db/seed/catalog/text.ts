import { LOCALES, type Locale } from '@portal/contract';

/** The EAN-13 check digit of 12 digits: weights 1 and 3 alternate from the left. */
export function ean13CheckDigit(digits12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits12[i]) * (i % 2 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

export const toEan13 = (digits12: string): string => `${digits12}${ean13CheckDigit(digits12)}`;

export const isValidEan13 = (ean: string): boolean =>
  /^\d{13}$/.test(ean) && ean13CheckDigit(ean.slice(0, 12)) === Number(ean[12]);

/** A number as the locale writes it in a title: 11.1 in English, 11,1 elsewhere. */
export function formatNumber(value: number, locale: Locale, digits?: number): string {
  const text = digits === undefined ? String(value) : value.toFixed(digits);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** Builds a value per locale from one function. */
export function perLocale<T>(build: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, build(locale)])) as Record<Locale, T>;
}
