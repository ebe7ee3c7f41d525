import { LOCALES, type Locale } from '@portal/contract';
import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import {
  categories,
  categoryTranslations,
  productCategories,
  products,
  productTranslations,
} from '../../../../db/schema';
import type { ProductImage } from '../../product-repo';
import { shownCategories } from '../category-tree';
import type { CategoryNode } from '../read-model';
import { PackedStrings, WordPackedStrings } from './packed-strings';
import { SearchIndex, TokenCollector, type SearchDocument } from './search-index';
import { CatalogSnapshot, type ListFields, type StockNumbers } from './snapshot';

/** Products read per query while building: bounds the memory a build needs beyond its result. */
const BUILD_BATCH = 5_000;

const snapshotColumns = {
  id: products.id,
  sku: products.sku,
  reference: products.reference,
  ean: products.ean,
  priceCents: products.priceCents,
  quantity: products.quantity,
  isInStock: products.isInStock,
  views: products.views,
  buyers: products.buyers,
  createdAt: products.createdAt,
  manufacturer: products.manufacturer,
  replacedModels: products.replacedModels,
  suitableDevices: products.suitableDevices,
  slug: products.slug,
  backorderable: products.backorderable,
  weightGrams: products.weightGrams,
  state: products.state,
  warrantyMonths: products.warrantyMonths,
  image: sql<ProductImage | null>`${products.images} -> 0`,
};

/** The next keyset batch of active products after `after` (by id). */
export function readSnapshotBatch(db: Db, after: string | null, size: number) {
  return db
    .select(snapshotColumns)
    .from(products)
    .where(and(eq(products.isActive, true), after ? gt(products.id, after) : undefined))
    .orderBy(asc(products.id))
    .limit(size);
}

/**
 * Reads the whole active catalog and builds a snapshot (seconds at 100,000 products). Products
 * are read in keyset batches of their id, with the titles and category links of each batch's id
 * range, and reduced at once to what the snapshot keeps, so a build never holds the catalog's
 * rows all at the same time.
 */
