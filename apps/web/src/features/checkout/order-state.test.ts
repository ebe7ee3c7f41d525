import { describe, expect, it } from 'vitest';
import type { PlaceOrderResponse } from '@portal/contract';
import { idempotencyKeyFor, paymentDestination } from './order-state';

const ORDER_ID = '3f1c2b9a-1111-4222-8333-444455556666';
const placed = (redirect_url: string | null) =>
  ({ redirect_url, order: { _id: ORDER_ID } }) as PlaceOrderResponse;

describe('paymentDestination', () => {
  it("goes to the provider's page when the API answers one", () => {
    expect(paymentDestination(placed('https://pay.example/p/1'))).toEqual({
      kind: 'provider',
      url: 'https://pay.example/p/1',
    });
  });

  it('opens the payment successful page of the order for bank transfer', () => {
    expect(paymentDestination(placed(null))).toEqual({
      kind: 'page',
      path: `/payment-successful?order_id=${ORDER_ID}`,
    });
  });
});

describe('idempotencyKeyFor', () => {
  it('reuses the key for the same order and makes a new one when it changes', () => {
    let made = 0;
    const make = () => `key-${++made}`;
    const first = idempotencyKeyFor(null, { a: 1, comment: null }, make);
    expect(first.key).toBe('key-1');
    expect(idempotencyKeyFor(first, { a: 1, comment: null }, make)).toBe(first);
    const changed = idempotencyKeyFor(first, { a: 1, comment: 'ring twice' }, make);
    expect(changed.key).toBe('key-2');
  });
});
