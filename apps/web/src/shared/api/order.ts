import { useQuery } from '@tanstack/react-query';
import type { Order } from '@portal/contract';
import { apiRequest } from './client';

/** A pending order paid online: the provider's confirmation has not arrived yet. */
export function awaitingOnlinePayment(order: Pick<Order, 'status' | 'payment_method'>): boolean {
  return order.status === 'pending' && order.payment_method !== 'banktransfer';
}

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
