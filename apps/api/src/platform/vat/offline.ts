import type { VatChecker } from './checker';
import { splitVatNumber } from './checker';

/** National VAT number formats per VIES member-state code (without the prefix). */
const FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  HR: /^\d{11}$/,
  CZ: /^\d{8,10}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  DE: /^\d{9}$/,
  EL: /^\d{9}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LV: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SK: /^\d{10}$/,
  SI: /^\d{8}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  SE: /^\d{10}01$/,
};

/**
 * Test numbers the offline checker answers as inactive although their format is right, so the
 * inactive-VAT banner and its recheck can be tried without the EU register (see docs/configuration.md).
 */
export const OFFLINE_INACTIVE_TEST_NUMBERS = ['NL000000000B00', 'DE000000000'] as const;

/**
 * The default checker: no network. A number is active when it has its member state's format and
 * is not one of the documented inactive test numbers.
 */
export function offlineVatChecker(): VatChecker {
  const inactive = new Set<string>(OFFLINE_INACTIVE_TEST_NUMBERS);
  return {
    name: 'offline',
    check(vatNumber, country) {
      const { countryCode, number } = splitVatNumber(vatNumber, country);
      const format = FORMATS[countryCode];
      const active = Boolean(format?.test(number)) && !inactive.has(`${countryCode}${number}`);
      return Promise.resolve(active ? 'active' : 'inactive');
    },
  };
}
