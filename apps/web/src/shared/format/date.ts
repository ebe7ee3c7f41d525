import { RELATIVE_TIME_THRESHOLDS } from '@portal/contract';
import { perLocale } from './per-locale';

const dateFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
const dayFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
);
const dateTimeFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);
const relativeFormat = perLocale(
  (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
);

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: string | number | Date, locale: string): string {
  return dateFormat(locale).format(toDate(value));
}

/** A calendar day (`YYYY-MM-DD`, no time of day) as the locale writes it, whatever the time zone. */
export function formatDay(day: string, locale: string): string {
  return dayFormat(locale).format(new Date(`${day}T00:00:00Z`));
}

export function formatDateTime(value: string | number | Date, locale: string): string {
  return dateTimeFormat(locale).format(toDate(value));
}

/**
 * "5 minutes ago", "in 2 days": minutes under 60, hours under 24, days under 7, weeks under 4,
 * months under 12, otherwise years (SPEC section 9).
 */
export function formatRelativeTime(
  value: string | number | Date,
  locale: string,
  now: number = Date.now(),
): string {
  const diffSeconds = (toDate(value).getTime() - now) / 1000;
  const format = relativeFormat(locale);
  for (const { unit, below, seconds } of RELATIVE_TIME_THRESHOLDS) {
    const amount = Math.round(diffSeconds / seconds);
    if (Math.abs(amount) < below) return format.format(amount, unit);
  }
  // Unreachable: the last threshold is unbounded.
  return format.format(Math.round(diffSeconds / 31_557_600), 'year');
}
