import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingResponse } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

export function getProductSettings(signal?: AbortSignal) {
  return apiRequest<SettingResponse>('/settings/code/product_settings', { signal }).then(
    (body) => body.value,
  );
}

export function productSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'product_settings'],
    queryFn: ({ signal }) => getProductSettings(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProductSettings() {
  return useQuery(productSettingsQueryOptions());
}
