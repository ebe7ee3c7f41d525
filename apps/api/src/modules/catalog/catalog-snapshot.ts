import { DEFAULT_LOCALE, LOCALES, type Locale, type ProductSort } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categories,
  categoryTranslations,
  productCategories,
  products,
  productTranslations,
} from '../../db/schema';
import { SearchIndex } from './search-index';

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
 * The catalog in memory, for search and listings: products are numbered 0..n-1 by popularity
 * (buyers, then views), numeric fields live in typed arrays, and each category knows the
 * products of its whole subtree. Rows shown to users are always read from the database.
 */
export class CatalogSnapshot {
  readonly docOf = new Map<string, number>();
  readonly price: Int32Array;
  readonly available: Uint8Array;
  readonly views: Int32Array;
  readonly buyers: Int32Array;
  readonly created: Float64Array;
  readonly manufacturer: string[];
  readonly search: SearchIndex;
  readonly categoryById = new Map<string, CategoryNode>();
  readonly categoryBySlug = new Map<string, CategoryNode>();
  readonly roots: CategoryNode[];
  private readonly subtreeDocs = new Map<string, Int32Array>();
  private readonly sorted = new Map<string, Int32Array>();

  constructor(
    readonly ids: string[],
    fields: {
      price: Int32Array;
      available: Uint8Array;
      views: Int32Array;
      buyers: Int32Array;
      created: Float64Array;
      manufacturer: string[];
    },
    search: SearchIndex,
    nodes: CategoryNode[],
    links: { doc: number; categoryId: string }[],
  ) {
    ids.forEach((id, doc) => this.docOf.set(id, doc));
    this.price = fields.price;
    this.available = fields.available;
    this.views = fields.views;
    this.buyers = fields.buyers;
    this.created = fields.created;
    this.manufacturer = fields.manufacturer;
    this.search = search;

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

  /** A category by id or by slug in any language. */
  findCategory(idOrSlug: string): CategoryNode | undefined {
    return this.categoryById.get(idOrSlug) ?? this.categoryBySlug.get(idOrSlug);
  }

  /** Number of products in a category and all its descendants. */
  countIn(categoryId: string): number {
    return this.subtreeDocs.get(categoryId)?.length ?? 0;
  }

  /** Documents of a category subtree (or the whole catalog) in the order of `sort`, cached. */
  ordered(categoryId: string | null, sort: ProductSort): Int32Array {
    const key = `${categoryId ?? '*'}:${sort}`;
    let list = this.sorted.get(key);
    if (!list) {
      const docs = categoryId
        ? Int32Array.from(this.subtreeDocs.get(categoryId) ?? [])
        : Int32Array.from({ length: this.size }, (_, i) => i);
      list = docs.sort(this.comparator(sort));
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

  /** Records a counted view at once in this process (other processes see it at the next rebuild). */
  addView(doc: number) {
    this.views[doc] = (this.views[doc] as number) + 1;
    for (const key of this.sorted.keys()) if (key.endsWith(':most_viewed')) this.sorted.delete(key);
  }
}

/** Reads the whole active catalog and builds a snapshot (a few seconds at 100,000 products). */
export async function loadCatalogSnapshot(db: Db): Promise<CatalogSnapshot> {
  const [rows, titles, links, categoryRows, categoryNames] = await Promise.all([
    db
      .select({
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
      })
      .from(products)
      .where(eq(products.isActive, true)),
    db
      .select({ productId: productTranslations.productId, title: productTranslations.title })
      .from(productTranslations),
    db.select().from(productCategories),
    db.select().from(categories),
    db.select().from(categoryTranslations),
  ]);

  rows.sort((a, b) => b.buyers - a.buyers || b.views - a.views || (a.sku < b.sku ? -1 : 1));
  const docOf = new Map(rows.map((row, doc) => [row.id, doc]));
  const words: string[][] = rows.map((row) => [
    row.manufacturer,
    ...row.replacedModels,
    ...row.suitableDevices,
  ]);
  for (const { productId, title } of titles) {
    const doc = docOf.get(productId);
    if (doc !== undefined) (words[doc] as string[]).push(title);
  }
  const search = new SearchIndex(
    rows.map((row, doc) => ({
      codes: [row.sku, row.reference, ...row.replacedModels, ...(row.ean ? [row.ean] : [])],
      words: words[doc] as string[],
    })),
  );

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
    rows.map((row) => row.id),
    {
      price: Int32Array.from(rows, (row) => row.priceCents),
      // SPEC: out of stock when not in stock or quantity 0 or less.
      available: Uint8Array.from(rows, (row) => (row.isInStock && row.quantity > 0 ? 1 : 0)),
      views: Int32Array.from(rows, (row) => row.views),
      buyers: Int32Array.from(rows, (row) => row.buyers),
      created: Float64Array.from(rows, (row) => row.createdAt.getTime()),
      manufacturer: rows.map((row) => row.manufacturer),
    },
    search,
    [...nodes.values()],
    links.flatMap(({ productId, categoryId }) => {
      const doc = docOf.get(productId);
      return doc === undefined ? [] : [{ doc, categoryId }];
    }),
  );
}
