import {
  CATALOG_LIMITS,
  DEFAULT_LOCALE,
  LOCALES,
  type AdvancedFilterResponse,
  type Locale,
  type ProductListItem,
  type ProductSettings,
  type ProductSort,
} from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { notFound } from '../../../../platform/errors';
import { toCents } from '../../../../platform/money';
import { unitPricesRelation } from '../../../pricing';
import { repriceItems } from '../../priced-answer';
import { findProductDetails, recordView, toListItem, type ListRow } from '../../product-repo';
import { linkCategories, shownCategories } from '../category-tree';
import { productPage } from '../product-page';
import type {
  AnswerCheck,
  CatalogReadModel,
  CategoryNode,
  CategoryTree,
  ListingFilter,
} from '../read-model';
import { serializeAnswer, type SerializedAnswer } from '../serialized-answer';
import { compactCode, tokenize, withinOneEdit } from '../text';

/** Match quality as the in-memory index ranks it: a better tier always ranks above a worse one. */
const TIER = { codeExact: 16, codePrefix: 8, exact: 4, prefix: 2, typo: 1 } as const;
/** A tier as a constant of the statement (parameters have no type a CASE could agree on). */
const tier = (name: keyof typeof TIER) => sql.raw(String(TIER[name]));
/** From this many letters a word is also found with one typo. */
const TYPO_FROM_LETTERS = 4;

/** Popularity, which breaks every tie: best sellers, then most viewed, then SKU. */
const POPULARITY = sql`p.buyers desc, p.views desc, p.sku collate "C"`;
const ORDER_BY: Record<ProductSort, SQL> = {
  best_seller: POPULARITY,
  most_viewed: sql`p.views desc, p.buyers desc, p.sku collate "C"`,
  new_arrival: sql`p.created_at desc, ${POPULARITY}`,
  price_asc: sql`p.price_cents, ${POPULARITY}`,
  price_desc: sql`p.price_cents desc, ${POPULARITY}`,
};

type Row = ListRow & { name: string };

/** A product's list row columns, its title in `locale` (else English, else the SKU) as `name`. */
const rowsFrom = (locale: Locale) => sql`select p.id, p.sku, p.reference, p.slug,
    p.price_cents as "priceCents", p.images -> 0 as image, p.is_in_stock as "isInStock",
    p.quantity, p.backorderable, p.manufacturer, p.warranty_months as "warrantyMonths", p.state,
    p.views, p.buyers, p.weight_grams as "weightGrams",
    coalesce(own.title, en.title, p.sku) as name
  from products p
  left join product_translations own on own.product_id = p.id and own.locale = ${locale}
  left join product_translations en on en.product_id = p.id and en.locale = ${DEFAULT_LOCALE}`;

async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A search term and the words within one typo of it that do not start with it. */
interface Term {
  term: string;
  typos: string[];
}

/**
 * The dictionary's words within one typo (insert, delete, substitute or swap) of `term`, for a
 * term of TYPO_FROM_LETTERS letters or more, as the in-memory index finds them: words sharing
 * the first two letters and of a length within one, checked here, and the words a typo in those
 * two letters makes (matched by pattern).
 */
async function typoWords(db: Db, term: string): Promise<string[]> {
  if (term.length < TYPO_FROM_LETTERS) return [];
  const [a, b, c] = [term.charAt(0), term.charAt(1), term.charAt(2)];
  const variants = [
    term.slice(1),
    a + term.slice(2),
    b + a + term.slice(2),
    a + c + b + term.slice(3),
  ];
  const patterns = [
    `_${term.slice(1)}`,
    `_${term}`,
    `${a}_${term.slice(2)}`,
    `${a}_${term.slice(1)}`,
  ];
  const rows = await query<{ word: string }>(
    db,
    sql`select word from catalog_words
      where (word like ${`${a}${b}%`} and length(word) between ${term.length - 1} and ${term.length + 1})
        or word in (${sql.join(
          variants.map((variant) => sql`${variant}`),
          sql`, `,
        )})
        or ${sql.join(
          patterns.map((pattern) => sql`word like ${pattern}`),
          sql` or `,
        )}`,
  );
  return rows
    .map((row) => row.word)
    .filter((word) => !word.startsWith(term) && withinOneEdit(term, word));
}

/** The distinct words of a text with their typo words, looked up together. */
function termsOf(db: Db, text: string): Promise<Term[]> {
  const terms = [...new Set(tokenize(text))];
  return Promise.all(terms.map(async (term) => ({ term, typos: await typoWords(db, term) })));
}