export async function loadCatalogSnapshot(
  db: Db,
  batchSize = BUILD_BATCH,
): Promise<CatalogSnapshot> {
  const [categoryRows, categoryNames] = await Promise.all([
    db.select().from(categories),
    db.select().from(categoryTranslations),
  ]);
  const interned = new Map<string, string>();
  const intern = (text: string) => {
    const known = interned.get(text);
    if (known !== undefined) return known;
    interned.set(text, text);
    return text;
  };

  // Everything per product in the order read; renumbered by popularity at the end.
  const ids: string[] = [];
  const skus: string[] = [];
  const packed = () => new PackedStrings.Builder();
  const references = packed();
  const slugs = packed();
  // Titles are made of words many products share, image paths of folder names.
  const byWords = (separator: string) => new WordPackedStrings.Builder(separator);
  const titles = Object.fromEntries(LOCALES.map((locale) => [locale, byWords(' ')])) as Record<
    Locale,
    InstanceType<typeof WordPackedStrings.Builder>
  >;
  const imagePaths = byWords('/');
  const thumbnailPaths = byWords('/');
  const states: string[] = [];
  const manufacturers: string[] = [];
  const numbers = {
    price: [] as number[],
    quantity: [] as number[],
    inStock: [] as number[],
    backorderable: [] as number[],
    views: [] as number[],
    buyers: [] as number[],
    created: [] as number[],
    weight: [] as number[],
    warranty: [] as number[],
  };
  const links: { read: number; categoryId: string }[] = [];
  const collector = new TokenCollector();

  for (let after: string | null = null; ;) {
    const rows = await readSnapshotBatch(db, after, batchSize);
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (!first || !last) break;
    const [batchTitles, batchLinks] = await Promise.all([
      db
        .select({
          productId: productTranslations.productId,
          locale: productTranslations.locale,
          title: productTranslations.title,
        })
        .from(productTranslations)
        .where(between(productTranslations.productId, first.id, last.id)),
      db
        .select()
        .from(productCategories)
        .where(between(productCategories.productId, first.id, last.id)),
    ]);
    const readOf = new Map<string, number>();
    const words = new Map<string, string[]>();
    for (const row of rows) {
      const read = ids.push(row.id) - 1;
      readOf.set(row.id, read);
      words.set(row.id, []);
      skus.push(row.sku);
      references.push(row.reference);
      slugs.push(row.slug);
      imagePaths.push(row.image?.path);
      thumbnailPaths.push(row.image?.thumbnail.path);
      states.push(intern(row.state));
      manufacturers.push(intern(row.manufacturer));
      numbers.price.push(row.priceCents);
      numbers.quantity.push(row.quantity);
      numbers.inStock.push(Number(row.isInStock));
      numbers.backorderable.push(Number(row.backorderable));
      numbers.views.push(row.views);
      numbers.buyers.push(row.buyers);
      numbers.created.push(row.createdAt.getTime());
      numbers.weight.push(row.weightGrams);
      numbers.warranty.push(row.warrantyMonths);
    }
    const titlesOf = new Map<string, Partial<Record<Locale, string>>>();
    for (const { productId, locale, title } of batchTitles) {
      words.get(productId)?.push(title);
      let own = titlesOf.get(productId);
      if (!own) titlesOf.set(productId, (own = {}));
      own[locale as Locale] = title;
    }
    for (const row of rows) {
      const own = titlesOf.get(row.id);
      for (const locale of LOCALES) titles[locale].push(own?.[locale]);
    }
    for (const row of rows) collector.add(searchDocumentOf(row, words.get(row.id) ?? []));
    for (const { productId, categoryId } of batchLinks) {
      const read = readOf.get(productId);
      if (read !== undefined) links.push({ read, categoryId });
    }
    if (rows.length < batchSize) break;
    after = last.id;
  }

  // Documents by popularity: best sellers, then most viewed, then by SKU.
  const order = Int32Array.from(ids, (_, i) => i).sort(
    (a, b) =>
      (numbers.buyers[b] as number) - (numbers.buyers[a] as number) ||
      (numbers.views[b] as number) - (numbers.views[a] as number) ||
      ((skus[a] as string) < (skus[b] as string) ? -1 : 1),
  );
  const docOfRead = new Int32Array(ids.length);
  order.forEach((read, doc) => (docOfRead[read] = doc));
  const byDoc = <T>(values: T[]) => Array.from(order, (read) => values[read] as T);
  const int32 = (values: number[]) => Int32Array.from(order, (read) => values[read] as number);
  const flags = (values: number[]) => Uint8Array.from(order, (read) => values[read] as number);

  const nodes = new Map<string, CategoryNode>(
    shownCategories(categoryRows).map((row) => [
      row.id,
      {
        id: row.id,
        parentId: row.parentId,
        position: row.position,
        iconPath: row.iconPath,
        names: {},
        slugs: {},
        children: [],
      },
    ]),
  );
  for (const { categoryId, locale, name, slug } of categoryNames) {
    const node = nodes.get(categoryId);
    if (node && (LOCALES as readonly string[]).includes(locale)) {
      // An emptied name keeps its slug (links keep working); the English name shows.
      if (name) node.names[locale as Locale] = name;
      node.slugs[locale as Locale] = slug;
    }
  }

  return new CatalogSnapshot(
    PackedStrings.from(byDoc(ids)),
    {
      price: int32(numbers.price),
      // SPEC: out of stock when not in stock or quantity 0 or less.
      available: Uint8Array.from(order, (read) =>
        numbers.inStock[read] && (numbers.quantity[read] as number) > 0 ? 1 : 0,
      ),
      views: int32(numbers.views),
      buyers: int32(numbers.buyers),
      created: Float64Array.from(order, (read) => numbers.created[read] as number),
      quantity: int32(numbers.quantity),
      inStock: flags(numbers.inStock),
      backorderable: flags(numbers.backorderable),
      manufacturer: byDoc(manufacturers),
    },
    {
      sku: PackedStrings.from(byDoc(skus)),
      readOf: order,
      reference: references.finish(),
      slug: slugs.finish(),
      titles: Object.fromEntries(
        LOCALES.map((locale) => [locale, titles[locale].finish()]),
      ) as ListFields['titles'],
      imagePath: imagePaths.finish(),
      thumbnailPath: thumbnailPaths.finish(),
      state: byDoc(states),
      weight: int32(numbers.weight),
      warranty: int32(numbers.warranty),
    },
    new SearchIndex(collector.finish(order)),
    [...nodes.values()],
    links.map(({ read, categoryId }) => ({ doc: docOfRead[read] as number, categoryId })),
  );
}

