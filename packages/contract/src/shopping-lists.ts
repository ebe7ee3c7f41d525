import { z } from 'zod';
import { CART_MAX_LINE_QUANTITY } from './constants';
import { productListItemSchema } from './catalog';

/**
 * Shopping lists (requisition lists): named lists of products and quantities a company keeps to
 * order again. A list is private to its creator or shared with the company. Endpoints under
 * `/api/shopping-lists`:
 *
 * - `GET /` the lists the caller may see (theirs and the company's shared ones), newest first
 * - `POST /` a new list, empty or with lines (from quick order)
 * - `POST /from-cart` the caller's cart as a new list
 * - `POST /from-order/:orderId` a past order's lines as a new list
 * - `GET /:id`, `PATCH /:id` (name, shared), `DELETE /:id`
 * - `POST /:id/lines` add a product (its quantity adds to the line's), `PATCH|DELETE
 *   /:id/lines/:productId` change or remove a line
 * - `POST /:id/add-to-cart` every line, or the chosen ones, into the cart in one transaction
 *
 * Who may do what: `shopping_lists.view` sees them; `shopping_lists.use` makes and changes lists
 * of their own; owners (`shopping_lists.manage_shared`) also change and delete shared lists of
 * others. Another company's list, or a colleague's private one, is 404.
 */
export const SHOPPING_LIST_NAME_MAX_LENGTH = 80;
export const SHOPPING_LIST_NOTE_MAX_LENGTH = 200;
/** The most lines a list holds (as many as a quick order). */
export const SHOPPING_LIST_MAX_LINES = 500;
export const SHOPPING_LISTS_PAGE_SIZE = 20;

const name = z.string().trim().min(1).max(SHOPPING_LIST_NAME_MAX_LENGTH);
const note = z.string().trim().max(SHOPPING_LIST_NOTE_MAX_LENGTH);
const quantity = z.number().int().min(1).max(CART_MAX_LINE_QUANTITY);

export const shoppingListLineInputSchema = z.strictObject({
  product_id: z.uuid(),
  quantity,
  note: note.optional(),
});
export type ShoppingListLineInput = z.infer<typeof shoppingListLineInputSchema>;

/** `POST /shopping-lists`: a name, private or shared, and optionally its first lines. */
export const shoppingListCreateSchema = z.strictObject({
  name,
  shared: z.boolean(),
  lines: z.array(shoppingListLineInputSchema).max(SHOPPING_LIST_MAX_LINES).optional(),
});
export type ShoppingListCreate = z.infer<typeof shoppingListCreateSchema>;

/** `POST /shopping-lists/from-cart` and `/from-order/:orderId`: the new list's name and sharing. */
export const shoppingListCopySchema = z.strictObject({ name, shared: z.boolean() });
export type ShoppingListCopy = z.infer<typeof shoppingListCopySchema>;

/** `PATCH /shopping-lists/:id`. */
export const shoppingListUpdateSchema = z
  .strictObject({ name: name.optional(), shared: z.boolean().optional() })
  .refine((value) => value.name !== undefined || value.shared !== undefined, {
    message: 'validation.required',
    path: ['name'],
  });
export type ShoppingListUpdate = z.infer<typeof shoppingListUpdateSchema>;

/** `PATCH /shopping-lists/:id/lines/:productId`. */
export const shoppingListLineUpdateSchema = z
  .strictObject({ quantity: quantity.optional(), note: note.optional() })
  .refine((value) => value.quantity !== undefined || value.note !== undefined, {
    message: 'validation.required',
    path: ['quantity'],
  });
export type ShoppingListLineUpdate = z.infer<typeof shoppingListLineUpdateSchema>;

/** `POST /shopping-lists/:id/add-to-cart`: the chosen lines (products), or every line. */
export const shoppingListToCartSchema = z.strictObject({
  product_ids: z.array(z.uuid()).min(1).max(SHOPPING_LIST_MAX_LINES).optional(),
});
export type ShoppingListToCart = z.infer<typeof shoppingListToCartSchema>;

export const shoppingListParamsSchema = z.strictObject({ id: z.uuid() });
export const shoppingListLineParamsSchema = z.strictObject({
  id: z.uuid(),
  productId: z.uuid(),
});
export const shoppingListFromOrderParamsSchema = z.strictObject({ orderId: z.uuid() });

export const shoppingListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** A list as the lists page shows it. */
export const shoppingListSummarySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  shared: z.boolean(),
  /** The member who made it. */
  created_by: z.string(),
  mine: z.boolean(),
  /** The caller may rename, share, change lines and delete it. */
  can_edit: z.boolean(),
  line_count: z.number().int(),
  /** Its lines at today's prices, in euros, before VAT (inactive products left out). */
  total: z.number(),
  updated_at: z.string(),
});
export type ShoppingListSummary = z.infer<typeof shoppingListSummarySchema>;

export const shoppingListPageSchema = z.object({
  items: z.array(shoppingListSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type ShoppingListPage = z.infer<typeof shoppingListPageSchema>;

export const shoppingListLineSchema = z.object({
  product_id: z.uuid(),
  quantity: z.number().int(),
  note: z.string(),
  /** The product as it is now (price, stock); null when it is no longer sold. */
  product: productListItemSchema.nullable(),
  /** The SKU, kept for a product no longer sold. */
  sku: z.string(),
  subtotal: z.number(),
});
export type ShoppingListLine = z.infer<typeof shoppingListLineSchema>;

export const shoppingListSchema = shoppingListSummarySchema.extend({
  lines: z.array(shoppingListLineSchema),
});
export type ShoppingList = z.infer<typeof shoppingListSchema>;
