import { LOCALES, VALIDATION_KEYS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { catalogs, negotiateLocale, t } from './index';

describe('server messages', () => {
  const english = Object.keys(catalogs.en).sort();

  it.each(LOCALES)('%s has every key, each non-empty, and no other', (locale) => {
    const catalog = catalogs[locale];
    expect(Object.keys(catalog).sort()).toEqual(english);
    for (const [key, value] of Object.entries(catalog)) expect(value.trim(), key).not.toBe('');
  });

  it('has a message for every validation key of the contract', () => {
    for (const key of VALIDATION_KEYS) expect(english).toContain(key);
  });

  it('keeps the same placeholders in every language', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join();
    for (const locale of LOCALES) {
      for (const key of english) {
        expect(placeholders(catalogs[locale][key] ?? ''), `${locale} ${key}`).toBe(
          placeholders(catalogs.en[key] ?? ''),
        );
      }
    }
  });

  it('fills variables', () => {
    expect(t('de', 'validation.too_short', { min: 8 })).toBe('Mindestens 8 Zeichen');
  });

  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['de-CH,de;q=0.9', 'de'],
    ['fr-BE, de;q=0.5', 'fr'],
    ['zh-Hant-TW, nl;q=0.3', 'nl'],
    ['pt-BR,pt;q=0.9,nl;q=0.5', 'nl'],
    ['en;q=0.1,it;q=0.8', 'it'],
    ['es;q=0,fr', 'fr'],
    ['*', 'en'],
  ])('negotiates %s as %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});
