import { CHECKOUT_WEB_PATHS, type PlaceOrderResponse } from '@portal/contract';

export type PaymentDestination = { kind: 'provider'; url: string } | { kind: 'page'; path: string };

/**
 * Where a placed order goes next: the provider's page when the API answers one ('Redirecting
 * to payment...'), otherwise (bank transfer) the payment successful page of the order.
 */
export function paymentDestination(
  response: Pick<PlaceOrderResponse, 'redirect_url' | 'order'>,
): PaymentDestination {
  if (response.redirect_url) return { kind: 'provider', url: response.redirect_url };
  const query = new URLSearchParams({ order_id: response.order._id });
  return { kind: 'page', path: `${CHECKOUT_WEB_PATHS.paymentSuccessful}?${query}` };
}

export interface KeyedBody {
  body: string;
  key: string;
}

/**
 * The Idempotency-Key for placing an order: a retry of the same order (double click, lost
 * answer) reuses the key, so the API answers the same order; a changed order gets a new key.
 */
export function idempotencyKeyFor(
  previous: KeyedBody | null,
  body: unknown,
  makeKey: () => string,
): KeyedBody {
  const serialized = JSON.stringify(body);
  if (previous && previous.body === serialized) return previous;
  return { body: serialized, key: makeKey() };
}