type SnapshotRow = Awaited<ReturnType<typeof readSnapshotBatch>>[number];

/** What a product is found by: its codes, and its titles (`titles`) with its other words. */
function searchDocumentOf(row: SnapshotRow, titles: string[]): SearchDocument {
  return {
    codes: [row.sku, row.reference, ...row.replacedModels, ...(row.ean ? [row.ean] : [])],
    words: [row.manufacturer, ...row.replacedModels, ...row.suitableDevices, ...titles],
  };
}

/** Everything the catalog keeps of one active product, to apply it in place (`applyProducts`). */
export interface ProductRecord extends StockNumbers {
  id: string;
  sku: string;
  reference: string;
  slug: string;
  state: string;
  manufacturer: string;
  titles: Partial<Record<Locale, string>>;
  image: ProductImage | null;
  views: number;
  createdAt: number;
  weightGrams: number;
  warrantyMonths: number;
  categoryIds: string[];
  search: SearchDocument;
}

/**
 * The products of `productIds` as the catalog shows them now: the active ones as records, and
 * the ids of those that are inactive or deleted (`gone`). Three queries by primary key.
 */
export async function loadProductRecords(
  db: Db,
  productIds: string[],
): Promise<{ records: ProductRecord[]; gone: string[] }> {
  const [rows, titleRows, linkRows] = await Promise.all([
    db
      .select({ ...snapshotColumns, isActive: products.isActive })
      .from(products)
      .where(inArray(products.id, productIds)),
    db
      .select({
        productId: productTranslations.productId,
        locale: productTranslations.locale,
        title: productTranslations.title,
      })
      .from(productTranslations)
      .where(inArray(productTranslations.productId, productIds)),
    db.select().from(productCategories).where(inArray(productCategories.productId, productIds)),
  ]);
  const active = new Map(rows.filter((row) => row.isActive).map((row) => [row.id, row]));
  const titles = new Map<string, Partial<Record<Locale, string>>>();
  for (const { productId, locale, title } of titleRows) {
    let own = titles.get(productId);
    if (!own) titles.set(productId, (own = {}));
    own[locale as Locale] = title;
  }
  const categoryIds = new Map<string, string[]>();
  for (const { productId, categoryId } of linkRows) {
    const own = categoryIds.get(productId);
    if (own) own.push(categoryId);
    else categoryIds.set(productId, [categoryId]);
  }
  const records = [...active.values()].map((row): ProductRecord => {
    const own = titles.get(row.id) ?? {};
    return {
      id: row.id,
      sku: row.sku,
      reference: row.reference,
      slug: row.slug,
      state: row.state,
      manufacturer: row.manufacturer,
      titles: own,
      image: row.image,
      priceCents: row.priceCents,
      quantity: row.quantity,
      isInStock: row.isInStock,
      backorderable: row.backorderable,
      views: row.views,
      buyers: row.buyers,
      createdAt: row.createdAt.getTime(),
      weightGrams: row.weightGrams,
      warrantyMonths: row.warrantyMonths,
      categoryIds: categoryIds.get(row.id) ?? [],
      search: searchDocumentOf(row, Object.values(own)),
    };
  });
  return { records, gone: productIds.filter((id) => !active.has(id)) };
}

/** Stock and sales numbers of active products, all of them or those of `productIds`. */
export async function loadStockNumbers(
  db: Db,
  productIds?: string[],
): Promise<(StockNumbers & { id: string })[]> {
  return db
    .select({
      id: products.id,
      quantity: products.quantity,
      isInStock: products.isInStock,
      backorderable: products.backorderable,
      buyers: products.buyers,
      priceCents: products.priceCents,
    })
    .from(products)
    .where(productIds ? inArray(products.id, productIds) : eq(products.isActive, true));
}
