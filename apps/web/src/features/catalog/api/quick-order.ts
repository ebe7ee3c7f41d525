import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CartResponse,
  Locale,
  QuickOrderCheckResponse,
  QuickOrderLine,
  QuickOrderRow,
} from '@portal/contract';
import { cartQueryKey } from '../../../shared/api/cart';
import { apiRequest, uploadFile, type UploadProgress } from '../../../shared/api/client';

/** The lines checked against the catalog as the buyer edits them (the last answer stays shown). */
export function useQuickOrderCheck(lines: QuickOrderLine[], locale: Locale) {
  return useQuery({
    queryKey: ['quick-order', 'check', locale, lines],
    queryFn: ({ signal }) =>
      apiRequest<QuickOrderCheckResponse>('/quick-order/check', {
        method: 'POST',
        body: { lines },
        signal,
      }),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Adds every line to the cart or none; the answer (the whole cart) replaces the cached one. */
export function useAddQuickOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: QuickOrderLine[]) =>
      apiRequest<CartResponse>('/quick-order/add-to-cart', { method: 'POST', body: { lines } }),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}

/** The lines of a CSV or XLSX file, read by the server. */
export function readOrderFile(file: File, onProgress: (progress: UploadProgress) => void) {
  return uploadFile<{ rows: QuickOrderRow[] }>('/quick-order/read-file', file, onProgress);
}
