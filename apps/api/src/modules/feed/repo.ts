import { and, asc, between, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  categoryTranslations,
  companies,
  productCategories,
  products,
  productTranslations,
  users,
} from '../../db/schema';

/** The user a feed link names, with the company facts that decide whether the feed exists. */
export async function findFeedUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      role: users.role,
      status: users.status,
      companyName: companies.name,
      companyStatus: companies.status,
      isXmlActive: companies.isXmlActive,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

const productColumns = {
  id: products.id,
  sku: products.sku,
  reference: products.reference,
  ean: products.ean,
  slug: products.slug,
  priceCents: products.priceCents,
  quantity: products.quantity,
  isInStock: products.isInStock,
  backorderable: products.backorderable,
  manufacturer: products.manufacturer,
  state: products.state,
  warrantyMonths: products.warrantyMonths,
  weightGrams: products.weightGrams,
  boxWidthMm: products.boxWidthMm,
  boxHeightMm: products.boxHeightMm,
  boxLengthMm: products.boxLengthMm,
  images: products.images,
  replacedModels: products.replacedModels,
  suitableDevices: products.suitableDevices,
  specifications: products.specifications,
};

/** Active products after `afterId` in id order: keyset pages stay fast at any depth. */
export function readProductBatch(db: Executor, afterId: string | null, size: number) {
  return db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.isActive, true), afterId ? gt(products.id, afterId) : undefined))
    .orderBy(asc(products.id))
    .limit(size);
}

/**
 * A batch is a contiguous id range, so its related rows are one range scan of the primary key
 * (product_id first). A list of 500 ids (`= any(...)`) can make the planner scan the whole table.
 */
export interface IdRange {
  first: string;
  last: string;
}

/** Titles of the products in a batch's id range, every language, in one query. */
export function readTitles(db: Executor, { first, last }: IdRange) {
  return db
    .select({
      productId: productTranslations.productId,
      locale: productTranslations.locale,
      title: productTranslations.title,
    })
    .from(productTranslations)
    .where(between(productTranslations.productId, first, last));
}

/** Categories of the products in a batch's id range, with English slug and name, in one query. */
export function readCategoryLinks(db: Executor, { first, last }: IdRange) {
  return db
    .select({
      productId: productCategories.productId,
      id: productCategories.categoryId,
      slug: categoryTranslations.slug,
      name: categoryTranslations.name,
    })
    .from(productCategories)
    .innerJoin(
      categoryTranslations,
      and(
        eq(categoryTranslations.categoryId, productCategories.categoryId),
        eq(categoryTranslations.locale, 'en'),
      ),
    )
    .where(between(productCategories.productId, first, last))
    .orderBy(asc(productCategories.productId), asc(categoryTranslations.slug));
}

export type FeedProductRow = Awaited<ReturnType<typeof readProductBatch>>[number];
