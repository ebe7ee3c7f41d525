import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  CATALOG_LIMITS,
  type AdvancedFilterResponse,
  type Locale,
  type ProductListItem,
  type ProductSettings,
} from '@portal/contract';
import type { Db } from '../../../../db/client';
import { discountedCents, type PriceBook } from '../../../pricing';
import { notFound } from '../../../../platform/errors';
import { toCents } from '../../../../platform/money';
import { findProductDetails, recordView } from '../../product-repo';
import { PRICED_GZIP } from '../../priced-answer';
import { productPage } from '../product-page';
import type { AnswerCheck, CatalogReadModel, ListingFilter } from '../read-model';
import {
  answerOfJson,
  serializeAnswer,
  type ComputedAnswer,
  type SerializedAnswer,
} from '../serialized-answer';
import { byBuyerPrice } from './buyer-order';
import { CatalogIndex } from './catalog-index';
import { pricedListingJson } from './priced-rows';
import { responseCacheOf } from './response-cache';
import type { CatalogSnapshot, SnapshotDependencies } from './snapshot';

/** The settings a catalog answer depends on, as part of its cache key. */
const settingsKey = (settings: ProductSettings) =>
  `${settings.low_stock_threshold}|${settings.listing_page_size}|${settings.default_sort}`;

/**
 * An answer computed, with what it depends on: its value, or its JSON already written (with the
 * products it prices).
 */
type Computed = { dependencies: SnapshotDependencies } & (
  { value: unknown } | { json: Buffer; productIds: readonly string[] }
);

export interface MemoryReadModelOptions {
  /** Budget of each snapshot's serialized-answer cache in bytes; 0 turns the cache off. */
  responseCacheBytes?: number;
  check?: AnswerCheck;
}

/**
 * The catalog from an in-memory snapshot of every active product (decision 004): search,
 * listings and rows computed in the process, answers serialized once and kept while what they
 * show is unchanged. `CatalogIndex` keeps the snapshot fresh.
 */
export class MemoryReadModel implements CatalogReadModel {
  readonly kind = 'memory';
  readonly index: CatalogIndex;

  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
    private readonly options: MemoryReadModelOptions = {},
  ) {
    this.index = new CatalogIndex(db, log);
  }

  async warm(): Promise<void> {
    await this.index.snapshot();
  }

  ageSeconds(): number | null {
    const ago = this.index.checkedAgoMs();
    return ago === null ? null : ago / 1000;
  }

  async refresh(): Promise<void> {
    await this.index.rebuild();
  }

  catalogChanged(): void {
    this.index.lookNow();
  }

  stockChanged(productIds: string[]): Promise<void> {
    return this.index.refreshStock(productIds);
  }

  categories(): Promise<CatalogSnapshot> {
    return this.index.snapshot();
  }

  /**
   * A catalog answer serialized, from the snapshot's response cache when what it shows has not
   * changed, else computed by `compute` (which names the documents and order it depends on).
   */
  private async cachedAnswer(
    kind: 'search' | 'listing' | 'product',
    key: string,
    settings: ProductSettings,
    compute: (snapshot: CatalogSnapshot) => Promise<Computed>,
    gzip?: { level: number },
  ): Promise<SerializedAnswer> {
    const snapshot = await this.index.snapshot();
    const budget = this.options.responseCacheBytes ?? 0;
    const cache = budget > 0 ? responseCacheOf(snapshot, budget) : null;
    const fullKey = `${kind}|${settingsKey(settings)}|${key}`;
    const hit = cache?.get(fullKey);
    if (hit) return hit;
    const builtAt = snapshot.version;
    const computed = await compute(snapshot);
    let answer: ComputedAnswer;
    if ('json' in computed) {
      this.options.check?.(kind, JSON.parse(computed.json.toString('utf8')));
      answer = answerOfJson(computed.json, computed.productIds, gzip);
    } else {
      this.options.check?.(kind, computed.value);
      answer = serializeAnswer(computed.value, gzip);
    }
    return cache ? cache.set(fullKey, answer, builtAt, computed.dependencies) : answer;
  }

  search(
    text: string,
    limit: number,
    locale: Locale,
    settings: ProductSettings,
  ): Promise<SerializedAnswer> {
    return this.cachedAnswer('search', `${locale}|${limit}|${text}`, settings, async (snapshot) => {
      const docs = snapshot.search.search(text, limit);
      return {
        value: {
          items: docs.map((doc) => snapshot.listItem(doc, locale, settings.low_stock_threshold)),
        },
        dependencies: { docs },
      };
    });
  }

  listing(
    filter: ListingFilter,
    locale: Locale,
    settings: ProductSettings,
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
      filter.prices?.key ?? '',
    ].join('|');
    const priced = filter.prices;
    return this.cachedAnswer(
      'listing',
      key,
      settings,
      async (snapshot) => {
        const { page, docs } = listFrom(snapshot, settings, filter);
        const lowStock = settings.low_stock_threshold;
        const dependencies = {
          docs,
          sort: filter.sort ?? settings.default_sort,
          availability: filter.in_stock === true,
          price: filter.price_min !== undefined || filter.price_max !== undefined,
        };
        if (priced) {
          const listing = pricedListingJson(snapshot, docs, page, priced, locale, lowStock);
          return { ...listing, dependencies };
        }
        const items = docs.map((doc) => snapshot.listItem(doc, locale, lowStock));
        return { value: { items, ...page }, dependencies };
      },
      priced ? PRICED_GZIP : undefined,
    );
  }

  product(
    key: 'id' | 'sku' | 'slug',
    value: string,
    locale: Locale,
    settings: ProductSettings,
  ): Promise<SerializedAnswer> {
    return this.cachedAnswer('product', `${locale}|${key}|${value}`, settings, async (snapshot) => {
      const doc = snapshot.findDoc(key, value);
      if (doc === undefined) throw notFound();
      const details = await snapshot.productDetails(doc, (id) => findProductDetails(this.db, id));
      if (!details) throw notFound();
      const item = snapshot.listItem(doc, locale, settings.low_stock_threshold);
      return {
        value: productPage(item, details, snapshot, locale),
        dependencies: { docs: [doc] },
      };
    });
  }

  async top(
    kind: 'most_viewed' | 'best_seller',
    limit: number,
    locale: Locale,
    lowStock: number,
  ): Promise<ProductListItem[]> {
    const snapshot = await this.index.snapshot();
    const docs = snapshot.ordered(null, kind).subarray(0, limit);
    return Array.from(docs, (doc) => snapshot.listItem(doc, locale, lowStock));
  }

  async rows(
    ids: readonly string[],
    locale: Locale,
    lowStock: number,
  ): Promise<Map<string, ProductListItem>> {
    const snapshot = await this.index.snapshot();
    const rows = new Map<string, ProductListItem>();
    for (const id of ids) {
      const doc = snapshot.findDoc('id', id);
      if (doc !== undefined) rows.set(id, snapshot.listItem(doc, locale, lowStock));
    }
    return rows;
  }

  async recordView(productId: string, userId: string) {
    const snapshot = await this.index.snapshot();
    const doc = snapshot.findDoc('id', productId);
    if (doc === undefined) throw notFound();
    const result = await recordView(this.db, productId, userId);
    if (result.counted) snapshot.addView(doc);
    return result;
  }
}

