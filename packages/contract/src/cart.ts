import { z } from 'zod';
import { productListItemSchema } from './catalog';
import { CART_MAX_LINE_QUANTITY } from './constants';

/**
 * `POST /carts/create-or-update`: sets (default) or adds to the quantity of one product.
 * Quantity 0 with `set` removes the line. Prices are never sent: the server takes them from
 * the catalog, and unknown fields (a tampered `price`) are refused.
 */
export const cartUpdateRequestSchema = z
  .strictObject({
    product_id: z.uuid(),
    quantity: z.number().int().min(0).max(CART_MAX_LINE_QUANTITY),
    /** `set` (default): the line becomes `quantity`; `add`: `quantity` is added to the line. */
    mode: z.enum(['set', 'add']).optional(),
  })
  .refine((value) => value.mode !== 'add' || value.quantity > 0, {
    message: 'validation.invalid',
    path: ['quantity'],
  });
export type CartUpdateRequest = z.infer<typeof cartUpdateRequestSchema>;

/** One cart line (SPEC section 3: quantity, product, price, subtotal), priced from the catalog now. */
export const cartLineSchema = z.object({
  /** The product id: a cart holds one line per product. */
  _id: z.uuid(),
  quantity: z.number().int(),
  product: productListItemSchema,
  /** Unit price in euros (2 decimals), from the catalog at the time of the request. */
  price: z.number(),
  /** price × quantity in euros. */
  subtotal: z.number(),
  /** The quantity that can be ordered now; below `quantity` when stock fell since it was added. */
  available_quantity: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** The checkout minimums of product_settings and whether the cart reaches them. */
export const cartMinimumSchema = z.object({
  /** min_cart_amount in euros: the `{amount}` of the message. */
  amount: z.number(),
  /** min_cart_quantity: the `{qty}` of the message. */
  quantity: z.number().int(),
  amount_reached: z.boolean(),
  quantity_reached: z.boolean(),
});

/** `GET /carts/my-cart` and every cart change answer the whole cart. */
export const cartResponseSchema = z.object({
  _id: z.uuid(),
  cart_item: z.object({ items: z.array(cartLineSchema) }),
  /** Sum of the quantities: the number on the header cart icon. */
  item_count: z.number().int(),
  /** Sum of the line subtotals in euros, before shipping and VAT. */
  subtotal: z.number(),
  /** Total weight in grams (shipping is priced by weight). */
  weight: z.number().int(),
  minimum: cartMinimumSchema,
  /** False while a line exceeds its available quantity. */
  stock_ok: z.boolean(),
  updated_at: z.string(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;
