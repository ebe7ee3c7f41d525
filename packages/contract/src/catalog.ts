import { z } from 'zod';
import { CATALOG_LIMITS, LOCALES, PRODUCT_SORT_OPTIONS } from './constants';

export const PRODUCT_STATES = ['new', 'refurbished', 'used'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** Availability labels shown to buyers; 'out_of_stock' follows SPEC's rule. */
export const AVAILABILITIES = ['in_stock', 'low_stock', 'out_of_stock', 'on_order'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const localeQuerySchema = z.strictObject({ locale: z.enum(LOCALES).optional() });

export const translationSchema = z.object({ locale: z.enum(LOCALES), title: z.string() });

export const specificationSchema = z.object({
  /** A spec code translated by the web app (voltage, capacity, chemistry…). */
  key: z.string(),
  value: z.string(),
});

export const productImageSchema = z.object({
  path: z.string(),
  thumbnail: z.object({ path: z.string() }),
});

export const productCategoryRefSchema = z.object({
  _id: z.uuid(),
  slug: z.string(),
  name: z.string(),
});

/** A product as every catalog call answers it, in SPEC's words (SPEC section 3). */
export const productSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  sku: z.string(),
  reference: z.string(),
  slug: z.string(),
  /** The title in the requested language (fallback en). */
  name: z.string(),
  /** Euros with 2 decimals; stored in cents. The buyer's own price (their price list). */
  price: z.number(),
  /** The catalog price, when the buyer's price list gives another one (shown struck through). */
  list_price: z.number().optional(),
  /** The buyer's prices from a number of units on, when their price list has tiers. */
  price_tiers: z.array(z.object({ min_quantity: z.number().int(), price: z.number() })).optional(),
  translations: z.array(translationSchema),
  image: z.object({ thumbnail: z.object({ path: z.string() }), path: z.string() }),
  images: z.array(productImageSchema),
  is_in_stock: z.boolean(),
  quantity: z.number().int(),
  availability: z.enum(AVAILABILITIES),
  /** grams */
  weight: z.number().int(),
  /** millimetres */
  box_size: z.object({ width: z.number(), height: z.number(), length: z.number() }),
  manufacturer: z.string(),
  state: z.enum(PRODUCT_STATES),
  warranty_months: z.number().int(),
  replaced_models: z.array(z.string()),
  suitable_devices: z.array(z.string()),
  specifications: z.array(specificationSchema),
  standout_features: z.array(z.string()),
  views: z.number().int(),
  buyers: z.number().int(),
  categories: z.array(productCategoryRefSchema),
  /** The description in the requested language (fallback en; empty when none is written). */
  description: z.string(),
  created_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productSearchQuerySchema = z.strictObject({
  search: z.string().trim().min(1).max(CATALOG_LIMITS.searchMaxLength),
  locale: z.enum(LOCALES).optional(),
  limit: z.coerce.number().int().min(1).max(CATALOG_LIMITS.searchMaxLimit).optional(),
});

/** A search hit: enough for the header dropdown (thumbnail, title, price). */
export const productSearchItemSchema = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  sku: z.string(),
  reference: z.string(),
  slug: z.string(),
  name: z.string(),
  price: z.number(),
  /** The catalog price, when the buyer's price list gives another one (shown struck through). */
  list_price: z.number().optional(),
  image: z.object({ thumbnail: z.object({ path: z.string() }), path: z.string() }),
  is_in_stock: z.boolean(),
  quantity: z.number().int(),
  availability: z.enum(AVAILABILITIES),
  manufacturer: z.string(),
});
export type ProductSearchItem = z.infer<typeof productSearchItemSchema>;

export const productSearchResponseSchema = z.object({ items: z.array(productSearchItemSchema) });

