import { describe, expect, it } from 'vitest';
import { localizePath, parseLocalePath } from './paths';

describe('locale paths', () => {
  it('leaves the default language without a prefix', () => {
    expect(localizePath('/sign-in', 'en')).toBe('/sign-in');
    expect(parseLocalePath('/sign-in')).toEqual({ locale: 'en', path: '/sign-in' });
  });

  it('prefixes other languages', () => {
    expect(localizePath('/sign-in', 'fr')).toBe('/fr/sign-in');
    expect(localizePath('/', 'de')).toBe('/de');
    expect(parseLocalePath('/de')).toEqual({ locale: 'de', path: '/' });
    expect(parseLocalePath('/nl/pages/terms-conditions')).toEqual({
      locale: 'nl',
      path: '/pages/terms-conditions',
    });
  });

  it('does not treat /en or unknown segments as a prefix', () => {
    expect(parseLocalePath('/en/sign-in').locale).toBe('en');
    expect(parseLocalePath('/xx/sign-in')).toEqual({ locale: 'en', path: '/xx/sign-in' });
  });
});
