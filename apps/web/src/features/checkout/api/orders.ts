import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartResponse, Order, PlaceOrderResponse } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { cartQueryKey } from '../../cart/api/cart';
import { awaitingOnlinePayment } from '../order-state';

/** While an online payment is being confirmed, ask again every few seconds. */
const CONFIRMING_REFRESH_MS = 3_000;

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: ['orders', id],
    queryFn: ({ signal }) =>
      apiRequest<Order>(`/orders/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const order = query.state.data;
      return order && awaitingOnlinePayment(order) ? CONFIRMING_REFRESH_MS : false;
    },
  });
}

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
