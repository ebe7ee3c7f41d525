import { LRUCache } from 'lru-cache';
import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  type ProductListItem,
  type ProductSort,
  type ProductState,
} from '@portal/contract';
import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categories,
  categoryTranslations,
  productCategories,
  products,
  productTranslations,
} from '../../db/schema';
import { fromCents } from '../../platform/money';
import {
  availabilityOf,
  placeholderImage,
  type ProductDetails,
  type ProductImage,
} from './product-repo';
import { PackedStrings, WordPackedStrings } from './packed-strings';
import { lowerBound, SearchIndex, TokenCollector } from './search-index';

export interface CategoryNode {
  id: string;
  parentId: string | null;
  position: number;
  iconPath: string | null;
  names: Partial<Record<Locale, string>>;
  slugs: Partial<Record<Locale, string>>;
  children: CategoryNode[];
}

/**
 * Product pages' detail fields kept per snapshot, least recently used out first: about 4.5 KB of
 * heap each, so at most about 18 MB (20,000 took the process 90 MB higher after a crawl).
 */
const MAX_CACHED_DETAILS = 4_000;

/**
 * What a list row shows of a product besides its numbers: `sku`, `state` and the typed arrays
 * by document; the packed texts in the order products were read (`readOf[doc]`).
 */
export interface ListFields {
  sku: PackedStrings;
  readOf: Int32Array;
  reference: PackedStrings;
  slug: PackedStrings;
  /** Title per language; a missing one falls back to English, then the SKU. */
  titles: Record<Locale, WordPackedStrings>;
  /** The first image: its path and its thumbnail's (none: the placeholder). */
  imagePath: WordPackedStrings;
  thumbnailPath: WordPackedStrings;
  state: string[];
  weight: Int32Array;
  warranty: Int32Array;
}

/** Stock and sales numbers of one product, as orders change them. */
export interface StockNumbers {
  quantity: number;
  isInStock: boolean;
  backorderable: boolean;
  buyers: number;
}

/** What a cached answer shows of a snapshot beyond its texts and prices (see `unchangedSince`). */
export interface SnapshotDependencies {
  /** The documents whose numbers (stock, sales, views) it shows. */
  docs: ArrayLike<number>;
  /** The listing order it follows: orders by sales or views move with them. */
  sort?: ProductSort;
  /** Whether it filtered on availability (counts and pages move with stock). */
  availability?: boolean;
}

/**
 * The catalog in memory, for search, listings and the rows they show: products are numbered
 * 0..n-1 by popularity (buyers, then views), numeric fields live in typed arrays, and each
 * category knows the products of its whole subtree. A change to a product's text, price or
 * categories rebuilds the snapshot; stock and sales numbers are updated in place.
 */
export class CatalogSnapshot {
  readonly price: Int32Array;
  readonly available: Uint8Array;
  readonly views: Int32Array;
  readonly buyers: Int32Array;
  readonly created: Float64Array;
  readonly quantity: Int32Array;
  readonly inStock: Uint8Array;
  readonly backorderable: Uint8Array;
  readonly list: ListFields;
  readonly search: SearchIndex;
  readonly categoryById = new Map<string, CategoryNode>();
  readonly categoryBySlug = new Map<string, CategoryNode>();
  readonly roots: CategoryNode[];
  /** Manufacturer of each document as an index into `manufacturerNames`. */
  readonly manufacturerOf: Int32Array;
  readonly manufacturerNames: string[];
  private readonly subtreeDocs = new Map<string, Int32Array>();
  private readonly facetCache = new Map<string, Int32Array>();
  private readonly docsBy: Partial<Record<'id' | 'sku' | 'slug', Int32Array>> = {};
  private readonly details = new LRUCache<number, Promise<ProductDetails | null>>({
    max: MAX_CACHED_DETAILS,
  });
  private readonly sorted = new Map<string, Int32Array>();
  /** Counts in-place changes (stock, sales, views); `changedAt` holds each document's last. */
  private clock = 0;
  private readonly changedAt: Int32Array;
  private readonly lastChange = { buyers: 0, views: 0, availability: 0 };