/** A term's conditions on `product_search.words` (' word word '): found, and how well. */
function termMatch({ term, typos }: Term) {
  const prefix = sql`s.words like ${`% ${term}%`}`;
  const typo = typos.map((word) => sql`s.words like ${`% ${word} %`}`);
  return {
    matches: typo.length ? sql`(${sql.join([prefix, ...typo], sql` or `)})` : prefix,
    tier: sql`case when s.words like ${`% ${term} %`} then ${tier('exact')}
      when ${prefix} then ${tier('prefix')} else ${tier('typo')} end`,
  };
}

/**
 * Products a text finds, unranked, as a condition on `product_search s`: a code starting with
 * it (two characters or more), or every word of it as a word, a word's start or a word within
 * one typo: the in-memory index's `matchAll`.
 */
export async function searchCondition(db: Db, text: string): Promise<SQL> {
  const code = compactCode(text);
  const terms = await termsOf(db, text);
  const parts: SQL[] = [];
  if (code.length >= 2) parts.push(sql`s.codes like ${`% ${code}%`}`);
  if (terms.length) {
    parts.push(
      sql`(${sql.join(
        terms.map((term) => termMatch(term).matches),
        sql` and `,
      )})`,
    );
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** The category tree read from PostgreSQL, with product counts per subtree. */
class PostgresCategoryTree implements CategoryTree {
  readonly roots: CategoryNode[];
  readonly categoryById: Map<string, CategoryNode>;
  private readonly categoryBySlug: Map<string, CategoryNode>;

  constructor(
    nodes: CategoryNode[],
    private readonly counts: ReadonlyMap<string, number>,
  ) {
    const linked = linkCategories(nodes);
    this.roots = linked.roots;
    this.categoryById = linked.byId;
    this.categoryBySlug = linked.bySlug;
  }

  findCategory(idOrSlug: string): CategoryNode | undefined {
    return this.categoryById.get(idOrSlug) ?? this.categoryBySlug.get(idOrSlug);
  }

  countIn(categoryId: string): number {
    return this.counts.get(categoryId) ?? 0;
  }

  /** The ids of a category and all its descendants. */
  subtree(node: CategoryNode): string[] {
    const ids = [node.id];
    for (const child of node.children) ids.push(...this.subtree(child));
    return ids;
  }
}

export interface PostgresReadModelOptions {
  check?: AnswerCheck;
}

/**
 * The catalog from PostgreSQL alone: every answer is a query on indexes (migration 0024:
 * `product_search` kept by triggers and searched through pg_trgm, the listing orders as partial
 * indexes of the active products), so a change shows in the next answer in every process and
 * nothing is held in memory but the category tree (kept while the catalog's versions stay the
 * same). Decision 012 measures it against the in-memory index.
 */
export class PostgresReadModel implements CatalogReadModel {
  readonly kind = 'postgres';
  private tree: { structure: string; tree: Promise<PostgresCategoryTree> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: PostgresReadModelOptions = {},
  ) {}

  async warm(): Promise<void> {
    await this.categories();
  }

  ageSeconds(): number {
    return 0;
  }

  async refresh(): Promise<void> {
    this.tree = null;
  }

  catalogChanged(): void {
    // Products are read as they are now; the category tree's counts are read again.
    this.tree = null;
  }

  async stockChanged(): Promise<void> {
    // Every answer reads the stock as it is now.
  }

  private answer(kind: 'search' | 'listing' | 'product', value: unknown): SerializedAnswer {
    this.options.check?.(kind, value);
    return serializeAnswer(value);
  }

  async search(
    text: string,
    limit: number,
    locale: Locale,
    settings: ProductSettings,
  ): Promise<SerializedAnswer> {
    const code = compactCode(text);
    const terms = await termsOf(this.db, text);
    const parts: SQL[] = [];
    if (code.length >= 2) {
      parts.push(
        code.length >= 3 ? sql`s.codes like ${`% ${code}%`}` : sql`s.codes like ${`% ${code} %`}`,
      );
    }
    const matches = terms.map(termMatch);
    if (matches.length)
      parts.push(
        sql`(${sql.join(
          matches.map((m) => m.matches),
          sql` and `,
        )})`,
      );
    if (!parts.length) return this.answer('search', { items: [] });
    const codeTier =
      code.length >= 3
        ? sql`case when s.codes like ${`% ${code} %`} then ${tier('codeExact')}
            when s.codes like ${`% ${code}%`} then ${tier('codePrefix')} else 0 end`
        : code.length === 2
          ? sql`case when s.codes like ${`% ${code} %`} then ${tier('codeExact')} else 0 end`
          : sql`0`;
    // Products found by a code first, by popularity; the others only when they have every word,
    // best matched first.
    const wordScore = matches.length
      ? sql`case when ${sql.join(
          matches.map((m) => m.matches),
          sql` and `,
        )} then ${sql.join(
          matches.map((m) => sql`(${m.tier})`),
          sql` + `,
        )} else 0 end`
      : sql`0`;
    const ids = await query<{ id: string }>(
      this.db,
      sql`with found as (
          select s.product_id, ${codeTier} as code_tier, ${wordScore} as word_score
          from product_search s where ${sql.join(parts, sql` or `)}
        )
        select p.id from products p join found f on f.product_id = p.id
        where p.is_active
        order by f.code_tier desc, case when f.code_tier > 0 then 0 else f.word_score end desc,
          ${POPULARITY}
        limit ${limit}`,
    );
    const items = await this.rowsInOrder(ids, locale, settings.low_stock_threshold);
    return this.answer('search', { items });
  }

  async listing(
    filter: ListingFilter,
    locale: Locale,
    settings: ProductSettings,
  ): Promise<SerializedAnswer> {
    const limit = Math.min(
      filter.limit ?? settings.listing_page_size,
      CATALOG_LIMITS.listingMaxLimit,
    );
    const page = filter.page ?? 1;
    const conditions: SQL[] = [sql`p.is_active`];
    if (filter.category) {
      const tree = await this.categories();
      const node = tree.findCategory(filter.category);
      if (!node) throw notFound();
      conditions.push(sql`exists (select 1 from product_categories pc
        where pc.product_id = p.id and pc.category_id in (${sql.join(
          tree.subtree(node).map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`);
    }
    if (filter.in_stock) conditions.push(sql`p.is_in_stock and p.quantity > 0`);
    // With a price list, the buyer's price from 1 unit: the list's where it prices the product.
    const price = filter.prices ? sql`coalesce(bp.cents, p.price_cents)` : sql`p.price_cents`;
    const products = filter.prices
      ? sql`products p left join (${unitPricesRelation(filter.prices.listId)}) bp
          on bp.product_id = p.id`
      : sql`products p`;
    if (filter.price_min !== undefined) {
      conditions.push(sql`${price} >= ${toCents(filter.price_min)}`);
    }
    if (filter.price_max !== undefined) {
      conditions.push(sql`${price} <= ${toCents(filter.price_max)}`);
    }
    if (filter.search?.trim()) {
      conditions.push(sql`exists (select 1 from product_search s
        where s.product_id = p.id and ${await searchCondition(this.db, filter.search)})`);
    }
    const where = sql.join(conditions, sql` and `);
    const wanted = filter.manufacturer?.toLowerCase();
    const sort = filter.sort ?? settings.default_sort;
    // Equal buyer prices keep the catalog's price order (as the in-memory listing does).
    const order =
      filter.prices && sort === 'price_asc'
        ? sql`${price}, ${ORDER_BY.price_asc}`
        : filter.prices && sort === 'price_desc'
          ? sql`${price} desc, ${ORDER_BY.price_desc}`
          : ORDER_BY[sort];
    const [counts, items] = await Promise.all([
      query<{ manufacturer: string; count: number }>(
        this.db,
        sql`select p.manufacturer, count(*)::int as count from ${products} where ${where}
          group by p.manufacturer`,
      ),
      query<{ id: string }>(
        this.db,
        sql`select p.id from ${products} where ${where}
          ${wanted === undefined ? sql`` : sql`and lower(p.manufacturer) = ${wanted}`}
          order by ${order}
          limit ${limit} offset ${(page - 1) * limit}`,
      )
        .then((ids) => this.rowsInOrder(ids, locale, settings.low_stock_threshold))
        .then((rows) => repriceItems(rows, filter.prices ?? null)),
    ]);
    let total = 0;
    for (const { manufacturer, count } of counts) {
      if (wanted === undefined || manufacturer.toLowerCase() === wanted) total += count;
    }
    const response: AdvancedFilterResponse = {
      items,
      total,
      page,
      totalPage: Math.max(1, Math.ceil(total / limit)),
      manufacturers: counts
        .map(({ manufacturer, count }) => ({ name: manufacturer, count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    };
    return this.answer('listing', response);
  }

  async product(
    key: 'id' | 'sku' | 'slug',
    value: string,
    locale: Locale,
    settings: ProductSettings,
  ): Promise<SerializedAnswer> {
    const column = { id: sql`p.id::text`, sku: sql`p.sku`, slug: sql`p.slug` }[key];
    const [row] = await query<Row>(
      this.db,
      sql`${rowsFrom(locale)} where ${column} = ${value} and p.is_active`,
    );
    if (!row) throw notFound();
    const [details, tree] = await Promise.all([
      findProductDetails(this.db, row.id),
      this.categories(),
    ]);
    if (!details) throw notFound();
    const item = toListItem(row, row.name, settings.low_stock_threshold);
    return this.answer('product', productPage(item, details, tree, locale));
  }

  async top(
    kind: 'most_viewed' | 'best_seller',
    limit: number,
    locale: Locale,
    lowStock: number,
  ): Promise<ProductListItem[]> {
    const ids = await query<{ id: string }>(
      this.db,
      sql`select p.id from products p where p.is_active order by ${ORDER_BY[kind]}
        limit ${limit}`,
    );
    return this.rowsInOrder(ids, locale, lowStock);
  }

  async rows(
    ids: readonly string[],
    locale: Locale,
    lowStock: number,
  ): Promise<Map<string, ProductListItem>> {
    const wanted = ids.filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Map();
    const rows = await query<Row>(
      this.db,
      sql`${rowsFrom(locale)} where p.id in (${sql.join(
        wanted.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and p.is_active`,
    );
    return new Map(rows.map((row) => [row.id, toListItem(row, row.name, lowStock)]));
  }

  /**
   * The list rows of products ranked or paged already: the texts are joined for these few only,
   * after the ranking, not for every product it looked at.
   */
  private async rowsInOrder(
    ids: { id: string }[],
    locale: Locale,
    lowStock: number,
  ): Promise<ProductListItem[]> {
    const rows = await this.rows(
      ids.map((row) => row.id),
      locale,
      lowStock,
    );
    return ids.flatMap(({ id }) => rows.get(id) ?? []);
  }

  async recordView(productId: string, userId: string) {
    const [row] = await query<{ id: string }>(
      this.db,
      sql`select id from products where id = ${productId}::uuid and is_active`,
    );
    if (!row) throw notFound();
    return recordView(this.db, productId, userId);
  }

  /**
   * The category tree, read again when the catalog's structure or products version moved
   * (migrations 0011, 0042): its counts move with products added, gone or moved.
   */
  async categories(): Promise<PostgresCategoryTree> {
    const [version] = await query<{ structure: string }>(
      this.db,
      sql`select structure::text || ':' || products::text as structure
        from catalog_version where id = 1`,
    );
    const structure = version?.structure ?? '';
    if (this.tree?.structure !== structure) {
      const tree = loadCategoryTree(this.db);
      tree.catch(() => {
        if (this.tree?.tree === tree) this.tree = null;
      });
      this.tree = { structure, tree };
    }
    return this.tree.tree;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadCategoryTree(db: Db): Promise<PostgresCategoryTree> {
  const [categories, names, counts] = await Promise.all([
    query<{
      id: string;
      parentId: string | null;
      position: number;
      iconPath: string | null;
      isActive: boolean;
    }>(
      db,
      sql`select id, parent_id as "parentId", position, icon_path as "iconPath",
        is_active as "isActive" from categories`,
    ),
    query<{ categoryId: string; locale: string; name: string; slug: string }>(
      db,
      sql`select category_id as "categoryId", locale, name, slug from category_translations`,
    ),
    // Active products under each category, its descendants' included, each counted once.
    query<{ id: string; count: number }>(
      db,
      sql`with recursive up(category_id, ancestor) as (
          select id, id from categories
          union all
          select up.category_id, c.parent_id from up join categories c on c.id = up.ancestor
          where c.parent_id is not null
        )
        select up.ancestor as id, count(distinct pc.product_id)::int as count
        from up
        join product_categories pc on pc.category_id = up.category_id
        join products p on p.id = pc.product_id and p.is_active
        group by up.ancestor`,
    ),
  ]);
  const nodes = new Map<string, CategoryNode>(
    shownCategories(categories).map(({ isActive: _active, ...row }) => [
      row.id,
      { ...row, names: {}, slugs: {}, children: [] },
    ]),
  );
  for (const { categoryId, locale, name, slug } of names) {
    const node = nodes.get(categoryId);
    if (node && (LOCALES as readonly string[]).includes(locale)) {
      // An emptied name keeps its slug (links keep working); the English name shows.
      if (name) node.names[locale as Locale] = name;
      node.slugs[locale as Locale] = slug;
    }
  }
  return new PostgresCategoryTree(
    [...nodes.values()],
    new Map(counts.map(({ id, count }) => [id, count])),
  );
}
