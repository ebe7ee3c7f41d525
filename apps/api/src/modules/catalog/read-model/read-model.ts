import type { Locale, ProductListItem, ProductSettings, ProductSort } from '@portal/contract';
import type { Config } from '../../../config';
import type { PriceBook } from '../../pricing';
import type { SerializedAnswer } from './serialized-answer';

/** The catalog read models `CATALOG_READ_MODEL` chooses between (decision 012). */
export type CatalogReadModelKind = Config['catalogReadModel'];

export interface CategoryNode {
  id: string;
  parentId: string | null;
  position: number;
  iconPath: string | null;
  names: Partial<Record<Locale, string>>;
  slugs: Partial<Record<Locale, string>>;
  children: CategoryNode[];
}

/** The category tree with the number of active products under each category. */
export interface CategoryTree {
  readonly roots: CategoryNode[];
  readonly categoryById: ReadonlyMap<string, CategoryNode>;
  /** A category by id or by slug in any language (the default language's slug wins). */
  findCategory(idOrSlug: string): CategoryNode | undefined;
  /** Number of active products in a category and all its descendants. */
  countIn(categoryId: string): number;
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
  /**
   * The buyer's price list, when the listing sorts or filters by price: its prices from 1 unit
   * decide the order and the price range, and the rows carry them (`repriceItems`).
   */
  prices?: PriceBook;
}

/** Checks an answer against its contract before it is sent or cached (development and tests). */
export type AnswerCheck = (kind: 'search' | 'listing' | 'product', value: unknown) => void;

/**
 * Where search, listings, product pages and list rows are read from: the in-memory index
 * (`memory/`) or PostgreSQL queries (`postgres/`). Both answer the same for the same data
 * (read-models.test.ts); the shop's settings are read by the caller and passed in.
 */
export interface CatalogReadModel {
  readonly kind: CatalogReadModelKind;
  /** Ready to answer: the memory model builds its snapshot (at start, not on a first request). */
  warm(): Promise<void>;
  /**
   * How old what it answers from may be, in seconds (the memory model: since its snapshot was
   * last found current; PostgreSQL reads the tables, 0); null before it is loaded.
   */
  ageSeconds(): number | null;
  /** Every change written so far shows from now on (after a write whose effect must show at once). */
  refresh(): Promise<void>;
  /**
   * This process changed products' texts, prices or categories: show it as soon as it can,
   * without making requests wait (the memory model looks now instead of at the next check).
   */
  catalogChanged(): void;
  /** Stock or sales numbers of these products changed in this process. */
  stockChanged(productIds: string[]): Promise<void>;
  /** Header search: best matches first (codes, exact words, prefixes, a typo), `{ items }`. */
  search(
    text: string,
    limit: number,
    locale: Locale,
    settings: ProductSettings,
  ): Promise<SerializedAnswer>;
  /** A category listing with filters, sort, page and manufacturer counts. */
  listing(
    filter: ListingFilter,
    locale: Locale,
    settings: ProductSettings,
  ): Promise<SerializedAnswer>;
  /** A product page by id, SKU or slug; NOT_FOUND when unknown or inactive. */
  product(
    key: 'id' | 'sku' | 'slug',
    value: string,
    locale: Locale,
    settings: ProductSettings,
  ): Promise<SerializedAnswer>;
  /** Most viewed or best-selling active products. */
  top(
    kind: 'most_viewed' | 'best_seller',
    limit: number,
    locale: Locale,
    lowStock: number,
  ): Promise<ProductListItem[]>;
  /** List rows of these active products, by id (unknown and inactive ones left out). */
  rows(
    ids: readonly string[],
    locale: Locale,
    lowStock: number,
  ): Promise<Map<string, ProductListItem>>;
  /** Counts a product view (once per user per day); NOT_FOUND for an unknown product. */
  recordView(productId: string, userId: string): Promise<{ counted: boolean; views: number }>;
  categories(): Promise<CategoryTree>;
}