export const productListItemSchema = productSearchItemSchema.extend({
  warranty_months: z.number().int(),
  state: z.enum(PRODUCT_STATES),
  views: z.number().int(),
  buyers: z.number().int(),
  weight: z.number().int(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

const optionalMoney = z.number().min(0).max(1_000_000).optional();

export const advancedFilterRequestSchema = z
  .strictObject({
    /** A category id or slug (any language); its descendants are included. */
    category: z.string().trim().min(1).max(200).optional(),
    manufacturer: z.string().trim().min(1).max(100).optional(),
    in_stock: z.boolean().optional(),
    price_min: optionalMoney,
    price_max: optionalMoney,
    search: z.string().trim().max(CATALOG_LIMITS.searchMaxLength).optional(),
    sort: z.enum(PRODUCT_SORT_OPTIONS).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    /** Capped at listingMaxLimit: a larger value is lowered, not refused. */
    limit: z
      .number()
      .int()
      .min(1)
      .transform((value) => Math.min(value, CATALOG_LIMITS.listingMaxLimit))
      .optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine(
    (value) =>
      value.price_min === undefined ||
      value.price_max === undefined ||
      value.price_min <= value.price_max,
    { message: 'validation.invalid', path: ['price_max'] },
  );
export type AdvancedFilterRequest = z.input<typeof advancedFilterRequestSchema>;

export const advancedFilterResponseSchema = z.object({
  items: z.array(productListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
  /** Manufacturers present in the filtered set, for the filter panel. */
  manufacturers: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type AdvancedFilterResponse = z.infer<typeof advancedFilterResponseSchema>;

export const productFilterKindSchema = z.strictObject({
  kind: z.enum(['most_viewed', 'best_seller']),
});
export const productFilterQuerySchema = z.strictObject({
  locale: z.enum(LOCALES).optional(),
  limit: z.coerce.number().int().min(1).max(CATALOG_LIMITS.filterListLimit).optional(),
});
export const productListResponseSchema = z.object({ items: z.array(productListItemSchema) });

export const skuParamsSchema = z.strictObject({ sku: z.string().trim().min(1).max(64) });
export const slugParamsSchema = z.strictObject({ slug: z.string().trim().min(1).max(200) });

export const increaseViewsResponseSchema = z.object({
  views: z.number().int(),
  counted: z.boolean(),
});

/** A category: names and slugs in every language, plus the ones of the requested language. */
export const categorySchema = z.object({
  _id: z.uuid(),
  parent_id: z.uuid().nullable(),
  /** Slug in the default language: the one used in /cat/{slug}. */
  slug: z.string(),
  name: z.string(),
  slugs: z.record(z.enum(LOCALES), z.string()),
  names: z.record(z.enum(LOCALES), z.string()),
  icon: z.object({ path: z.string() }).nullable(),
  position: z.number().int(),
  product_count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export type NestedCategory = Category & { children: NestedCategory[] };
export const nestedCategorySchema: z.ZodType<NestedCategory> = categorySchema.extend({
  get children() {
    return z.array(nestedCategorySchema);
  },
});

export const categoryListResponseSchema = z.object({ items: z.array(categorySchema) });
export const nestedCategoriesResponseSchema = z.object({
  nestedCategories: z.array(nestedCategorySchema),
});
export const categoryDetailSchema = categorySchema.extend({
  /** From the root down to this category, for breadcrumbs. */
  path: z.array(z.object({ _id: z.uuid(), slug: z.string(), name: z.string() })),
  children: z.array(categorySchema),
});
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

/** The shop's catalog and cart settings: one editable value under code product_settings. */
export const productSettingsSchema = z.strictObject({
  /** Minimum cart amount in euros before checkout. */
  min_cart_amount: z.number().min(0).max(1_000_000),
  /** Minimum number of items in the cart before checkout. */
  min_cart_quantity: z.number().int().min(0).max(100_000),
  /** At or below this quantity a product shows as low stock. */
  low_stock_threshold: z.number().int().min(0).max(100_000),
  listing_page_size: z.number().int().min(1).max(CATALOG_LIMITS.listingMaxLimit),
  default_sort: z.enum(PRODUCT_SORT_OPTIONS),
  /** Products created within this many days count as new arrivals. */
  new_arrival_days: z.number().int().min(1).max(3650),
});
export type ProductSettings = z.infer<typeof productSettingsSchema>;

export const SETTING_CODES = ['product_settings'] as const;
export type SettingCode = (typeof SETTING_CODES)[number];
export const settingCodeParamsSchema = z.strictObject({ code: z.string().min(1).max(64) });
export const settingResponseSchema = z.object({
  code: z.enum(SETTING_CODES),
  value: productSettingsSchema,
  updated_at: z.string(),
});
export type SettingResponse = z.infer<typeof settingResponseSchema>;
export const updateSettingRequestSchema = z.strictObject({ value: productSettingsSchema });

export const xmlFeedParamsSchema = z.strictObject({ userId: z.uuid() });
export const xmlFeedQuerySchema = z.strictObject({ key: z.string().min(16).max(128) });
export const xmlFeedLinkSchema = z.object({ url: z.string() });
