import type { ProductSearchItem } from '@portal/contract';

/** SPEC section 4: out of stock when not in stock or the quantity is 0 or less. */
export function isOrderable(product: Pick<ProductSearchItem, 'is_in_stock' | 'quantity'>): boolean {
  return product.is_in_stock && product.quantity > 0;
}