  constructor(
    /** Product ids by document, packed like the texts: no string or map entry per product. */
    private readonly ids: PackedStrings,
    fields: {
      price: Int32Array;
      available: Uint8Array;
      views: Int32Array;
      buyers: Int32Array;
      created: Float64Array;
      quantity: Int32Array;
      inStock: Uint8Array;
      backorderable: Uint8Array;
      manufacturer: string[];
    },
    list: ListFields,
    search: SearchIndex,
    nodes: CategoryNode[],
    links: { doc: number; categoryId: string }[],
  ) {
    this.changedAt = new Int32Array(ids.length);
    this.price = fields.price;
    this.available = fields.available;
    this.views = fields.views;
    this.buyers = fields.buyers;
    this.created = fields.created;
    this.quantity = fields.quantity;
    this.inStock = fields.inStock;
    this.backorderable = fields.backorderable;
    this.list = list;
    this.search = search;
    // By id at once (stock changes look products up by id); by SKU and slug on first use.
    this.docsBy.id = this.sortedBy('id');
    const manufacturerIds = new Map<string, number>();
    this.manufacturerNames = [];
    this.manufacturerOf = Int32Array.from(fields.manufacturer, (name) => {
      let index = manufacturerIds.get(name);
      if (index === undefined) {
        index = this.manufacturerNames.push(name) - 1;
        manufacturerIds.set(name, index);
      }
      return index;
    });

    for (const node of nodes) {
      this.categoryById.set(node.id, node);
      for (const slug of Object.values(node.slugs)) this.categoryBySlug.set(slug, node);
    }
    // Slugs of the default language win over equal slugs of other languages.
    for (const node of nodes) {
      const slug = node.slugs[DEFAULT_LOCALE];
      if (slug) this.categoryBySlug.set(slug, node);
    }
    this.roots = [];
    for (const node of nodes) {
      const parent = node.parentId ? this.categoryById.get(node.parentId) : undefined;
      (parent ? parent.children : this.roots).push(node);
    }
    const byPosition = (a: CategoryNode, b: CategoryNode) =>
      a.position - b.position || (a.names.en ?? '').localeCompare(b.names.en ?? '');
    this.roots.sort(byPosition);
    for (const node of nodes) node.children.sort(byPosition);

    const members = new Map<string, Set<number>>();
    for (const { doc, categoryId } of links) {
      for (
        let node = this.categoryById.get(categoryId);
        node;
        node = node.parentId ? this.categoryById.get(node.parentId) : undefined
      ) {
        let set = members.get(node.id);
        if (!set) members.set(node.id, (set = new Set()));
        set.add(doc);
      }
    }
    for (const node of nodes) {
      this.subtreeDocs.set(node.id, Int32Array.from(members.get(node.id) ?? []).sort());
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /** The product id of a document. */
  idOf(doc: number): string {
    return this.ids.get(doc) as string;
  }

  /** The change clock: read it before computing an answer that may be cached. */
  get version(): number {
    return this.clock;
  }

  /** Whether nothing an answer computed at clock `since` depends on has changed since. */
  unchangedSince(since: number, dependencies: SnapshotDependencies): boolean {
    if (this.clock === since) return true;
    const { docs, sort, availability } = dependencies;
    if (availability && this.lastChange.availability > since) return false;
    if (sort === 'best_seller' && this.lastChange.buyers > since) return false;
    if (sort === 'most_viewed' && this.lastChange.views > since) return false;
    for (let i = 0; i < docs.length; i++) {
      if ((this.changedAt[docs[i] as number] as number) > since) return false;
    }
    return true;
  }

  private tick(doc: number): number {
    this.clock++;
    this.changedAt[doc] = this.clock;
    return this.clock;
  }

  /** A category by id or by slug in any language. */
  findCategory(idOrSlug: string): CategoryNode | undefined {
    return this.categoryById.get(idOrSlug) ?? this.categoryBySlug.get(idOrSlug);
  }

  /** Number of products in a category and all its descendants. */
  countIn(categoryId: string): number {
    return this.subtreeDocs.get(categoryId)?.length ?? 0;
  }

  /** Documents of a category subtree (or the whole catalog), ascending. */
  docsIn(categoryId: string | null): Int32Array {
    if (categoryId) return this.subtreeDocs.get(categoryId) ?? new Int32Array(0);
    return Int32Array.from({ length: this.size }, (_, i) => i);
  }

  /** Products per manufacturer (by index) in a category subtree or the whole catalog, cached. */
  manufacturerCounts(categoryId: string | null): Int32Array {
    const key = categoryId ?? '*';
    let counts = this.facetCache.get(key);
    if (!counts) {
      counts = new Int32Array(this.manufacturerNames.length);
      for (const doc of this.docsIn(categoryId)) {
        const index = this.manufacturerOf[doc] as number;
        counts[index] = (counts[index] as number) + 1;
      }
      this.facetCache.set(key, counts);
    }
    return counts;
  }

  /** Documents of a category subtree (or the whole catalog) in the order of `sort`, cached. */
  ordered(categoryId: string | null, sort: ProductSort): Int32Array {
    const key = `${categoryId ?? '*'}:${sort}`;
    let list = this.sorted.get(key);
    if (!list) {
      list = Int32Array.from(this.docsIn(categoryId)).sort(this.comparator(sort));
      this.sorted.set(key, list);
    }
    return list;
  }

  private comparator(sort: ProductSort): (a: number, b: number) => number {
    const { price, views, buyers, created } = this;
    const n = (array: Int32Array | Float64Array, i: number) => array[i] as number;
    switch (sort) {
      case 'price_asc':
        return (a, b) => n(price, a) - n(price, b) || a - b;
      case 'price_desc':
        return (a, b) => n(price, b) - n(price, a) || a - b;
      case 'most_viewed':
        return (a, b) => n(views, b) - n(views, a) || a - b;
      case 'new_arrival':
        return (a, b) => n(created, b) - n(created, a) || a - b;
      case 'best_seller':
        return (a, b) => n(buyers, b) - n(buyers, a) || n(views, b) - n(views, a) || a - b;
    }
  }

  /** The list row of a document, title in `locale` (fallback English, then the SKU). */
  listItem(doc: number, locale: Locale, lowStockThreshold: number): ProductListItem {
    const { list } = this;
    const read = list.readOf[doc] as number;
    const id = this.idOf(doc);
    const sku = list.sku.get(doc) as string;
    const quantity = this.quantity[doc] as number;
    const stock = {
      quantity,
      isInStock: this.inStock[doc] === 1,
      backorderable: this.backorderable[doc] === 1,
    };
    return {
      _id: id,
      id,
      sku,
      reference: list.reference.get(read) ?? '',
      slug: list.slug.get(read) ?? '',
      name: list.titles[locale].get(read) ?? list.titles[DEFAULT_LOCALE].get(read) ?? sku,
      price: fromCents(this.price[doc] as number),
      image: this.imageOf(read),
      is_in_stock: this.available[doc] === 1,
      quantity,
      availability: availabilityOf(stock, lowStockThreshold),
      manufacturer: this.manufacturerNames[this.manufacturerOf[doc] as number] as string,
      warranty_months: list.warranty[doc] as number,
      state: list.state[doc] as ProductState,
      views: this.views[doc] as number,
      buyers: this.buyers[doc] as number,
      weight: list.weight[doc] as number,
    };
  }

  private imageOf(read: number): ProductImage {
    const path = this.list.imagePath.get(read);
    const thumbnail = this.list.thumbnailPath.get(read);
    return path && thumbnail ? { path, thumbnail: { path: thumbnail } } : placeholderImage;
  }

  /** The document of a product by id, sku or slug. */
  findDoc(key: 'id' | 'sku' | 'slug', value: string): number | undefined {
    const compare = this.comparison(key);
    const sorted = (this.docsBy[key] ??= this.sortedBy(key));
    const bytes = Buffer.from(value);
    const doc = sorted[lowerBound(sorted.length, (i) => compare(sorted[i] as number, bytes) < 0)];
    return doc !== undefined && compare(doc, bytes) === 0 ? doc : undefined;
  }

  /** Compares a document's id, SKU or slug with UTF-8 bytes, without making a string. */
  private comparison(key: 'id' | 'sku' | 'slug'): (doc: number, bytes: Uint8Array) => number {
    const { ids, list } = this;
    if (key === 'id') return (doc, bytes) => ids.compare(doc, bytes);
    if (key === 'sku') return (doc, bytes) => list.sku.compare(doc, bytes);
    return (doc, bytes) => list.slug.compare(list.readOf[doc] as number, bytes);
  }

  /** Documents in the byte order of a key, for a binary search instead of a map entry each. */
  private sortedBy(key: 'id' | 'sku' | 'slug'): Int32Array {
    const { ids, list } = this;
    const docs = Int32Array.from({ length: this.size }, (_, doc) => doc);
    if (key === 'id') return docs.sort((a, b) => ids.compareValues(a, b));
    if (key === 'sku') return docs.sort((a, b) => list.sku.compareValues(a, b));
    const { readOf, slug } = list;
    return docs.sort((a, b) => slug.compareValues(readOf[a] as number, readOf[b] as number));
  }

  /**
   * The detail fields of a document, read from the database on first use and kept with this
   * snapshot (a change to them rebuilds the snapshot, which starts with none), MAX_CACHED_DETAILS
   * at most, the least recently used out first.
   */
  productDetails(
    doc: number,
    load: (productId: string) => Promise<ProductDetails | null>,
  ): Promise<ProductDetails | null> {
    let details = this.details.get(doc);
    if (!details) {
      details = load(this.idOf(doc));
      details.catch(() => this.details.delete(doc));
      this.details.set(doc, details);
    }
    return details;
  }

  /** Applies stock and sales numbers read from the database; answers whether any changed. */
  setStock(productId: string, numbers: StockNumbers): boolean {
    const doc = this.findDoc('id', productId);
    if (doc === undefined) return false;
    const buyersChanged = this.buyers[doc] !== numbers.buyers;
    const changed =
      buyersChanged ||
      this.quantity[doc] !== numbers.quantity ||
      this.inStock[doc] !== Number(numbers.isInStock) ||
      this.backorderable[doc] !== Number(numbers.backorderable);
    this.quantity[doc] = numbers.quantity;
    this.inStock[doc] = Number(numbers.isInStock);
    this.backorderable[doc] = Number(numbers.backorderable);
    // SPEC: out of stock when not in stock or quantity 0 or less.
    const available = numbers.isInStock && numbers.quantity > 0 ? 1 : 0;
    const availabilityChanged = this.available[doc] !== available;
    this.available[doc] = available;
    this.buyers[doc] = numbers.buyers;
    if (changed) {
      const now = this.tick(doc);
      if (availabilityChanged) this.lastChange.availability = now;
      if (buyersChanged) this.lastChange.buyers = now;
    }
    if (buyersChanged) {
      for (const key of this.sorted.keys())
        if (key.endsWith(':best_seller')) this.sorted.delete(key);
    }
    return changed;
  }

  /** Records a counted view at once in this process (other processes see it at the next rebuild). */
  addView(doc: number) {
    this.views[doc] = (this.views[doc] as number) + 1;
    this.lastChange.views = this.tick(doc);
    for (const key of this.sorted.keys()) if (key.endsWith(':most_viewed')) this.sorted.delete(key);
  }
}

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
function readSnapshotBatch(db: Db, after: string | null, size: number) {
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
      words.set(row.id, [row.manufacturer, ...row.replacedModels, ...row.suitableDevices]);
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
    for (const row of rows) {
      collector.add({
        codes: [row.sku, row.reference, ...row.replacedModels, ...(row.ean ? [row.ean] : [])],
        words: words.get(row.id) ?? [],
      });
    }
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
    categoryRows.map((row) => [
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
      node.names[locale as Locale] = name;
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
    })
    .from(products)
    .where(productIds ? inArray(products.id, productIds) : eq(products.isActive, true));
}
