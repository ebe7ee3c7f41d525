import { describe, expect, it } from 'vitest';
import { isOrderable } from './orderable';

describe('isOrderable', () => {
  it('follows SPEC: out of stock when not in stock or quantity 0 or less', () => {
    expect(isOrderable({ is_in_stock: true, quantity: 3 })).toBe(true);
    expect(isOrderable({ is_in_stock: false, quantity: 3 })).toBe(false);
    expect(isOrderable({ is_in_stock: true, quantity: 0 })).toBe(false);
    expect(isOrderable({ is_in_stock: true, quantity: -2 })).toBe(false);
  });
});
