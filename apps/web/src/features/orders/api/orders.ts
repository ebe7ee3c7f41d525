import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderHistoryDetail,
  OrderListResponse,
  OrderStatus,
  ReorderResponse,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { cartQueryKey } from '../../../shared/api/cart';

/** Dashboard page size for the last orders (SPEC leaves it open): five keep the card short. */
export const LAST_ORDERS_PAGE_SIZE = 5;

export interface OrderFilters {
  page: number;
  search: string;
  status: OrderStatus | '';
  dateFrom: string;
  dateTo: string;
}

/** `GET /orders`: the company's order history, one page. */
export function orderListQueryOptions(filters: OrderFilters, limit?: number) {
  const query = new URLSearchParams({ page: String(filters.page) });
  if (limit) query.set('limit', String(limit));
  if (filters.search) query.set('search', filters.search);
  if (filters.status) query.set('status', filters.status);
  if (filters.dateFrom) query.set('date_from', filters.dateFrom);
  if (filters.dateTo) query.set('date_to', filters.dateTo);
  return queryOptions({
    queryKey: ['orders', 'list', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest<OrderListResponse>(`/orders?${query.toString()}`, { signal }),
  });
}

export function useOrderList(filters: OrderFilters, limit?: number) {
  return useQuery({
    ...orderListQueryOptions(filters, limit),
    placeholderData: (previous) => previous,
  });
}

/** The progress labels with their moments, the shipment and the invoice of one order. */
export function useOrderProgress(id: string) {
  return useQuery({
    queryKey: ['orders', id, 'progress'],
    queryFn: ({ signal }) =>
      apiRequest<OrderHistoryDetail>(`/orders/${encodeURIComponent(id)}/progress`, { signal }),
  });
}

/** Reorder: the lines back in the cart at today's prices; unavailable lines are reported. */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest<ReorderResponse>(`/orders/${encodeURIComponent(orderId)}/reorder`, {
        method: 'POST',
      }),
    onSuccess: (answer) => queryClient.setQueryData(cartQueryKey, answer.cart),
  });
}
