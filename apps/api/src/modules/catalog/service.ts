import { createHash } from 'node:crypto';
import {
  CATALOG_LIMITS,
  DEFAULT_LOCALE,
  LOCALES,
  type Category,
  type CategoryDetail,
  type Locale,
  type NestedCategory,
  type ProductListItem,
  type ProductSearchItem,
  type ProductSettings,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { PriceBook } from '../pricing';
import { fromCents } from '../../platform/money';
import { pricedAnswer } from './priced-answer';
import { availabilityOf, findListItems } from './product-repo';
import type {
  CatalogReadModel,
  CategoryNode,
  CategoryTree,
  ListingFilter,
} from './read-model/read-model';
import { answerBody, type SerializedAnswer } from './read-model/serialized-answer';

/**
 * The catalog as the rest of the API sees it: answers of the read model `CATALOG_READ_MODEL`
 * chose (read-model/), with the shop's product settings read here once per call.
 */
export interface CatalogDeps {
  db: Db;
  catalog: CatalogReadModel;
  settings: () => Promise<ProductSettings>;
}

/** Header search and 'I'm looking for' as the route's JSON body (`{ items }`). */
export async function searchProductsBody(
  deps: CatalogDeps,
  text: string,
  locale: Locale,
  limit: number = CATALOG_LIMITS.searchDefaultLimit,
): Promise<SerializedAnswer> {
  return deps.catalog.search(text, limit, locale, await deps.settings());
}

/** Header search's best matches as objects, for other modules ('did you mean' in quick order). */
export async function searchHits(
  deps: CatalogDeps,
  text: string,
  locale: Locale,
  limit: number,
): Promise<ProductSearchItem[]> {
  const answer = await searchProductsBody(deps, text, locale, limit);
  const { items } = JSON.parse(answerBody(answer, undefined).body.toString('utf8')) as {
    items: ProductSearchItem[];
  };
  return items;
}

/**
 * The category listing (filters, sort, pagination) as JSON, at the buyer's prices. With a price
 * list, sorting and the price range go by them too: the read model lists and prices such a
 * listing for the list; one that neither sorts nor filters by price is the same for every list
 * (cached once) and priced afterwards.
 */
export async function listProductsBody(
  deps: CatalogDeps,
  filter: ListingFilter,
  locale: Locale,
  book: PriceBook | null = null,
): Promise<SerializedAnswer> {
  const settings = await deps.settings();
  const sort = filter.sort ?? settings.default_sort;
  const byPrice =
    sort === 'price_asc' ||
    sort === 'price_desc' ||
    filter.price_min !== undefined ||
    filter.price_max !== undefined;
  if (book && byPrice) return deps.catalog.listing({ ...filter, prices: book }, locale, settings);
  return pricedAnswer(await deps.catalog.listing(filter, locale, settings), book, 'items');
}

/** A product by id, sku or slug as JSON; 404 when unknown or inactive. */
export async function getProductBody(
  deps: CatalogDeps,
  key: 'id' | 'sku' | 'slug',
  value: string,
  locale: Locale,
): Promise<SerializedAnswer> {
  return deps.catalog.product(key, value, locale, await deps.settings());
}

/** Most viewed or best-selling products of the whole catalog. */
export async function topProducts(
  deps: CatalogDeps,
  kind: 'most_viewed' | 'best_seller',
  locale: Locale,
  limit: number = CATALOG_LIMITS.filterListLimit,
): Promise<ProductListItem[]> {
  const { low_stock_threshold } = await deps.settings();
  return deps.catalog.top(kind, limit, locale, low_stock_threshold);
}

/** Catalog rows of these products in the given order; unknown or inactive ones are left out. */
export async function productsByIds(
  deps: CatalogDeps,
  ids: readonly string[],
  locale: Locale,
): Promise<ProductListItem[]> {
  const { low_stock_threshold } = await deps.settings();
  const rows = await deps.catalog.rows(ids, locale, low_stock_threshold);
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [row] : [];
  });
}

/** A product's price and stock as a caller read them, in its own transaction. */
export interface ProductNumbers {
  priceCents: number;
  stock: { quantity: number; isInStock: boolean; backorderable: boolean };
}

