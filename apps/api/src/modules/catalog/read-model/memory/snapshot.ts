import { LRUCache } from 'lru-cache';
import {
  DEFAULT_LOCALE,
  type Locale,
  type ProductListItem,
  type ProductSort,
} from '@portal/contract';
import {
  toListItem,
  type ListRow,
  type ProductDetails,
  type ProductImage,
} from '../../product-repo';
import { linkCategories } from '../category-tree';
import type { CategoryNode, CategoryTree } from '../read-model';
import { CatalogSearch } from './catalog-search';
import type { PackedStrings, WordPackedStrings } from './packed-strings';
import { lowerBound, type SearchDocument, type SearchIndex } from './search-index';
import type { ProductRecord } from './snapshot-loader';

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

/** What a list row shows of a product changed in place, instead of its packed texts. */
interface ChangedTexts {
  id: string;
  sku: string;
  reference: string;
  slug: string;
  titles: Partial<Record<Locale, string>>;
  image: ProductImage | null;
}

/** Stock, sales numbers and price of one product, as orders and staff change them. */
export interface StockNumbers {
  quantity: number;
  isInStock: boolean;
  backorderable: boolean;
  buyers: number;
  priceCents: number;
}

/** What a cached answer shows of a snapshot beyond its texts and prices (see `unchangedSince`). */
export interface SnapshotDependencies {
  /** The documents whose numbers (stock, sales, views) it shows. */
  docs: ArrayLike<number>;
  /** The listing order it follows: orders by sales or views move with them. */
  sort?: ProductSort;
  /** Whether it filtered on availability (counts and pages move with stock). */
  availability?: boolean;
  /** Whether it filtered on price (counts and pages move with prices). */
  price?: boolean;
}

/**
 * The catalog in memory, for search, listings and the rows they show: products are numbered
 * 0..n-1 by popularity (buyers, then views) when built, numeric fields live in typed arrays,
 * and each category knows the products of its whole subtree. Prices, stock and sales numbers
 * are updated in place; so are a product's texts, pictures, categories and activity
 * (`applyProducts`): a changed product keeps its number, an added one takes the next, a gone one
 * is marked. A change to the categories rebuilds the snapshot.
 */
export class CatalogSnapshot implements CategoryTree {
  price: Int32Array;
  available: Uint8Array;
  views: Int32Array;
  buyers: Int32Array;
  created: Float64Array;
  quantity: Int32Array;
  inStock: Uint8Array;
  backorderable: Uint8Array;
  readonly list: ListFields;
  readonly search: CatalogSearch;
  readonly categoryById: Map<string, CategoryNode>;
  readonly categoryBySlug: Map<string, CategoryNode>;
  readonly roots: CategoryNode[];
  /** Manufacturer of each document as an index into `manufacturerNames`. */
  manufacturerOf: Int32Array;
  readonly manufacturerNames: string[];
  private readonly manufacturerIds = new Map<string, number>();
  /** Documents, built and added; a gone one keeps its number, marked in `gone`. */
  private count: number;
  private gone: Uint8Array;
  /** Texts of the documents changed or added in place, and their documents by id, SKU and slug. */
  private readonly changed = new Map<number, ChangedTexts>();
  private readonly changedBy = {
    id: new Map<string, number>(),
    sku: new Map<string, number>(),
    slug: new Map<string, number>(),
  };
  /** Documents of the products added since the snapshot was built, by product id. */
  private readonly addedIds = new Map<string, number>();
  /** Documents changed, added or gone in place since the snapshot was built. */
  private readonly changedInPlace = new Set<number>();
  private readonly subtreeDocs = new Map<string, Int32Array>();
  private readonly facetCache = new Map<string, Int32Array>();
  private readonly docsBy: Partial<Record<'id' | 'sku' | 'slug', Int32Array>> = {};
  private readonly details = new LRUCache<number, Promise<ProductDetails | null>>({
    max: MAX_CACHED_DETAILS,
  });
  private readonly sorted = new Map<string, Int32Array>();
  /** Counts in-place changes (stock, sales, views); `changedAt` holds each document's last. */
  private clock = 0;
  private changedAt: Int32Array;
  private readonly lastChange = { buyers: 0, views: 0, availability: 0, price: 0, products: 0 };

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
    this.count = ids.length;
    this.changedAt = new Int32Array(ids.length);
    this.gone = new Uint8Array(ids.length);
    this.price = fields.price;
    this.available = fields.available;
    this.views = fields.views;
    this.buyers = fields.buyers;
    this.created = fields.created;
    this.quantity = fields.quantity;
    this.inStock = fields.inStock;
    this.backorderable = fields.backorderable;
    this.list = list;
    this.search = new CatalogSearch(search);
    // By id at once (stock changes look products up by id); by SKU and slug on first use.
    this.docsBy.id = this.sortedBy('id');
    this.manufacturerNames = [];
    this.manufacturerOf = Int32Array.from(fields.manufacturer, (name) =>
      this.manufacturerIndex(name),
    );

