import { SPEC_KEYS } from '@portal/contract';

/**
 * Specification codes are translated by the web app (`catalog.specs.<code>` in the locale
 * files); the API sends codes and language-neutral values. A code missing here is shown as it is.
 */
const known = new Set<string>(SPEC_KEYS);

/** The translation key of a spec code, or null when the code is not known. */
export function specLabelKey(code: string): string | null {
  return known.has(code) ? `catalog.specs.${code}` : null;
}
