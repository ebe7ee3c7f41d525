import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { formatRelativeTime } from './date';
import { formatFileSize } from './file-size';
import { perLocale } from './per-locale';
import { countryName } from './country';
import { formatDay } from './date';

// Intl uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('shows euros with two decimals per locale', () => {
    expect(formatMoney(1234.5, 'en')).toBe('€1,234.50');
    expect(plain(formatMoney(1234.5, 'de'))).toBe('1.234,50 €');
    expect(plain(formatMoney(1234.5, 'fr'))).toBe('1 234,50 €');
    expect(plain(formatMoney(0.1 + 0.2, 'nl'))).toBe('€ 0,30');
  });

  it('can leave the euro symbol out', () => {
    expect(formatMoney(7, 'en', false)).toBe('7.00');
    expect(formatMoney(7, 'it', false)).toBe('7,00');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const ago = (seconds: number) => now - seconds * 1000;

  it('picks the unit by the thresholds', () => {
    expect(formatRelativeTime(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(59 * 60), 'en', now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(60 * 60), 'en', now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 3600), 'en', now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400), 'en', now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(7 * 86_400), 'en', now)).toBe('last week');
    expect(formatRelativeTime(ago(3 * 604_800), 'en', now)).toBe('3 weeks ago');
    expect(formatRelativeTime(ago(40 * 86_400), 'en', now)).toBe('last month');
    expect(formatRelativeTime(ago(180 * 86_400), 'en', now)).toBe('6 months ago');
    expect(formatRelativeTime(ago(800 * 86_400), 'en', now)).toBe('2 years ago');
  });

  it('speaks the locale', () => {
    expect(formatRelativeTime(ago(2 * 3600), 'de', now)).toBe('vor 2 Stunden');
    expect(formatRelativeTime(ago(3 * 86_400), 'fr', now)).toBe('il y a 3 jours');
    expect(formatRelativeTime(now, 'en', now)).toBe('this minute');
  });
});

describe('formatFileSize', () => {
  it('uses kB under a megabyte and MB above, in the locale', () => {
    expect(formatFileSize(72, 'en')).toBe('0.1 kB');
    expect(formatFileSize(350 * 1024, 'en')).toBe('350 kB');
    expect(formatFileSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(plain(formatFileSize(2.5 * 1024 * 1024, 'fr'))).toBe('2,5 Mo');
    expect(plain(formatFileSize(10 * 1024 * 1024, 'de'))).toBe('10 MB');
  });
});

describe('the formatters kept per locale', () => {
  it('are made once per locale, and each locale keeps its own', () => {
    const made: string[] = [];
    const format = perLocale((locale) => {
      made.push(locale);
      return new Intl.NumberFormat(locale);
    });
    expect(format('de')).toBe(format('de'));
    expect(format('fr')).not.toBe(format('de'));
    expect(made).toEqual(['de', 'fr']);
  });

  it('answer in the locale asked for, whichever was asked before', () => {
    expect(formatMoney(1234.5, 'en')).toBe('€1,234.50');
    expect(plain(formatMoney(1234.5, 'de'))).toBe('1.234,50 €');
    expect(formatMoney(1234.5, 'de', false)).toBe('1.234,50');
    expect(formatMoney(1234.5, 'en')).toBe('€1,234.50');
    expect(formatDay('2026-03-01', 'de')).toBe('01.03.2026');
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
    expect(countryName('BE', 'fr')).toBe('Belgique');
    expect(countryName('BE', 'nl')).toBe('België');
    expect(countryName('not a code', 'fr')).toBe('not a code');
  });
});