    const linked = linkCategories(nodes);
    this.categoryById = linked.byId;
    this.categoryBySlug = linked.bySlug;
    this.roots = linked.roots;

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

  /** Documents numbered so far (gone ones included). */
  get size(): number {
    return this.count;
  }

  /** The product id of a document. */
  idOf(doc: number): string {
    return this.changed.get(doc)?.id ?? (this.ids.get(doc) as string);
  }

  private manufacturerIndex(name: string): number {
    let index = this.manufacturerIds.get(name);
    if (index === undefined) {
      index = this.manufacturerNames.push(name) - 1;
      this.manufacturerIds.set(name, index);
    }
    return index;
  }

  /** The change clock: read it before computing an answer that may be cached. */
  get version(): number {
    return this.clock;
  }

  /** Whether nothing an answer computed at clock `since` depends on has changed since. */
  unchangedSince(since: number, dependencies: SnapshotDependencies): boolean {
    if (this.clock === since) return true;
    // A product changed in place may now be found, listed or ordered anywhere.
    if (this.lastChange.products > since) return false;
    const { docs, sort, availability, price } = dependencies;
    if (availability && this.lastChange.availability > since) return false;
    const byPrice = price || sort === 'price_asc' || sort === 'price_desc';
    if (byPrice && this.lastChange.price > since) return false;
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
    const docs = Int32Array.from({ length: this.count }, (_, i) => i);
    return this.changedInPlace.size ? docs.filter((doc) => !this.gone[doc]) : docs;
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
    const changed = this.changed.get(doc);
    const sku = changed?.sku ?? (list.sku.get(doc) as string);
    const row: ListRow = {
      id: this.idOf(doc),
      sku,
      reference: changed ? changed.reference : (list.reference.get(read) ?? ''),
      slug: changed ? changed.slug : (list.slug.get(read) ?? ''),
      priceCents: this.price[doc] as number,
      image: changed ? changed.image : this.imageOf(read),
      isInStock: this.inStock[doc] === 1,
      quantity: this.quantity[doc] as number,
      backorderable: this.backorderable[doc] === 1,
      manufacturer: this.manufacturerNames[this.manufacturerOf[doc] as number] as string,
      warrantyMonths: list.warranty[doc] as number,
      state: list.state[doc] as string,
      views: this.views[doc] as number,
      buyers: this.buyers[doc] as number,
      weightGrams: list.weight[doc] as number,
    };
    const name = changed
      ? (changed.titles[locale] ?? changed.titles[DEFAULT_LOCALE] ?? sku)
      : (list.titles[locale].get(read) ?? list.titles[DEFAULT_LOCALE].get(read) ?? sku);
    return toListItem(row, name, lowStockThreshold);
  }

  private imageOf(read: number): ProductImage | null {
    const path = this.list.imagePath.get(read);
    const thumbnail = this.list.thumbnailPath.get(read);
    return path && thumbnail ? { path, thumbnail: { path: thumbnail } } : null;
  }

  /** The document of a product in the catalog by id, sku or slug. */
  findDoc(key: 'id' | 'sku' | 'slug', value: string): number | undefined {
    const changed = this.changedBy[key].get(value);
    if (changed !== undefined) return changed;
    const doc = this.findBuilt(key, value);
    // A changed product's built texts are past; a gone product is not in the catalog.
    return doc === undefined || this.changed.has(doc) || this.gone[doc] ? undefined : doc;
  }