/**
 * A price list in document numbers: each document's best discount in basis points (0: none),
 * or `FIXED` for a product with fixed prices, looked up by id in the book.
 */
const FIXED = 0xffff;

/** A price list on a snapshot's documents (`pricedDocs`). */
interface PricedDocs {
  /** Each document's best discount in basis points (0: none), or `FIXED`. */
  off: Uint16Array;
  /** The documents with fixed prices. */
  fixed: Int32Array;
  /** The list's largest discount in basis points: no document gets more off. */
  largestOff: number;
}

/** Lists' documents kept per snapshot: 2 bytes a document each, at most 64 MB in all. */
const pricedDocsOf = new WeakMap<CatalogSnapshot, LRUCache<string, PricedDocs>>();

/**
 * A price list's rules on the snapshot's documents: its discounts applied through the
 * snapshot's own category subtrees and manufacturers (no product id to look up), its fixed
 * prices found by id. Once per snapshot and list version.
 */
function pricedDocs(snapshot: CatalogSnapshot, book: PriceBook): PricedDocs {
  let perBook = pricedDocsOf.get(snapshot);
  if (!perBook) {
    perBook = new LRUCache({
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: (docs) => docs.off.byteLength + docs.fixed.byteLength,
    });
    pricedDocsOf.set(snapshot, perBook);
  }
  // Products added to the snapshot since may be the list's: the count is part of the key.
  const key = `${book.key}|${snapshot.size}`;
  let docs = perBook.get(key);
  if (!docs) {
    const off = new Uint16Array(snapshot.size);
    const { categories, manufacturers } = book.discountRules;
    for (const [categoryId, basisPoints] of categories) {
      for (const doc of snapshot.docsIn(categoryId)) {
        if (basisPoints > (off[doc] as number)) off[doc] = basisPoints;
      }
    }
    if (manufacturers.size) {
      const byMaker = snapshot.manufacturerNames.map(
        (name) => manufacturers.get(name.toLowerCase()) ?? 0,
      );
      for (let doc = 0; doc < off.length; doc++) {
        const basisPoints = byMaker[snapshot.manufacturerOf[doc] as number] ?? 0;
        if (basisPoints > (off[doc] as number)) off[doc] = basisPoints;
      }
    }
    const fixed: number[] = [];
    for (const id of book.fixedProductIds()) {
      const doc = snapshot.findDoc('id', id);
      if (doc === undefined) continue;
      off[doc] = FIXED;
      fixed.push(doc);
    }
    const largestOff = Math.max(0, ...categories.values(), ...manufacturers.values());
    docs = { off, fixed: Int32Array.from(fixed), largestOff };
    perBook.set(key, docs);
  }
  return docs;
}

