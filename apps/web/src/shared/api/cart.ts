import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartResponse, CartUpdateRequest } from '@portal/contract';
import { apiRequest } from './client';

export const cartQueryKey = ['cart'] as const;

/** SPEC section 8: a failed cart fetch is only logged (no toast). */
export function getMyCart(signal?: AbortSignal) {
  return apiRequest<CartResponse>('/carts/my-cart', { signal, silent: true });
}

export function cartQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: cartQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await getMyCart(signal);
      } catch (error) {
        if (!signal.aborted) console.warn('Could not load the cart', error);
        throw error;
      }
    },
    enabled,
    staleTime: 10_000,
  });
}

export function useCart(enabled = true) {
  return useQuery(cartQueryOptions(enabled));
}

/** Sets or adds to one product's quantity; the answer (the whole cart) replaces the cached one. */
export function useUpdateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CartUpdateRequest) =>
      apiRequest<CartResponse>('/carts/create-or-update', { method: 'POST', body }),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}

export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CartResponse>('/carts/clear-my-cart', { method: 'DELETE' }),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
