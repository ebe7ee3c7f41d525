import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartResponse, PlaceOrderResponse } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { cartQueryKey } from '../../../shared/api/cart';

/** Puts a failed or canceled order's lines back in the cart (bounded by stock). */
export function useRestoreCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest<CartResponse>(`/orders/${encodeURIComponent(orderId)}/restore-cart`, {
        method: 'POST',
      }),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}

/** A new payment for a pending order whose online payment was left. */
export function usePayOrder() {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest<PlaceOrderResponse>(`/orders/${encodeURIComponent(orderId)}/pay`, {
        method: 'POST',
      }),
  });
}
