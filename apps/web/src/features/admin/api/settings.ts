import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopPicture } from '@portal/contract';
import { apiRequest, uploadFile, type UploadProgress } from '../../../shared/api/client';

/** The settings codes staff edit, each with its own screen. */
export type SettingCodeName =
  | 'product_settings'
  | 'checkout_settings'
  | 'invoice_settings'
  | 'claim_settings'
  | 'dashboard_slider';

const settingKey = (code: SettingCodeName) => ['settings', code] as const;

export function useSetting<T>(code: SettingCodeName) {
  return useQuery({
    queryKey: settingKey(code),
    queryFn: ({ signal }) =>
      apiRequest<{ value: T; updated_at: string }>(`/settings/code/${code}`, { signal }),
  });
}

/** Saves a setting's whole value; every screen reading it (the cart's rules…) reads it again. */
export function useSaveSetting<T>(code: SettingCodeName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) =>
      apiRequest<{ value: T; updated_at: string }>(`/settings/code/${code}`, {
        method: 'PUT',
        body: { value },
      }),
    onSuccess: (saved) => queryClient.setQueryData(settingKey(code), saved),
  });
}

/** Sends a picture for a banner (`POST /admin/banner-pictures`); the slider names it once saved. */
export function uploadBannerPicture(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<ShopPicture> {
  return uploadFile<ShopPicture>('/admin/banner-pictures', file, onProgress);
}
