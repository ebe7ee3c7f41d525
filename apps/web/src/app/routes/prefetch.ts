// Asks the API for what a signed-in page shows as soon as its address is known (its route's
// loader), while the page's scripts are still downloading: the page then draws with its data
// instead of asking once drawn. Each query is the one its component uses (same key, same
// freshness), and only those the role's screens show are asked. Failures are left to the
// components, which ask again.
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { can, type AnyRole, type Locale } from '@portal/contract';
import {
  PRODUCT_ROW_SIZE,
  filteredProductsQueryOptions,
  productQueryOptions,
} from '../../features/catalog/api/products';
import {
  categoryQueryOptions,
  nestedCategoriesQueryOptions,
} from '../../features/catalog/api/categories';
import { productSettingsQueryOptions } from '../../features/catalog/api/settings';
import {
  dashboardSliderQueryOptions,
  monthlySpendQueryOptions,
  mostBoughtQueryOptions,
} from '../../features/dashboard/api/dashboard';
import { notificationsSummaryQueryOptions } from '../../features/notifications/api/notifications';
import { LAST_ORDERS_PAGE_SIZE, orderListQueryOptions } from '../../features/orders/api/orders';
import { cartQueryOptions } from '../../shared/api/cart';
import { queryClient } from '../query-client';

/**
 * The shell's header and sidebar: the cart badge, the notification bell, the category tree. The
 * shell stays on screen from page to page and refreshes these itself: asked only when the cache
 * has no answer yet (the first signed-in page).
 */
export function prefetchShell(role: AnyRole | undefined, locale: Locale) {
  if (can(role, 'cart.use')) prefetchMissing(cartQueryOptions());
  if (can(role, 'notifications.view')) prefetchMissing(notificationsSummaryQueryOptions());
  if (can(role, 'company.view')) prefetchMissing(nestedCategoriesQueryOptions(locale));
}

function prefetchMissing<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  if (queryClient.getQueryData(options.queryKey) === undefined) {
    void queryClient.prefetchQuery(options);
  }
}

/** The dashboard's slider, last orders, spend chart, most bought and popular products. */
export function prefetchDashboard(role: AnyRole | undefined, locale: Locale) {
  if (can(role, 'company.view')) {
    void queryClient.prefetchQuery(dashboardSliderQueryOptions());
    void queryClient.prefetchQuery(
      filteredProductsQueryOptions('best_seller', locale, PRODUCT_ROW_SIZE),
    );
  }
  if (can(role, 'orders.view')) {
    const firstPage = { page: 1, search: '', status: '', dateFrom: '', dateTo: '' } as const;
    void queryClient.prefetchQuery(orderListQueryOptions(firstPage, LAST_ORDERS_PAGE_SIZE));
    void queryClient.prefetchQuery(mostBoughtQueryOptions(locale, PRODUCT_ROW_SIZE));
  }
  if (can(role, 'dashboard.spend')) void queryClient.prefetchQuery(monthlySpendQueryOptions());
}

/**
 * A category page (its route's loader has checked the permission): the category, whose
 * subcategories go above the listing, and the catalog settings the listing's request needs.
 */
export function prefetchCategory(slug: string, locale: Locale) {
  void queryClient.prefetchQuery(categoryQueryOptions(slug, locale));
  void queryClient.prefetchQuery(productSettingsQueryOptions());
}

/** A product page (its route's loader has checked the permission): the product. */
export function prefetchProduct(sku: string, locale: Locale) {
  void queryClient.prefetchQuery(productQueryOptions(sku, locale));
}