  /** The built document whose built id, sku or slug is `value`. */
  private findBuilt(key: 'id' | 'sku' | 'slug', value: string): number | undefined {
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
    const docs = Int32Array.from({ length: ids.length }, (_, doc) => doc);
    if (key === 'id') return docs.sort((a, b) => ids.compareValues(a, b));
    if (key === 'sku') return docs.sort((a, b) => list.sku.compareValues(a, b));
    const { readOf, slug } = list;
    return docs.sort((a, b) => slug.compareValues(readOf[a] as number, readOf[b] as number));
  }

  /**
   * The detail fields of a document, read from the database on first use and kept with this
   * snapshot until the product changes in place (`applyProducts`), MAX_CACHED_DETAILS at most,
   * the least recently used out first.
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

  /**
   * Applies stock and sales numbers and the price read from the database; answers whether any
   * changed. Orders by price or sales that it moves are sorted again on their next use.
   */
  setStock(productId: string, numbers: StockNumbers): boolean {
    const doc = this.findDoc('id', productId);
    return doc !== undefined && this.setNumbers(doc, numbers);
  }

  private setNumbers(doc: number, numbers: StockNumbers): boolean {
    const buyersChanged = this.buyers[doc] !== numbers.buyers;
    const priceChanged = this.price[doc] !== numbers.priceCents;
    const changed =
      buyersChanged ||
      priceChanged ||
      this.quantity[doc] !== numbers.quantity ||
      this.inStock[doc] !== Number(numbers.isInStock) ||
      this.backorderable[doc] !== Number(numbers.backorderable);
    this.quantity[doc] = numbers.quantity;
    this.inStock[doc] = Number(numbers.isInStock);
    this.backorderable[doc] = Number(numbers.backorderable);
    this.price[doc] = numbers.priceCents;
    // SPEC: out of stock when not in stock or quantity 0 or less.
    const available = numbers.isInStock && numbers.quantity > 0 ? 1 : 0;
    const availabilityChanged = this.available[doc] !== available;
    this.available[doc] = available;
    this.buyers[doc] = numbers.buyers;
    if (changed) {
      const now = this.tick(doc);
      if (availabilityChanged) this.lastChange.availability = now;
      if (buyersChanged) this.lastChange.buyers = now;
      if (priceChanged) this.lastChange.price = now;
    }
    const stale = [
      buyersChanged && ':best_seller',
      priceChanged && ':price_asc',
      priceChanged && ':price_desc',
    ];
    for (const suffix of stale) {
      if (!suffix) continue;
      for (const key of this.sorted.keys()) if (key.endsWith(suffix)) this.sorted.delete(key);
    }
    return changed;
  }

  /** Products changed, added or gone in place since the snapshot was built. */
  get changedProducts(): number {
    return this.changedInPlace.size;
  }

  /**
   * Applies products as they are now: `records` (active products, changed or added) and `gone`
   * (ids of products inactive or deleted). A product keeps its document; an added one takes the
   * next. The orders and manufacturer counts of the categories it was or is in are computed
   * again on their next use, the changed products are indexed again for search, and every
   * cached answer is computed again.
   */
  applyProducts(records: ProductRecord[], gone: string[]): void {
    const docs = records.map((record) => this.docOfId(record.id));
    const added = docs.filter((doc) => doc === undefined).length;
    if (added) this.grow(added);
    const categories = new Set<string>(['*']);
    const words = new Map<number, SearchDocument | null>();
    const touched = (doc: number, categoryIds: string[], found: SearchDocument | null) => {
      for (const id of this.setCategories(doc, categoryIds)) categories.add(id);
      words.set(doc, found);
      this.changedInPlace.add(doc);
      this.tick(doc);
    };
    for (const id of gone) {
      const doc = this.docOfId(id);
      if (doc === undefined || this.gone[doc]) continue;
      this.forget(doc);
      this.gone[doc] = 1;
      touched(doc, [], null);
    }
    for (const [at, record] of records.entries()) {
      let doc = docs[at];
      if (doc === undefined) {
        doc = this.count++;
        this.addedIds.set(record.id, doc);
      }
      this.forget(doc);
      this.gone[doc] = 0;
      this.setRecord(doc, record);
      touched(doc, record.categoryIds, record.search);
    }
    this.lastChange.products = this.clock;
    this.search.update(words, this.count);
    for (const key of this.sorted.keys()) {
      if (categories.has(key.slice(0, key.indexOf(':')))) this.sorted.delete(key);
    }
    for (const key of categories) this.facetCache.delete(key);
  }

