import {
  DEFAULT_LOCALE,
  LOCALES,
  type Availability,
  type Locale,
  type ProductListItem,
  type ProductState,
} from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { productCategories, products, productTranslations, productViews } from '../../db/schema';
import { fromCents } from '../../platform/money';

type ProductRow = typeof products.$inferSelect;

export type ProductImage = ProductRow['images'][number];

/** Shown for a product that has no image. */
export const placeholderImage: ProductImage = {
  path: '/api/media/products/placeholder/0.svg',
  thumbnail: { path: '/api/media/products/placeholder/0/thumb.svg' },
};

/** SPEC: a product is out of stock when not in stock or its quantity is 0 or less. */
export function availabilityOf(
  row: Pick<ProductRow, 'isInStock' | 'quantity' | 'backorderable'>,
  lowStockThreshold: number,
): Availability {
  if (!row.isInStock || row.quantity <= 0) return row.backorderable ? 'on_order' : 'out_of_stock';
  return row.quantity <= lowStockThreshold ? 'low_stock' : 'in_stock';
}

/** What a list row shows of a product, as the read models and the cart read it. */
export type ListRow = Pick<
  ProductRow,
  | 'id'
  | 'sku'
  | 'reference'
  | 'slug'
  | 'priceCents'
  | 'isInStock'
  | 'quantity'
  | 'backorderable'
  | 'manufacturer'
  | 'warrantyMonths'
  | 'views'
  | 'buyers'
  | 'weightGrams'
> & { state: string; image: ProductImage | null | undefined };

/** The one mapping of a product to its list row (search, listings, cart, dashboard, feed). */
export function toListItem(row: ListRow, name: string, lowStock: number): ProductListItem {
  return {
    _id: row.id,
    id: row.id,
    sku: row.sku,
    reference: row.reference,
    slug: row.slug,
    name,
    price: fromCents(row.priceCents),
    image: row.image ?? placeholderImage,
    // SPEC: out of stock when not in stock or quantity 0 or less.
    is_in_stock: row.isInStock && row.quantity > 0,
    quantity: row.quantity,
    availability: availabilityOf(row, lowStock),
    manufacturer: row.manufacturer,
    warranty_months: row.warrantyMonths,
    state: row.state as ProductState,
    views: row.views,
    buyers: row.buyers,
    weight: row.weightGrams,
  };
}

const titleIn = alias(productTranslations, 'title_in');
const titleEn = alias(productTranslations, 'title_en');

/** Products by id in the given order, with the title in `locale` (fallback en): one query. */
export async function findListItems(
  db: Db,
  ids: string[],
  locale: Locale,
  lowStock: number,
): Promise<ProductListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ product: products, title: titleIn.title, fallback: titleEn.title })
    .from(products)
    .leftJoin(titleIn, and(eq(titleIn.productId, products.id), eq(titleIn.locale, locale)))
    .leftJoin(titleEn, and(eq(titleEn.productId, products.id), eq(titleEn.locale, DEFAULT_LOCALE)))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { product } = row;
    return [
      toListItem(
        { ...product, image: product.images[0] },
        row.title ?? row.fallback ?? product.sku,
        lowStock,
      ),
    ];
  });
}

/**
 * The SKU and the title in `locale` (else English, else the SKU) of each product: what an order
 * line and a message name it by, without building list rows.
 */
/**
 * The SKU and title of products in a locale (English, then the SKU, where it has none): a
 * query of its own, or a part of a larger statement (an order's lines are written with them).
 */
export function productLabelsQuery(db: Executor, ids: string[], locale: Locale) {
  return db
    .select({
      id: products.id,
      sku: products.sku,
      title: sql<string>`coalesce(${titleIn.title}, ${titleEn.title}, ${products.sku})`.as('title'),
    })
    .from(products)
    .leftJoin(titleIn, and(eq(titleIn.productId, products.id), eq(titleIn.locale, locale)))
    .leftJoin(titleEn, and(eq(titleEn.productId, products.id), eq(titleEn.locale, DEFAULT_LOCALE)))
    .where(inArray(products.id, ids));
}

