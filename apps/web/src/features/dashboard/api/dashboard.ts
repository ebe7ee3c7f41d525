import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DashboardSliderSettingResponse,
  Locale,
  MonthlySpend,
  ProductListItem,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

const DASHBOARD_STALE_MS = 60_000;

/** The slider's banners (setting dashboard_slider, edited by staff). */
export function dashboardSliderQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'dashboard_slider'],
    queryFn: ({ signal }) =>
      apiRequest<DashboardSliderSettingResponse>('/settings/code/dashboard_slider', {
        signal,
      }).then((body) => body.value),
    staleTime: 5 * 60_000,
  });
}

export function useDashboardSlider() {
  return useQuery(dashboardSliderQueryOptions());
}

/** The company's most bought products, as catalog rows in `locale`. */
export function mostBoughtQueryOptions(locale: Locale, limit: number) {
  return queryOptions({
    queryKey: ['dashboard', 'most-bought', locale, limit],
    queryFn: ({ signal }) =>
      apiRequest<{ items: ProductListItem[] }>(
        `/dashboard/most-bought?locale=${locale}&limit=${limit}`,
        { signal },
      ).then((body) => body.items),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useMostBought(locale: Locale, limit: number) {
  return useQuery(mostBoughtQueryOptions(locale, limit));
}

/** The company's paid order values per month, last 12 months (owners and accountants). */
export function monthlySpendQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'monthly-spend'],
    queryFn: ({ signal }) => apiRequest<MonthlySpend>('/dashboard/monthly-spend', { signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useMonthlySpend(enabled: boolean) {
  return useQuery({ ...monthlySpendQueryOptions(), enabled });
}