  /** The document of a product id, gone or not. */
  private docOfId(productId: string): number | undefined {
    return this.addedIds.get(productId) ?? this.findBuilt('id', productId);
  }

  /** Lets go of what a document was found by and its cached details. */
  private forget(doc: number) {
    const texts = this.changed.get(doc);
    if (texts) {
      for (const key of ['id', 'sku', 'slug'] as const) {
        if (this.changedBy[key].get(texts[key]) === doc) this.changedBy[key].delete(texts[key]);
      }
    }
    this.details.delete(doc);
  }

  private setRecord(doc: number, record: ProductRecord) {
    const { id, sku, reference, slug, titles, image } = record;
    this.changed.set(doc, { id, sku, reference, slug, titles, image });
    this.changedBy.id.set(id, doc);
    this.changedBy.sku.set(sku, doc);
    this.changedBy.slug.set(slug, doc);
    this.views[doc] = record.views;
    this.created[doc] = record.createdAt;
    this.manufacturerOf[doc] = this.manufacturerIndex(record.manufacturer);
    this.list.weight[doc] = record.weightGrams;
    this.list.warranty[doc] = record.warrantyMonths;
    this.list.state[doc] = record.state;
    this.setNumbers(doc, record);
  }

  /**
   * Puts a document in the subtrees of `categoryIds` (and their ancestors) and out of the others;
   * answers the categories it was or is in.
   */
  private setCategories(doc: number, categoryIds: string[]): Set<string> {
    const member = new Set<string>();
    for (const id of categoryIds) {
      for (
        let node = this.categoryById.get(id);
        node && !member.has(node.id);
        node = node.parentId ? this.categoryById.get(node.parentId) : undefined
      ) {
        member.add(node.id);
      }
    }
    const touched = new Set(member);
    for (const [categoryId, docs] of this.subtreeDocs) {
      const at = lowerBound(docs.length, (i) => (docs[i] as number) < doc);
      const was = docs[at] === doc;
      if (was) touched.add(categoryId);
      if (was === member.has(categoryId)) continue;
      const next = new Int32Array(docs.length + (was ? -1 : 1));
      next.set(docs.subarray(0, at));
      if (was) {
        next.set(docs.subarray(at + 1), at);
      } else {
        next[at] = doc;
        next.set(docs.subarray(at), at + 1);
      }
      this.subtreeDocs.set(categoryId, next);
    }
    return touched;
  }

  /** Room for `extra` more documents in every array by document. */
  private grow(extra: number) {
    const size = this.count + extra;
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(
      array: T,
      make: (size: number) => T,
    ): T => {
      const next = make(size);
      next.set(array);
      return next;
    };
    const int32 = (array: Int32Array) => grown(array, (n) => new Int32Array(n));
    const uint8 = (array: Uint8Array) => grown(array, (n) => new Uint8Array(n));
    this.price = int32(this.price);
    this.views = int32(this.views);
    this.buyers = int32(this.buyers);
    this.quantity = int32(this.quantity);
    this.manufacturerOf = int32(this.manufacturerOf);
    this.changedAt = int32(this.changedAt);
    this.created = grown(this.created, (n) => new Float64Array(n));
    this.available = uint8(this.available);
    this.inStock = uint8(this.inStock);
    this.backorderable = uint8(this.backorderable);
    this.gone = uint8(this.gone);
    this.list.weight = int32(this.list.weight);
    this.list.warranty = int32(this.list.warranty);
    this.list.readOf = int32(this.list.readOf);
  }

  /** Records a counted view at once in this process (other processes see it at the next rebuild). */
  addView(doc: number) {
    this.views[doc] = (this.views[doc] as number) + 1;
    this.lastChange.views = this.tick(doc);
    for (const key of this.sorted.keys()) if (key.endsWith(':most_viewed')) this.sorted.delete(key);
  }
}
