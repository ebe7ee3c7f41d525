import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../shared/locale/use-locale';
import { usePrefetch } from '../../../shared/ui/use-prefetch';
import { categoryQueryOptions } from '../api/categories';
import { listingQueryOptions, productQueryOptions } from '../api/products';
import { productSettingsQueryOptions } from '../api/settings';
import { listingRequest, readListingState } from '../listing-query';

/** A product link: loads the product page's data near the viewport and on hover or focus. */
export function useProductPrefetch<T extends Element>(sku: string) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return usePrefetch<T>(() => void queryClient.prefetchQuery(productQueryOptions(sku, locale)));
}

/**
 * A category link: the category near the viewport; on hover or focus also the first page of
 * its listing (when the shop's listing settings are known).
 */
export function useCategoryPrefetch<T extends Element>(slug: string) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  const category = () => void queryClient.prefetchQuery(categoryQueryOptions(slug, locale));
  return usePrefetch<T>(category, () => {
    category();
    const settings = queryClient.getQueryData(productSettingsQueryOptions().queryKey);
    if (!settings) return;
    const state = readListingState(new URLSearchParams(), settings.default_sort);
    const request = listingRequest(state, {
      category: slug,
      limit: settings.listing_page_size,
      locale,
    });
    void queryClient.prefetchQuery(listingQueryOptions(request));
  });
}