/**
 * Products as list rows in `locale`, by id: texts and images from the read model (from the
 * database for a product it does not hold, such as one deactivated while in a cart), price and
 * stock as the caller read them now. Unknown ids are left out.
 */
export async function listItems(
  db: Db,
  catalog: Pick<CatalogReadModel, 'rows'> | undefined,
  products: ReadonlyMap<string, ProductNumbers>,
  locale: Locale,
  lowStock: number,
): Promise<Map<string, ProductListItem>> {
  const held = catalog ? await catalog.rows([...products.keys()], locale, lowStock) : new Map();
  const items = new Map<string, ProductListItem>();
  for (const [id, { priceCents, stock }] of products) {
    const row = held.get(id);
    if (!row) continue;
    items.set(id, {
      ...row,
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

/** Counts a product view once per user per day. */
export function increaseViews(deps: CatalogDeps, productId: string, userId: string) {
  return deps.catalog.recordView(productId, userId);
}

function inEveryLanguage(values: Partial<Record<Locale, string>>): Record<Locale, string> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, values[locale] ?? values[DEFAULT_LOCALE] ?? '']),
  ) as Record<Locale, string>;
}

function toCategory(tree: CategoryTree, node: CategoryNode, locale: Locale): Category {
  return {
    _id: node.id,
    parent_id: node.parentId,
    slug: node.slugs[DEFAULT_LOCALE] ?? '',
    name: node.names[locale] ?? node.names[DEFAULT_LOCALE] ?? '',
    // A language staff left without a name shows the English one (and its slug).
    slugs: inEveryLanguage(node.slugs),
    names: inEveryLanguage(node.names),
    icon: node.iconPath ? { path: node.iconPath } : null,
    position: node.position,
    product_count: tree.countIn(node.id),
  };
}

/** Every category, flat, in tree order. */
export async function listCategories(
  catalog: CatalogReadModel,
  locale: Locale,
): Promise<Category[]> {
  const tree = await catalog.categories();
  const out: Category[] = [];
  const walk = (nodes: CategoryNode[]) => {
    for (const node of nodes) {
      out.push(toCategory(tree, node, locale));
      walk(node.children);
    }
  };
  walk(tree.roots);
  return out;
}

const nestedCache = new WeakMap<
  CategoryTree,
  Map<Locale, { tree: NestedCategory[]; etag: string }>
>();

/** The category tree in a language, built once per category tree and language, with its ETag. */
export async function nestedCategories(catalog: CatalogReadModel, locale: Locale) {
  const tree = await catalog.categories();
  let perLocale = nestedCache.get(tree);
  if (!perLocale) nestedCache.set(tree, (perLocale = new Map()));
  let cached = perLocale.get(locale);
  if (!cached) {
    const build = (nodes: CategoryNode[]): NestedCategory[] =>
      nodes.map((node) => ({
        ...toCategory(tree, node, locale),
        children: build(node.children),
      }));
    const nested = build(tree.roots);
    const etag = `"${createHash('sha1').update(JSON.stringify(nested)).digest('base64url')}"`;
    cached = { tree: nested, etag };
    perLocale.set(locale, cached);
  }
  return cached;
}

/** A category by id or slug (any language) with its path from the root and its children. */
export async function getCategory(
  catalog: CatalogReadModel,
  idOrSlug: string,
  locale: Locale,
): Promise<CategoryDetail> {
  const tree = await catalog.categories();
  const node = tree.findCategory(idOrSlug);
  if (!node) throw notFound();
  const path: CategoryDetail['path'] = [];
  for (
    let at: CategoryNode | undefined = node;
    at;
    at = at.parentId ? tree.categoryById.get(at.parentId) : undefined
  ) {
    path.unshift({
      _id: at.id,
      slug: at.slugs[DEFAULT_LOCALE] ?? '',
      name: at.names[locale] ?? at.names[DEFAULT_LOCALE] ?? '',
    });
  }
  return {
    ...toCategory(tree, node, locale),
    path,
    children: node.children.map((child) => toCategory(tree, child, locale)),
  };
}
