import { z } from 'zod';
import { PRODUCT_STATES, productImageSchema, specificationSchema } from './catalog';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants';
import { SPEC_KEYS } from './spec-keys';
import { requiredText } from './validation';

/** Back-office II (issue 22): staff keep the catalog. */
export const STAFF_PRODUCTS_PAGE_SIZE = 25;
export const STOCK_MOVEMENTS_PAGE_SIZE = 20;

/** Why a product's stock changed; `sold` and `order_canceled` are written by orders. */
export const STOCK_MOVEMENT_REASONS = [
  'received',
  'sold',
  'returned',
  'correction',
  'order_canceled',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];
/** The reasons staff give when they change stock by hand. */
export const STAFF_STOCK_REASONS = ['received', 'returned', 'correction'] as const;

/** Stock states of the staff list: low is at or below the shop's low-stock threshold. */
export const STOCK_STATES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export const STAFF_PRODUCT_SORTS = [
  'updated',
  'sku',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
] as const;
export type StaffProductSort = (typeof STAFF_PRODUCT_SORTS)[number];

/** `GET /admin/products`: `q` is the shop's search (codes, words, prefixes, a typo). */
export const staffProductListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STAFF_PRODUCTS_PAGE_SIZE),
  q: z.string().trim().max(100).optional(),
  category: z.uuid().optional(),
  manufacturer: z.string().trim().min(1).max(100).optional(),
  stock: z.enum(STOCK_STATES).optional(),
  active: z.enum(['active', 'inactive']).optional(),
  sort: z.enum(STAFF_PRODUCT_SORTS).default('updated'),
});
export type StaffProductListQuery = z.infer<typeof staffProductListQuerySchema>;

export const staffProductRowSchema = z.object({
  _id: z.uuid(),
  sku: z.string(),
  reference: z.string(),
  /** The title in the request's language, else in English. */
  title: z.string(),
  manufacturer: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  is_in_stock: z.boolean(),
  is_active: z.boolean(),
  /** The first picture's thumbnail, or the placeholder. */
  thumbnail: z.string(),
  /** The languages whose title and description are both written. */
  complete_locales: z.array(z.enum(LOCALES)),
  updated_at: z.string(),
});
export type StaffProductRow = z.infer<typeof staffProductRowSchema>;

