import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Approval,
  ApprovalRequest,
  CheckoutOptions,
  CheckoutSummary,
  CheckoutSummaryRequest,
  OneClickOrderRequest,
  PlaceOrderRequest,
  PlaceOrderResponse,
} from '@portal/contract';
import { cartQueryKey } from '../../../shared/api/cart';
import { apiRequest } from '../../../shared/api/client';

export function useCheckoutOptions(enabled = true) {
  return useQuery({
    queryKey: ['checkout', 'options'],
    queryFn: ({ signal }) => apiRequest<CheckoutOptions>('/checkout/options', { signal }),
    enabled,
  });
}

/** Lines, totals, delivery time and blockers for the chosen addresses and payment method. */
export function useCheckoutSummary(request: CheckoutSummaryRequest | null) {
  return useQuery({
    queryKey: ['checkout', 'summary', request],
    queryFn: ({ signal }) =>
      apiRequest<CheckoutSummary>('/checkout/summary', { method: 'POST', body: request, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

interface Idempotent<T> {
  body: T;
  idempotencyKey: string;
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Idempotent<PlaceOrderRequest>) =>
      apiRequest<PlaceOrderResponse>('/orders', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
  });
}

export function useBuyWithOneClick() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Idempotent<OneClickOrderRequest>) =>
      apiRequest<PlaceOrderResponse>('/orders/buy-with-one-click', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
  });
}

/** An order above the purchaser's limits, submitted for an owner's approval (the cart empties). */
export function useSubmitForApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalRequest) =>
      apiRequest<Approval>('/order-approvals', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
