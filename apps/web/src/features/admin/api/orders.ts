import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderStatusUpdate,
  ShipOrderRequest,
  StaffOrder,
  StaffOrderList,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { staffAlertsKey } from '../../../shared/api/staff-alerts';

const staffOrdersKey = ['admin', 'orders'] as const;

/** `GET /admin/orders`: the query string is the page's own (its filters live in the URL). */
export function useStaffOrders(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: [...staffOrdersKey, 'list', search],
    queryFn: ({ signal }) => apiRequest<StaffOrderList>(`/admin/orders?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffOrder(id: string) {
  return useQuery({
    queryKey: [...staffOrdersKey, id],
    queryFn: ({ signal }) =>
      apiRequest<StaffOrder>(`/admin/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

/** What staff can do to an order; each answer refreshes the order and the lists. */
export type StaffOrderAction =
  | { kind: 'mark_paid' }
  | { kind: 'ship'; shipment: ShipOrderRequest }
  | { kind: 'status'; update: OrderStatusUpdate }
  | { kind: 'note'; note: string }
  | { kind: 'resend_confirmation' }
  | { kind: 'resend_invoice' };

function runAction(id: string, action: StaffOrderAction): Promise<unknown> {
  const base = `/admin/orders/${encodeURIComponent(id)}`;
  switch (action.kind) {
    case 'mark_paid':
      return apiRequest(`${base}/mark-paid`, { method: 'POST' });
    case 'ship':
      return apiRequest(`${base}/ship`, { method: 'POST', body: action.shipment });
    case 'status':
      return apiRequest(`${base}/status`, { method: 'PUT', body: action.update });
    case 'note':
      return apiRequest(`${base}/notes`, { method: 'POST', body: { note: action.note } });
    case 'resend_confirmation':
      return apiRequest(`${base}/resend-confirmation`, { method: 'POST' });
    case 'resend_invoice':
      return apiRequest(`${base}/resend-invoice`, { method: 'POST' });
  }
}

export function useStaffOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: StaffOrderAction) => runAction(id, action),
    // The sidebar's counts (alerts.ts) may change with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffOrdersKey }),
        queryClient.invalidateQueries({ queryKey: staffAlertsKey }),
      ]),
  });
}