export const staffProductListSchema = z.object({
  items: z.array(staffProductRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type StaffProductList = z.infer<typeof staffProductListSchema>;

const shortList = z.array(z.string().trim().min(1).max(200)).max(100);

export const staffProductTextSchema = z.strictObject({
  title: z.string().trim().max(300),
  description: z.string().trim().max(10_000),
  standout_features: shortList,
});
export type StaffProductText = z.infer<typeof staffProductTextSchema>;

/**
 * A product as staff write it (`POST /admin/products`, `PUT /admin/products/{id}`): every field
 * of SPEC's product but its stock (changed by stock movements) and its pictures. Texts per
 * language; the English title is required, a language without a title falls back to English.
 */
export const staffProductInputSchema = z.strictObject({
  sku: requiredText(64).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'validation.invalid'),
  reference: requiredText(64),
  ean: z
    .string()
    .trim()
    .regex(/^\d{8,14}$/, 'validation.invalid')
    .nullable()
    .or(z.literal('').transform(() => null)),
  price: z.number().min(0).max(1_000_000).multipleOf(0.01),
  weight_grams: z.number().int().min(0).max(10_000_000),
  box_size: z.strictObject({
    width: z.number().int().min(0).max(100_000),
    height: z.number().int().min(0).max(100_000),
    length: z.number().int().min(0).max(100_000),
  }),
  manufacturer: requiredText(100),
  state: z.enum(PRODUCT_STATES),
  warranty_months: z.number().int().min(0).max(600),
  replaced_models: shortList,
  suitable_devices: shortList,
  specifications: z
    .array(z.strictObject({ key: z.enum(SPEC_KEYS), value: requiredText(200) }))
    .max(100),
  texts: z
    .partialRecord(z.enum(LOCALES), staffProductTextSchema)
    .refine((texts) => (texts[DEFAULT_LOCALE]?.title ?? '') !== '', {
      message: 'validation.required',
      path: [DEFAULT_LOCALE, 'title'],
    }),
  category_ids: z.array(z.uuid()).min(1).max(20),
  is_active: z.boolean(),
  is_in_stock: z.boolean(),
  backorderable: z.boolean(),
});
export type StaffProductInput = z.infer<typeof staffProductInputSchema>;

/** `POST /admin/products`: a new product may come with the stock first received. */
export const staffProductCreateSchema = staffProductInputSchema.extend({
  quantity: z.number().int().min(0).max(10_000_000).default(0),
});
export type StaffProductCreate = z.input<typeof staffProductCreateSchema>;

export const staffProductSchema = z.object({
  _id: z.uuid(),
  sku: z.string(),
  reference: z.string(),
  ean: z.string().nullable(),
  price: z.number(),
  weight_grams: z.number().int(),
  box_size: z.object({ width: z.number(), height: z.number(), length: z.number() }),
  manufacturer: z.string(),
  state: z.enum(PRODUCT_STATES),
  warranty_months: z.number().int(),
  replaced_models: z.array(z.string()),
  suitable_devices: z.array(z.string()),
  specifications: z.array(specificationSchema),
  texts: z.partialRecord(z.enum(LOCALES), staffProductTextSchema),
  category_ids: z.array(z.uuid()),
  is_active: z.boolean(),
  is_in_stock: z.boolean(),
  backorderable: z.boolean(),
  quantity: z.number().int(),
  images: z.array(productImageSchema),
  slug: z.string(),
  views: z.number().int(),
  buyers: z.number().int(),
  /** Ordered at least once: it can be deactivated, not deleted. */
  ordered: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffProduct = z.infer<typeof staffProductSchema>;

/** The languages whose title and description are both written. */
export function completeLocales(
  texts: Partial<Record<Locale, { title: string; description: string }>>,
): Locale[] {
  return LOCALES.filter((locale) => {
    const text = texts[locale];
    return !!text && text.title.trim() !== '' && text.description.trim() !== '';
  });
}

export const productIdParamsSchema = z.strictObject({ productId: z.uuid() });

/**
 * `POST /admin/products/{id}/stock-movements`: units received or returned (added), or a
 * correction (either way). Stock never goes below zero.
 */
export const stockMovementRequestSchema = z
  .strictObject({
    reason: z.enum(STAFF_STOCK_REASONS),
    change: z
      .number()
      .int()
      .min(-10_000_000)
      .max(10_000_000)
      .refine((value) => value !== 0, 'validation.invalid'),
    note: z.string().trim().max(500).optional(),
  })
  .refine((value) => value.reason === 'correction' || value.change > 0, {
    message: 'validation.stock_change_positive',
    path: ['change'],
  });
export type StockMovementRequest = z.infer<typeof stockMovementRequestSchema>;

export const stockMovementSchema = z.object({
  _id: z.string(),
  change: z.number().int(),
  quantity_after: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  /** Who made it: a member of staff, or the buyer of the order; null for the system. */
  by: z.string().nullable(),
  /** The order or claim number it belongs to. */
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const stockMovementListSchema = z.object({
  items: z.array(stockMovementSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type StockMovementList = z.infer<typeof stockMovementListSchema>;

/** `POST /admin/products/bulk`: one action on up to 500 chosen products, in one transaction. */
export const staffProductBulkSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.enum(['activate', 'deactivate']),
    ids: z.array(z.uuid()).min(1).max(500),
  }),
  z.strictObject({
    action: z.literal('move_to_category'),
    ids: z.array(z.uuid()).min(1).max(500),
    category_id: z.uuid(),
  }),
  z.strictObject({
    action: z.literal('change_price'),
    ids: z.array(z.uuid()).min(1).max(500),
    /** −90 % to +500 %, up to two decimals; prices are rounded to the cent. */
    percent: z
      .number()
      .min(-90)
      .max(500)
      .multipleOf(0.01)
      .refine((value) => value !== 0, 'validation.invalid'),
  }),
]);
export type StaffProductBulk = z.infer<typeof staffProductBulkSchema>;

export const staffProductBulkResultSchema = z.object({ updated: z.number().int() });

/** The manufacturers of the catalog, for the list's filter and the product form. */
export const manufacturerListSchema = z.object({ items: z.array(z.string()) });

/** Pictures staff upload for a product: JPEG, PNG or WebP, stored resized as WebP. */
export const PRODUCT_IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPerProduct: 12,
  /** The largest side of the product page's picture, in pixels. */
  detailSize: 1200,
  /** The largest side of the lists' picture, in pixels. */
  thumbnailSize: 320,
} as const;

/**
 * `PUT /admin/products/{id}/images`: the pictures in their new order, by their paths (the first
 * is the one lists show); a picture left out is removed.
 */
export const productImageOrderSchema = z.strictObject({
  paths: z.array(z.string().min(1).max(300)).max(PRODUCT_IMAGE_LIMITS.maxPerProduct),
});
export type ProductImageOrder = z.infer<typeof productImageOrderSchema>;

/** A category as staff keep it (`GET /admin/categories`), inactive ones included. */
export const staffCategorySchema = z.object({
  _id: z.uuid(),
  parent_id: z.uuid().nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
  names: z.partialRecord(z.enum(LOCALES), z.string()),
  /** Made once from the name and never changed, so links keep working. */
  slugs: z.partialRecord(z.enum(LOCALES), z.string()),
  /** Products placed in this category itself. */
  products: z.number().int(),
  /** The icon staff uploaded; null: buyers see the default battery icon. */
  icon: z.object({ path: z.string() }).nullable(),
});
export type StaffCategory = z.infer<typeof staffCategorySchema>;

export const staffCategoryListSchema = z.object({ items: z.array(staffCategorySchema) });

/** Names per language; English is required, a language without one shows the English name. */
export const categoryNamesSchema = z
  .partialRecord(z.enum(LOCALES), z.string().trim().max(100))
  .refine((names) => (names[DEFAULT_LOCALE] ?? '') !== '', {
    message: 'validation.required',
    path: [DEFAULT_LOCALE],
  });

/** `POST /admin/categories`: a new category at the end of its parent's children. */
export const staffCategoryCreateSchema = z.strictObject({
  parent_id: z.uuid().nullable(),
  names: categoryNamesSchema,
});
export type StaffCategoryCreate = z.infer<typeof staffCategoryCreateSchema>;

/** `PUT /admin/categories/{id}`: renamed in six languages (the slugs stay). */
export const staffCategoryUpdateSchema = z.strictObject({ names: categoryNamesSchema });

/** `POST /admin/categories/{id}/move`: under another parent (or to the top), at a position. */
export const staffCategoryMoveSchema = z.strictObject({
  parent_id: z.uuid().nullable(),
  position: z.number().int().min(0).max(10_000),
});
export type StaffCategoryMove = z.infer<typeof staffCategoryMoveSchema>;

/** `PUT /admin/categories/{id}/active`: an inactive category and its subtree are hidden from buyers. */
export const staffCategoryActiveSchema = z.strictObject({ active: z.boolean() });

export const categoryIdParamsSchema = z.strictObject({ categoryId: z.uuid() });
