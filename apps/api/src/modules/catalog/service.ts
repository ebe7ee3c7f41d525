import { createHash } from 'node:crypto';
import {
  CATALOG_LIMITS,
  DEFAULT_LOCALE,
  type AdvancedFilterResponse,
  type Category,
  type CategoryDetail,
  type Locale,
  type NestedCategory,
  type Product,
  type ProductListItem,
  type ProductSettings,
  type ProductSort,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { fromCents, toCents } from '../../platform/money';
import type { CatalogIndex } from './catalog-index';
import type { CatalogSnapshot, CategoryNode, SnapshotDependencies } from './catalog-snapshot';
import { responseCacheOf, serializeAnswer, type SerializedAnswer } from './response-cache';
import { availabilityOf, findListItems, findProductDetails, recordView } from './product-repo';

export interface CatalogDeps {
  db: Db;
  index: CatalogIndex;
  settings: () => Promise<ProductSettings>;
  /** Budget of each snapshot's serialized-answer cache in bytes; 0 turns the cache off. */
  responseCacheBytes?: number;
  /** Checks an answer against its contract before it is cached (development and tests). */
  check?: (kind: 'search' | 'listing' | 'product', value: unknown) => void;
}

/** The settings a catalog answer depends on, as part of its cache key. */
const settingsKey = (settings: ProductSettings) =>
  `${settings.low_stock_threshold}|${settings.listing_page_size}|${settings.default_sort}`;

/**
 * A catalog answer serialized, from the snapshot's response cache when what it shows has not
 * changed, else computed by `compute` (which names the documents and order it depends on).
 */
async function cachedAnswer(
  deps: CatalogDeps,
  kind: 'search' | 'listing' | 'product',
  key: string,
  compute: (
    snapshot: CatalogSnapshot,
    settings: ProductSettings,
  ) => Promise<{ value: unknown; dependencies: SnapshotDependencies }>,
): Promise<SerializedAnswer> {
  const [snapshot, settings] = await Promise.all([deps.index.snapshot(), deps.settings()]);
  const budget = deps.responseCacheBytes ?? 0;
  const cache = budget > 0 ? responseCacheOf(snapshot, budget) : null;
  const fullKey = `${kind}|${settingsKey(settings)}|${key}`;
  const hit = cache?.get(fullKey);
  if (hit) return hit;
  const builtAt = snapshot.version;
  const { value, dependencies } = await compute(snapshot, settings);
  deps.check?.(kind, value);
  return cache ? cache.set(fullKey, value, builtAt, dependencies) : serializeAnswer(value);
}

/**
 * Header search and 'I'm looking for' as the route's JSON body (`{ items }`), cached: best
 * matches first, titles in the requested language.
 */
export function searchProductsBody(
  deps: CatalogDeps,
  text: string,
  locale: Locale,
  limit: number = CATALOG_LIMITS.searchDefaultLimit,
): Promise<SerializedAnswer> {
  return cachedAnswer(deps, 'search', `${locale}|${limit}|${text}`, async (snapshot, settings) => {
    const docs = snapshot.search.search(text, limit);
    return {
      value: {
        items: docs.map((doc) => snapshot.listItem(doc, locale, settings.low_stock_threshold)),
      },
      dependencies: { docs },
    };
  });
}

/** The category listing (filters, sort, pagination) as JSON, cached. */
export function listProductsBody(
  deps: CatalogDeps,
  filter: ListingFilter,
  locale: Locale,
): Promise<SerializedAnswer> {
  const key = [
    locale,
    filter.category ?? '',
    filter.manufacturer ?? '',
    filter.in_stock ?? '',
    filter.price_min ?? '',
    filter.price_max ?? '',
    filter.sort ?? '',
    filter.page ?? '',
    filter.limit ?? '',
    filter.search ?? '',
  ].join('|');
  return cachedAnswer(deps, 'listing', key, async (snapshot, settings) => {
    const { response, docs } = listFrom(snapshot, settings, filter, locale);
    return {
      value: response,
      dependencies: {
        docs,
        sort: filter.sort ?? settings.default_sort,
        availability: filter.in_stock === true,
      },
    };
  });
}

/** A product by id, sku or slug as JSON, cached; 404 when unknown or inactive. */
export function getProductBody(
  deps: CatalogDeps,
  key: 'id' | 'sku' | 'slug',
  value: string,
  locale: Locale,
): Promise<SerializedAnswer> {
  return cachedAnswer(deps, 'product', `${locale}|${key}|${value}`, async (snapshot, settings) => {
    const { product, doc } = await productFrom(deps, snapshot, settings, key, value, locale);
    return { value: product, dependencies: { docs: [doc] } };
  });
}

export interface ListingFilter {
  category?: string;
  manufacturer?: string;
  in_stock?: boolean;
  price_min?: number;
  price_max?: number;
  search?: string;
  sort?: ProductSort;
  page?: number;
  limit?: number;
}

function listFrom(
  snapshot: CatalogSnapshot,
  settings: ProductSettings,
  filter: ListingFilter,
  locale: Locale,
): { response: AdvancedFilterResponse; docs: number[] } {
  const limit = Math.min(
    filter.limit ?? settings.listing_page_size,
    CATALOG_LIMITS.listingMaxLimit,
  );
  const page = filter.page ?? 1;
  let categoryId: string | null = null;
  if (filter.category) {
    const node = snapshot.findCategory(filter.category);
    if (!node) throw notFound();
    categoryId = node.id;
  }
  const ordered = snapshot.ordered(categoryId, filter.sort ?? settings.default_sort);
  const matches = filter.search?.trim() ? snapshot.search.matchAll(filter.search) : null;
  const minCents = filter.price_min === undefined ? -Infinity : toCents(filter.price_min);
  const maxCents = filter.price_max === undefined ? Infinity : toCents(filter.price_max);
  const wanted = filter.manufacturer?.toLowerCase();
  // Which manufacturers (by index) the filter lets through: names compare without case.
  const allowed = wanted
    ? Uint8Array.from(snapshot.manufacturerNames, (name) => Number(name.toLowerCase() === wanted))
    : null;

  const offset = (page - 1) * limit;
  const pageDocs: number[] = [];
  const filtered = filter.in_stock || matches || minCents > -Infinity || maxCents < Infinity;
  let counts: Int32Array;
  let total = 0;
  if (!filtered) {
    // Only category and manufacturer: counts are cached per category, and the walk stops as
    // soon as the page is full.
    counts = snapshot.manufacturerCounts(categoryId);
    if (allowed) {
      counts.forEach((count, index) => {
        if (allowed[index]) total += count;
      });
    } else {
      total = ordered.length;
    }
    let seen = 0;
    for (let i = 0; i < ordered.length && pageDocs.length < limit; i++) {
      const doc = ordered[i] as number;
      if (allowed && !allowed[snapshot.manufacturerOf[doc] as number]) continue;
      if (seen++ >= offset) pageDocs.push(doc);
    }
  } else {
    counts = new Int32Array(snapshot.manufacturerNames.length);
    for (const doc of ordered) {
      if (filter.in_stock && !snapshot.available[doc]) continue;
      const price = snapshot.price[doc] as number;
      if (price < minCents || price > maxCents) continue;
      if (matches && !matches[doc]) continue;
      const maker = snapshot.manufacturerOf[doc] as number;
      counts[maker] = (counts[maker] as number) + 1;
      if (allowed && !allowed[maker]) continue;
      if (total >= offset && pageDocs.length < limit) pageDocs.push(doc);
      total++;
    }
  }
  const manufacturers: AdvancedFilterResponse['manufacturers'] = [];
  counts.forEach((count, index) => {
    if (count > 0) manufacturers.push({ name: snapshot.manufacturerNames[index] as string, count });
  });
  const response = {
    items: pageDocs.map((doc) => snapshot.listItem(doc, locale, settings.low_stock_threshold)),
    total,
    page,
    totalPage: Math.max(1, Math.ceil(total / limit)),
    manufacturers: manufacturers.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
  };
  return { response, docs: pageDocs };
}

/** Most viewed or best-selling products of the whole catalog. */
export async function topProducts(
  deps: CatalogDeps,
  kind: 'most_viewed' | 'best_seller',
  locale: Locale,
  limit: number = CATALOG_LIMITS.filterListLimit,
): Promise<ProductListItem[]> {
  const snapshot = await deps.index.snapshot();
  const docs = snapshot.ordered(null, kind).subarray(0, limit);
  const { low_stock_threshold } = await deps.settings();
  return Array.from(docs, (doc) => snapshot.listItem(doc, locale, low_stock_threshold));
}

/** Catalog rows of these products in the given order; unknown or inactive ones are left out. */
export async function productsByIds(
  deps: CatalogDeps,
  ids: readonly string[],
  locale: Locale,
): Promise<ProductListItem[]> {
  const [snapshot, { low_stock_threshold }] = await Promise.all([
    deps.index.snapshot(),
    deps.settings(),
  ]);
  return ids.flatMap((id) => {
    const doc = snapshot.findDoc('id', id);
    return doc === undefined ? [] : [snapshot.listItem(doc, locale, low_stock_threshold)];
  });
}

/** A product's price and stock as a caller read them, in its own transaction. */
export interface ProductNumbers {
  priceCents: number;
  stock: { quantity: number; isInStock: boolean; backorderable: boolean };
}

/**
 * Products as list rows in `locale`, by id: texts and images from the catalog index (from the
 * database for a product it does not hold, such as one deactivated while in a cart), price and
 * stock as the caller read them now. Unknown ids are left out.
 */
export async function listItems(
  db: Db,
  index: Pick<CatalogIndex, 'snapshot'> | undefined,
  products: ReadonlyMap<string, ProductNumbers>,
  locale: Locale,
  lowStock: number,
): Promise<Map<string, ProductListItem>> {
  const snapshot = index ? await index.snapshot() : null;
  const items = new Map<string, ProductListItem>();
  for (const [id, { priceCents, stock }] of products) {
    const doc = snapshot?.findDoc('id', id);
    if (!snapshot || doc === undefined) continue;
    items.set(id, {
      ...snapshot.listItem(doc, locale, lowStock),
      price: fromCents(priceCents),
      quantity: stock.quantity,
      is_in_stock: stock.isInStock && stock.quantity > 0,
      availability: availabilityOf(stock, lowStock),
    });
  }
  const missing = [...products.keys()].filter((id) => !items.has(id));
  for (const item of await findListItems(db, missing, locale, lowStock)) items.set(item.id, item);
  return items;
}

async function productFrom(
  deps: CatalogDeps,
  snapshot: CatalogSnapshot,
  settings: ProductSettings,
  key: 'id' | 'sku' | 'slug',
  value: string,
  locale: Locale,
): Promise<{ product: Product; doc: number }> {
  const doc = snapshot.findDoc(key, value);
  if (doc === undefined) throw notFound();
  const details = await snapshot.productDetails(doc, (id) => findProductDetails(deps.db, id));
  if (!details) throw notFound();
  const product: Product = {
    ...snapshot.listItem(doc, locale, settings.low_stock_threshold),
    translations: details.translations,
    images: details.images,
    box_size: details.boxSize,
    replaced_models: details.replacedModels,
    suitable_devices: details.suitableDevices,
    specifications: details.specifications,
    standout_features:
      details.standoutFeatures[locale] ?? details.standoutFeatures[DEFAULT_LOCALE] ?? [],
    categories: details.categoryIds.flatMap((categoryId) => {
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
    created_at: details.createdAt,
  };
  return { product, doc };
}

/** Counts a product view once per user per day. */
export async function increaseViews(deps: CatalogDeps, productId: string, userId: string) {
  const snapshot = await deps.index.snapshot();
  const doc = snapshot.findDoc('id', productId);
  if (doc === undefined) throw notFound();
  const result = await recordView(deps.db, productId, userId);
  if (result.counted) snapshot.addView(doc);
  return result;
}

function toCategory(snapshot: CatalogSnapshot, node: CategoryNode, locale: Locale): Category {
  return {
    _id: node.id,
    parent_id: node.parentId,
    slug: node.slugs[DEFAULT_LOCALE] ?? '',
    name: node.names[locale] ?? node.names[DEFAULT_LOCALE] ?? '',
    slugs: node.slugs as Category['slugs'],
    names: node.names as Category['names'],
    icon: node.iconPath ? { path: node.iconPath } : null,
    position: node.position,
    product_count: snapshot.countIn(node.id),
  };
}

/** Every category, flat, in tree order. */
export async function listCategories(index: CatalogIndex, locale: Locale): Promise<Category[]> {
  const snapshot = await index.snapshot();
  const out: Category[] = [];
  const walk = (nodes: CategoryNode[]) => {
    for (const node of nodes) {
      out.push(toCategory(snapshot, node, locale));
      walk(node.children);
    }
  };
  walk(snapshot.roots);
  return out;
}

const nestedCache = new WeakMap<
  CatalogSnapshot,
  Map<Locale, { tree: NestedCategory[]; etag: string }>
>();

/** The category tree in a language, built once per snapshot and language, with its ETag. */
export async function nestedCategories(index: CatalogIndex, locale: Locale) {
  const snapshot = await index.snapshot();
  let perLocale = nestedCache.get(snapshot);
  if (!perLocale) nestedCache.set(snapshot, (perLocale = new Map()));
  let cached = perLocale.get(locale);
  if (!cached) {
    const build = (nodes: CategoryNode[]): NestedCategory[] =>
      nodes.map((node) => ({
        ...toCategory(snapshot, node, locale),
        children: build(node.children),
      }));
    const tree = build(snapshot.roots);
    const etag = `"${createHash('sha1').update(JSON.stringify(tree)).digest('base64url')}"`;
    cached = { tree, etag };
    perLocale.set(locale, cached);
  }
  return cached;
}

/** A category by id or slug (any language) with its path from the root and its children. */
export async function getCategory(
  index: CatalogIndex,
  idOrSlug: string,
  locale: Locale,
): Promise<CategoryDetail> {
  const snapshot = await index.snapshot();
  const node = snapshot.findCategory(idOrSlug);
  if (!node) throw notFound();
  const path: CategoryDetail['path'] = [];
  for (
    let at: CategoryNode | undefined = node;
    at;
    at = at.parentId ? snapshot.categoryById.get(at.parentId) : undefined
  ) {
    path.unshift({
      _id: at.id,
      slug: at.slugs[DEFAULT_LOCALE] ?? '',
      name: at.names[locale] ?? at.names[DEFAULT_LOCALE] ?? '',
    });
  }
  return {
    ...toCategory(snapshot, node, locale),
    path,
    children: node.children.map((child) => toCategory(snapshot, child, locale)),
  };
}
