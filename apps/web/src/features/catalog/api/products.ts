import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CATALOG_LIMITS,
  type AdvancedFilterRequest,
  type AdvancedFilterResponse,
  type Locale,
  type Product,
  type ProductListItem,
  type ProductSearchItem,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { searchText } from '../search';

const PRODUCT_STALE_MS = 60_000;

export function searchProducts(text: string, locale: Locale, signal?: AbortSignal) {
  const query = new URLSearchParams({
    search: text,
    locale,
    limit: String(CATALOG_LIMITS.searchDefaultLimit),
  });
  return apiRequest<{ items: ProductSearchItem[] }>(`/products?${query}`, { signal }).then(
    (body) => body.items,
  );
}

/** Search-as-you-type; disabled for blank text (SPEC: no request for empty text). */
export function productSearchQueryOptions(value: string, locale: Locale) {
  const text = searchText(value);
  return queryOptions({
    queryKey: ['catalog', 'search', locale, text],
    queryFn: ({ signal }) => searchProducts(text, locale, signal),
    enabled: text.length > 0,
    staleTime: PRODUCT_STALE_MS,
  });
}

export function useProductSearch(value: string, locale: Locale) {
  return useQuery({
    ...productSearchQueryOptions(value, locale),
    placeholderData: keepPreviousData,
  });
}

export function getListing(request: AdvancedFilterRequest, signal?: AbortSignal) {
  return apiRequest<AdvancedFilterResponse>('/products/advanced-filter', {
    method: 'POST',
    body: request,
    signal,
  });
}

export function listingQueryOptions(request: AdvancedFilterRequest) {
  return queryOptions({
    queryKey: ['catalog', 'listing', request],
    queryFn: ({ signal }) => getListing(request, signal),
    staleTime: PRODUCT_STALE_MS,
  });
}

export function useListing(request: AdvancedFilterRequest | null) {
  return useQuery({
    ...listingQueryOptions(request ?? {}),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

export function getProductBySku(sku: string, locale: Locale, signal?: AbortSignal) {
  return apiRequest<Product>(`/products/sku/${encodeURIComponent(sku)}?locale=${locale}`, {
    signal,
  });
}

export function productQueryOptions(sku: string, locale: Locale) {
  return queryOptions({
    queryKey: ['catalog', 'product', sku, locale],
    queryFn: ({ signal }) => getProductBySku(sku, locale, signal),
    staleTime: PRODUCT_STALE_MS,
  });
}

export function useProduct(sku: string, locale: Locale) {
  return useQuery(productQueryOptions(sku, locale));
}

export type ProductFilterKind = 'most_viewed' | 'best_seller';

/** How many products a dashboard row (popular, most bought) shows. */
export const PRODUCT_ROW_SIZE = 4;

export function getFilteredProducts(
  kind: ProductFilterKind,
  locale: Locale,
  limit: number,
  signal?: AbortSignal,
) {
  return apiRequest<{ items: ProductListItem[] }>(
    `/products/filter/${kind}?locale=${locale}&limit=${limit}`,
    { signal },
  ).then((body) => body.items);
}

export function filteredProductsQueryOptions(
  kind: ProductFilterKind,
  locale: Locale,
  limit: number,
) {
  return queryOptions({
    queryKey: ['catalog', 'filter', kind, locale, limit],
    queryFn: ({ signal }) => getFilteredProducts(kind, locale, limit, signal),
    staleTime: PRODUCT_STALE_MS,
  });
}

export function useFilteredProducts(kind: ProductFilterKind, locale: Locale, limit: number) {
  return useQuery(filteredProductsQueryOptions(kind, locale, limit));
}

/** Counts a view (the API counts one per user per day); failures do not bother the buyer. */
export function increaseViews(id: string) {
  return apiRequest<{ views: number; counted: boolean }>(
    `/products/increase-views/${encodeURIComponent(id)}`,
    { method: 'PUT', silent: true },
  );
}
