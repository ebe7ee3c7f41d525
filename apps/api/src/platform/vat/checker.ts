import { COUNTRIES, type Country, type VatCheckOutcome } from '@portal/contract';

/**
 * Tells whether a VAT number is active in its member state's register. `unavailable` means the
 * register could not be asked now (outage, timeout, unreadable answer): never read it as invalid.
 */
export interface VatChecker {
  readonly name: 'vies' | 'offline';
  check(vatNumber: string, country: Country): Promise<VatCheckOutcome>;
}

/** VIES writes Greece as EL; every other member state uses its ISO code. */
export const viesCountryCode = (country: Country) => (country === 'GR' ? 'EL' : country);

const MEMBER_STATE_CODES = new Set<string>([...COUNTRIES.map(viesCountryCode), 'GR']);

/**
 * Splits a VAT number as people type it ("nl 1234.567.89 b01") into the VIES member-state code
 * and the national part. Without a member-state prefix, the country of the company or address
 * is used.
 */
export function splitVatNumber(vatNumber: string, country: Country) {
  const compact = vatNumber.toUpperCase().replace(/[\s.-]/g, '');
  const prefix = compact.slice(0, 2);
  if (MEMBER_STATE_CODES.has(prefix)) {
    return { countryCode: prefix === 'GR' ? 'EL' : prefix, number: compact.slice(2) };
  }
  return { countryCode: viesCountryCode(country), number: compact };
}
