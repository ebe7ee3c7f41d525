import type { CartLine, CartResponse } from '@portal/contract';

/** A line asks for more than can be ordered now (stock fell since it was added). */
export function exceedsStock(line: Pick<CartLine, 'quantity' | 'available_quantity'>): boolean {
  return line.quantity > line.available_quantity;
}

export type CartHold = 'empty' | 'stock' | 'min_amount' | 'min_quantity';

/** What keeps the cart from going to checkout, in the order the buyer should fix it. */
export function cartHolds(cart: CartResponse): CartHold[] {
  if (cart.cart_item.items.length === 0) return ['empty'];
  const holds: CartHold[] = [];
  if (!cart.stock_ok || cart.cart_item.items.some(exceedsStock)) holds.push('stock');
  if (!cart.minimum.amount_reached) holds.push('min_amount');
  if (!cart.minimum.quantity_reached) holds.push('min_quantity');
  return holds;
}

/**
 * A typed quantity to send, or null when it is not one (empty, fractional, negative) or does
 * not change the line.
 */
export function quantityChange(typed: number | string, current: number): number | null {
  const value = typeof typed === 'number' ? typed : Number(typed.trim() === '' ? NaN : typed);
  if (!Number.isInteger(value) || value < 0 || value === current) return null;
  return value;
}
