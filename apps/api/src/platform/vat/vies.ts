import type { VatCheckOutcome } from '@portal/contract';
import type { VatChecker } from './checker';
import { splitVatNumber } from './checker';

export interface ViesOptions {
  /** The VIES REST base, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api */
  baseUrl: string;
  timeoutMs: number;
}

/** VIES answers these errors when the number itself is wrong; anything else is an outage. */
const INVALID_NUMBER_ERRORS = new Set(['INVALID_INPUT', 'INVALID_REQUESTER_INFO']);

function errorsOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !('errorWrappers' in body)) return [];
  const wrappers = (body as { errorWrappers: unknown }).errorWrappers;
  if (!Array.isArray(wrappers)) return [];
  return wrappers.flatMap((wrapper: unknown) =>
    typeof wrapper === 'object' && wrapper !== null && 'error' in wrapper
      ? [String((wrapper as { error: unknown }).error)]
      : [],
  );
}

function outcomeOf(body: unknown): VatCheckOutcome {
  const errors = errorsOf(body);
  if (errors.some((error) => INVALID_NUMBER_ERRORS.has(error))) return 'inactive';
  if (errors.length > 0) return 'unavailable';
  if (typeof body === 'object' && body !== null && 'valid' in body) {
    const { valid } = body as { valid: unknown };
    if (typeof valid === 'boolean') return valid ? 'active' : 'inactive';
  }
  return 'unavailable';
}

/**
 * The EU VIES REST service (`POST {base}/check-vat-number`). Timeouts, network failures, server
 * errors, member-state outages and unreadable answers are all `unavailable`, never `inactive`.
 */
export function viesVatChecker({ baseUrl, timeoutMs }: ViesOptions): VatChecker {
  const url = `${baseUrl.replace(/\/$/, '')}/check-vat-number`;
  return {
    name: 'vies',
    async check(vatNumber, country) {
      const { countryCode, number } = splitVatNumber(vatNumber, country);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber: number }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body: unknown = await response.json().catch(() => null);
        if (!response.ok && errorsOf(body).length === 0) return 'unavailable';
        return outcomeOf(body);
      } catch {
        return 'unavailable';
      }
    },
  };
}
