import {
  DEFAULT_LOCALE,
  LOCALES,
  type Availability,
  type Locale,
  type Product,
  type ProductListItem,
  type ProductState,
} from '@portal/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { productCategories, products, productTranslations, productViews } from '../../db/schema';
import { fromCents } from '../../platform/money';
import type { CatalogSnapshot } from './catalog-snapshot';

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

const firstImage = (row: ProductRow) => row.images[0] ?? placeholderImage;

function listItem(row: ProductRow, name: string, lowStock: number): ProductListItem {
  const isInStock = row.isInStock && row.quantity > 0;
  return {
    _id: row.id,
    id: row.id,
    sku: row.sku,
    reference: row.reference,
    slug: row.slug,
    name,
    price: fromCents(row.priceCents),
    image: firstImage(row),
    is_in_stock: isInStock,
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
    return [listItem(row.product, row.title ?? row.fallback ?? row.product.sku, lowStock)];
  });
}

/** One product with every field, or null; `where` selects by id, sku or slug. */
export async function findProduct(
  db: Db,
  where: SQL,
  locale: Locale,
  lowStock: number,
  snapshot: CatalogSnapshot,
): Promise<Product | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(where, eq(products.isActive, true)))
    .limit(1);
  if (!row) return null;
  const [translations, links] = await Promise.all([
    db.select().from(productTranslations).where(eq(productTranslations.productId, row.id)),
    db
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, row.id)),
  ]);
  const title = (l: Locale) => translations.find((t) => t.locale === l);
  const own = title(locale) ?? title(DEFAULT_LOCALE);
  const order = (l: string) => LOCALES.indexOf(l as Locale);
  return {
    ...listItem(row, own?.title ?? row.sku, lowStock),
    translations: translations
      .filter((t) => order(t.locale) >= 0)
      .sort((a, b) => order(a.locale) - order(b.locale))
      .map((t) => ({ locale: t.locale as Locale, title: t.title })),
    images: row.images,
    box_size: { width: row.boxWidthMm, height: row.boxHeightMm, length: row.boxLengthMm },
    replaced_models: row.replacedModels,
    suitable_devices: row.suitableDevices,
    specifications: row.specifications,
    standout_features: own?.standoutFeatures ?? [],
    categories: links.flatMap(({ categoryId }) => {
      const node = snapshot.categoryById.get(categoryId);
      if (!node) return [];
      return [
        {
          _id: node.id,
          slug: node.slugs[DEFAULT_LOCALE] ?? '',
          name: node.names[locale] ?? node.names[DEFAULT_LOCALE] ?? '',
        },
      ];
    }),
    created_at: row.createdAt.toISOString(),
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
