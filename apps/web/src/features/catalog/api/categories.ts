import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryDetail, Locale, NestedCategory } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

const CATEGORY_STALE_MS = 5 * 60_000;

/** SPEC section 8: category fetch failures are only logged. */
function logged<T>(what: string, promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    console.warn(`Could not load ${what}`, error);
    throw error;
  });
}

export function getNestedCategories(locale: Locale, signal?: AbortSignal) {
  return logged(
    'the category tree',
    apiRequest<{ nestedCategories: NestedCategory[] }>(
      `/categories/nested-categories?locale=${locale}`,
      { signal, silent: true },
    ).then((body) => body.nestedCategories),
  );
}

export function nestedCategoriesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['catalog', 'categories', 'nested', locale],
    queryFn: ({ signal }) => getNestedCategories(locale, signal),
    staleTime: CATEGORY_STALE_MS,
  });
}

export function useNestedCategories(locale: Locale, enabled = true) {
  return useQuery({ ...nestedCategoriesQueryOptions(locale), enabled });
}

/** A category by its slug in any language, with its path from the root and its children. */
export function getCategoryBySlug(slug: string, locale: Locale, signal?: AbortSignal) {
  return logged(
    `category ${slug}`,
    apiRequest<CategoryDetail>(
      `/categories/getBySlug/${encodeURIComponent(slug)}?locale=${locale}`,
      { signal, silent: true },
    ),
  );
}

export function categoryQueryOptions(slug: string, locale: Locale) {
  return queryOptions({
    queryKey: ['catalog', 'category', slug, locale],
    queryFn: ({ signal }) => getCategoryBySlug(slug, locale, signal),
    staleTime: CATEGORY_STALE_MS,
  });
}

/** Moving to another category keeps the one shown until the next arrives (no loader between). */
export function useCategory(slug: string | undefined, locale: Locale) {
  return useQuery({
    ...categoryQueryOptions(slug ?? '', locale),
    enabled: Boolean(slug),
    placeholderData: keepPreviousData,
  });
}