export async function findProductLabels(
  db: Executor,
  ids: string[],
  locale: Locale,
): Promise<Map<string, { sku: string; title: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await productLabelsQuery(db, ids, locale);
  return new Map(rows.map(({ id, sku, title }) => [id, { sku, title }]));
}

/** What the product page shows beyond a list row: read once per snapshot and product. */
export interface ProductDetails {
  translations: { locale: Locale; title: string }[];
  standoutFeatures: Partial<Record<Locale, string[]>>;
  descriptions: Partial<Record<Locale, string>>;
  images: ProductImage[];
  boxSize: { width: number; height: number; length: number };
  replacedModels: string[];
  suitableDevices: string[];
  specifications: { key: string; value: string }[];
  categoryIds: string[];
  createdAt: string;
}

interface ProductDetailsRow {
  images: ProductImage[];
  width: number;
  height: number;
  length: number;
  replaced_models: string[];
  suitable_devices: string[];
  specifications: { key: string; value: string }[];
  created_at: string | Date;
  translations: {
    locale: string;
    title: string;
    description: string;
    standout_features: string[];
  }[];
  category_ids: string[];
}

/**
 * The detail fields, translations and categories of one product in one prepared statement (one
 * round trip; parsed and planned once per connection).
 */
function productDetailsStatement(db: Db) {
  return preparedSql<ProductDetailsRow>(
    db,
    'catalog_product_details',
    () =>
      sql`select ${products.images}, ${products.boxWidthMm} as width,
        ${products.boxHeightMm} as height, ${products.boxLengthMm} as length,
        ${products.replacedModels}, ${products.suitableDevices}, ${products.specifications},
        ${products.createdAt},
        coalesce((select json_agg(json_build_object('locale', t.locale, 'title', t.title,
            'description', t.description, 'standout_features', t.standout_features))
          from ${productTranslations} t where t.product_id = ${products.id}), '[]'::json)
          as translations,
        array(select c.category_id::text from ${productCategories} c
          where c.product_id = ${products.id}) as category_ids
      from ${products}
      where ${products.id} = ${sql.placeholder('productId')} and ${products.isActive}`,
  );
}

/** The detail fields of an active product, or null. */
export async function findProductDetails(
  db: Db,
  productId: string,
): Promise<ProductDetails | null> {
  const [row] = await productDetailsStatement(db)({ productId });
  if (!row) return null;
  const order = (locale: string) => LOCALES.indexOf(locale as Locale);
  const known = row.translations
    .filter((t) => order(t.locale) >= 0)
    .sort((a, b) => order(a.locale) - order(b.locale));
  return {
    translations: known.map((t) => ({ locale: t.locale as Locale, title: t.title })),
    standoutFeatures: Object.fromEntries(known.map((t) => [t.locale, t.standout_features])),
    descriptions: Object.fromEntries(
      known.filter((t) => t.description !== '').map((t) => [t.locale, t.description]),
    ),
    images: row.images,
    boxSize: { width: row.width, height: row.height, length: row.length },
    replacedModels: row.replaced_models,
    suitableDevices: row.suitable_devices,
    specifications: row.specifications,
    categoryIds: row.category_ids,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Counts a view once per user per day; answers the product's view count. */
export async function recordView(db: Db, productId: string, userId: string) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(productViews)
      .values({ productId, userId, day: sql`current_date` })
      .onConflictDoNothing()
      .returning({ productId: productViews.productId });
    const counted = inserted.length > 0;
    const [row] = counted
      ? await tx
          .update(products)
          .set({ views: sql`${products.views} + 1` })
          .where(eq(products.id, productId))
          .returning({ views: products.views })
      : await tx.select({ views: products.views }).from(products).where(eq(products.id, productId));
    return { views: row?.views ?? 0, counted };
  });
}
