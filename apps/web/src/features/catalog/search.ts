import { CATALOG_LIMITS } from '@portal/contract';

/** Quiet time after typing before the search call. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The text sent to the search call; an empty result means: do not call (SPEC section 5). */
export const searchText = (value: string) => value.trim().slice(0, CATALOG_LIMITS.searchMaxLength);

/**
 * What Enter opens (SPEC section 2): the highlighted product, or, without a highlight, the
 * only result when there is exactly one. Null: nothing to open.
 */
export function submitTarget(
  highlightedSku: string | null,
  items: readonly { sku: string }[] | undefined,
): string | null {
  if (highlightedSku) return highlightedSku;
  return items?.length === 1 && items[0] ? items[0].sku : null;
}
