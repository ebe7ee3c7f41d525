import {
  advancedFilterResponseSchema,
  nestedCategoriesResponseSchema,
  productSchema,
  productSearchResponseSchema,
  type Category,
  type CategoryDetail,
  type Locale,
  type ProductListItem,
  type ProductSettings,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { CatalogIndex } from './catalog-index';
import {
  getCategory,
  getProductBody,
  increaseViews,
  listCategories,
  listProductsBody,
  nestedCategories,
  productsByIds,
  searchProductsBody,
  topProducts,
  type CatalogDeps,
  type ListingFilter,
} from './service';

/**
 * Everything the API asks of the catalog index (decision 004): answered in this process by
 * `LocalCatalog`, or by the catalog process (`catalog-client.ts`), which keeps the index out of
 * the API's memory. Search, listing and product answers come serialized (their JSON bytes).
 */
export interface CatalogReader {
  searchBody(text: string, locale: Locale, limit?: number): Promise<Buffer>;
  listingBody(filter: ListingFilter, locale: Locale): Promise<Buffer>;
  productBody(key: 'id' | 'sku' | 'slug', value: string, locale: Locale): Promise<Buffer>;
  top(
    kind: 'most_viewed' | 'best_seller',
    locale: Locale,
    limit?: number,
  ): Promise<ProductListItem[]>;
  byIds(ids: readonly string[], locale: Locale): Promise<ProductListItem[]>;
  categories(locale: Locale): Promise<Category[]>;
  /**
   * The category tree as its JSON body, with its ETag; the body is empty when the ETag is
   * `ifNoneMatch` (the caller answers 304).
   */
  nestedCategories(locale: Locale, ifNoneMatch?: string): Promise<{ etag: string; body: Buffer }>;
  category(idOrSlug: string, locale: Locale): Promise<CategoryDetail>;
  /** Counts a product view once per user per day; 404 for an unknown product. */
  increaseViews(productId: string, userId: string): Promise<{ views: number; counted: boolean }>;
  /** Applies these products' current stock and sales numbers now (after an order). */
  refreshStock(productIds: string[]): Promise<void>;
  /** Rebuilds the index now and waits for it: after a write whose effect must show at once. */
  rebuild(): Promise<void>;
  /** Builds the index now rather than on the first request. */
  warm(): Promise<void>;
  close(): Promise<void>;
  /** The index itself when it lives in this process (the cart reads product texts from it). */
  readonly local?: CatalogIndex;
}

/** The methods a catalog process answers (`close` stays with whoever started it). */
export type CatalogMethod = Exclude<keyof CatalogReader, 'local' | 'close'>;

const answerSchemas = {
  search: productSearchResponseSchema,
  listing: advancedFilterResponseSchema,
  product: productSchema,
  nested: nestedCategoriesResponseSchema,
};

/**
 * Cached answers bypass the response serializer: outside production each is checked against its
 * contract schema before it is kept.
 */
export const checkAnswer: NonNullable<CatalogDeps['check']> = (kind, value) =>
  void answerSchemas[kind].parse(value);

export interface LocalCatalogOptions {
  db: Db;
  index: CatalogIndex;
  settings: () => Promise<ProductSettings>;
  responseCacheBytes?: number;
  check?: CatalogDeps['check'];
}

/** The catalog answered from the index in this process. */
export class LocalCatalog implements CatalogReader {
  private readonly deps: CatalogDeps;
  readonly local: CatalogIndex;

  constructor({ db, index, settings, responseCacheBytes, check }: LocalCatalogOptions) {
    this.deps = { db, index, settings, responseCacheBytes, check };
    this.local = index;
  }

  searchBody(text: string, locale: Locale, limit?: number) {
    return searchProductsBody(this.deps, text, locale, limit);
  }

  listingBody(filter: ListingFilter, locale: Locale) {
    return listProductsBody(this.deps, filter, locale);
  }

  productBody(key: 'id' | 'sku' | 'slug', value: string, locale: Locale) {
    return getProductBody(this.deps, key, value, locale);
  }

  top(kind: 'most_viewed' | 'best_seller', locale: Locale, limit?: number) {
    return topProducts(this.deps, kind, locale, limit);
  }

  byIds(ids: readonly string[], locale: Locale) {
    return productsByIds(this.deps, ids, locale);
  }

  categories(locale: Locale) {
    return listCategories(this.local, locale);
  }

  async nestedCategories(locale: Locale, ifNoneMatch?: string) {
    const { etag, body } = await nestedCategories(this.local, locale, this.deps.check);
    return { etag, body: etag === ifNoneMatch ? Buffer.alloc(0) : body };
  }

  category(idOrSlug: string, locale: Locale) {
    return getCategory(this.local, idOrSlug, locale);
  }

  increaseViews(productId: string, userId: string) {
    return increaseViews(this.deps, productId, userId);
  }

  refreshStock(productIds: string[]) {
    return this.local.refreshStock(productIds);
  }

  async rebuild() {
    await this.local.rebuild();
  }

  async warm() {
    await this.local.snapshot();
  }

  async close() {}
}
