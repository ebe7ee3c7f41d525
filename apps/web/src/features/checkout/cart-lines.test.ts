import { describe, expect, it } from 'vitest';
import type { CartResponse } from '@portal/contract';
import { cartHolds, exceedsStock, quantityChange } from './cart-lines';

type Line = CartResponse['cart_item']['items'][number];

const line = (quantity: number, available: number): Line =>
  ({ _id: crypto.randomUUID(), quantity, available_quantity: available }) as Line;

function cart(lines: Line[], minimum: Partial<CartResponse['minimum']> = {}, stockOk = true) {
  return {
    cart_item: { items: lines },
    stock_ok: stockOk,
    minimum: { amount: 100, quantity: 2, amount_reached: true, quantity_reached: true, ...minimum },
  } as CartResponse;
}

describe('exceedsStock', () => {
  it('flags a line asking more than is available now', () => {
    expect(exceedsStock(line(5, 5))).toBe(false);
    expect(exceedsStock(line(6, 5))).toBe(true);
    expect(exceedsStock(line(1, 0))).toBe(true);
  });
});

describe('cartHolds', () => {
  it('says only "empty" for an empty cart', () => {
    expect(cartHolds(cart([], { amount_reached: false, quantity_reached: false }))).toEqual([
      'empty',
    ]);
  });

  it('lets a cart that meets every rule through', () => {
    expect(cartHolds(cart([line(2, 10)]))).toEqual([]);
  });

  it('lists stock first, then the minimum amount and item count', () => {
    expect(
      cartHolds(cart([line(3, 2)], { amount_reached: false, quantity_reached: false }, false)),
    ).toEqual(['stock', 'min_amount', 'min_quantity']);
    expect(cartHolds(cart([line(1, 5)], { quantity_reached: false }))).toEqual(['min_quantity']);
  });
});

describe('quantityChange', () => {
  it('sends whole non-negative numbers that change the line', () => {
    expect(quantityChange(4, 2)).toBe(4);
    expect(quantityChange('7', 2)).toBe(7);
    expect(quantityChange(0, 2)).toBe(0);
  });

  it('ignores empty, fractional, negative and unchanged values', () => {
    expect(quantityChange('', 2)).toBeNull();
    expect(quantityChange('  ', 2)).toBeNull();
    expect(quantityChange(1.5, 2)).toBeNull();
    expect(quantityChange(-1, 2)).toBeNull();
    expect(quantityChange(2, 2)).toBeNull();
    expect(quantityChange('abc', 2)).toBeNull();
  });
});