/** A category's documents as a bit per document, by the snapshot's array of them. */
const membersOf = new WeakMap<Int32Array, Uint32Array>();

/**
 * Whether a document is in a category's subtree, at once: the few products of a list with fixed
 * prices are looked for in every category a buyer lists by price.
 */
function memberOf(snapshot: CatalogSnapshot, categoryId: string): (doc: number) => boolean {
  const docs = snapshot.docsIn(categoryId);
  let bits = membersOf.get(docs);
  if (!bits) {
    bits = new Uint32Array((snapshot.size >>> 5) + 1);
    for (const doc of docs) bits[doc >>> 5] = (bits[doc >>> 5] as number) | (1 << (doc & 31));
    membersOf.set(docs, bits);
  }
  const held = bits;
  return (doc) => (((held[doc >>> 5] as number) >>> (doc & 31)) & 1) === 1;
}

/** A price list's prices on the snapshot's documents, and how to order by them. */
interface BuyerPrices {
  /** A document's unit price from 1 unit for the list's buyers. */
  priceOf(doc: number): number;
  /**
   * A category's documents (null: the catalog's) in catalog price order (`ordered`) in the order
   * of the buyer's price instead (`direction` 1: lowest first), lazily: the walk stops when the
   * page is full.
   */
  reorder(categoryId: string | null, ordered: Int32Array, direction: 1 | -1): Iterable<number>;
}

/**
 * A price list's buyer prices: `PriceBook.unitCents` for the products with fixed prices, the
 * catalog price less the document's best discount for the others (the book's rule;
 * read-models.test.ts holds it to PostgreSQL's).
 */
function buyerPrices(snapshot: CatalogSnapshot, book: PriceBook): BuyerPrices {
  const { off, fixed, largestOff } = pricedDocs(snapshot, book);
  const priceOf = (doc: number) => {
    const catalogCents = snapshot.price[doc] as number;
    const basisPoints = off[doc] as number;
    if (basisPoints === FIXED) return book.unitCents(snapshot.idOf(doc), catalogCents);
    return basisPoints ? discountedCents(catalogCents, basisPoints) : catalogCents;
  };
  return {
    priceOf,
    reorder: (categoryId, ordered, direction) =>
      byBuyerPrice({
        ordered,
        direction,
        catalogCents: snapshot.price,
        buyerCents: priceOf,
        fixed: categoryId ? fixed.filter(memberOf(snapshot, categoryId)) : fixed,
        isFixed: (doc) => off[doc] === FIXED,
        maxBasisPoints: largestOff,
      }),
  };
}

/** A listing's page of documents, and what it says of them beside their rows. */
function listFrom(
  snapshot: CatalogSnapshot,
  settings: ProductSettings,
  filter: ListingFilter,
): { page: Omit<AdvancedFilterResponse, 'items'>; docs: number[] } {
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
  const sort = filter.sort ?? settings.default_sort;
  const buyer = filter.prices ? buyerPrices(snapshot, filter.prices) : null;
  const catalogOrder = snapshot.ordered(categoryId, sort);
  const ordered =
    buyer && (sort === 'price_asc' || sort === 'price_desc')
      ? buyer.reorder(categoryId, catalogOrder, sort === 'price_asc' ? 1 : -1)
      : catalogOrder;
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
      total = catalogOrder.length;
    }
    let seen = 0;
    for (const doc of ordered) {
      if (pageDocs.length === limit) break;
      if (allowed && !allowed[snapshot.manufacturerOf[doc] as number]) continue;
      if (seen++ >= offset) pageDocs.push(doc);
    }
  } else {
    counts = new Int32Array(snapshot.manufacturerNames.length);
    for (const doc of ordered) {
      if (filter.in_stock && !snapshot.available[doc]) continue;
      const price = buyer ? buyer.priceOf(doc) : (snapshot.price[doc] as number);
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
  return {
    page: {
      total,
      page,
      totalPage: Math.max(1, Math.ceil(total / limit)),
      manufacturers: manufacturers.sort(
        (a, b) => b.count - a.count || a.name.localeCompare(b.name),
      ),
    },
    docs: pageDocs,
  };
}
