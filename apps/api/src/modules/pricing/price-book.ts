import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { percentOfCents } from '../../platform/money';
import { ReadTogether } from '../../platform/read-together';

/** A product's fixed price in a list from a number of units on (1: its price in the list). */
export interface Tier {
  minQuantity: number;
  cents: number;
}

/** A catalog price less a percentage off (in basis points), to the cent. */
export function discountedCents(listCents: number, basisPoints: number): number {
  return listCents - percentOfCents(listCents, basisPoints);
}

/** A list's discounts as staff set them: by category (covering those under it) and by maker. */
export interface DiscountRules {
  categories: ReadonlyMap<string, number>;
  /** By manufacturer name in lower case. */
  manufacturers: ReadonlyMap<string, number>;
}

/**
 * A price list's prices, held by each process and rebuilt when the list changes (its
 * `updated_at`): fixed prices and tiers per product, and the percentage off each product gets
 * from the list's category and manufacturer discounts (also kept as the rules themselves, for a
 * catalog that knows its categories to apply them without a product id in hand). One book serves
 * every company of the list, so what is cached per list is never multiplied by its companies.
 */
export class PriceBook {
  constructor(
    /** The price list. */
    readonly listId: string,
    /** The list and its version: what answers priced with this book are cached under. */
    readonly key: string,
    private readonly tiers: ReadonlyMap<string, readonly Tier[]>,
    private readonly discounts: ReadonlyMap<string, number>,
    readonly discountRules: DiscountRules,
  ) {}

  /** Whether the list prices this product otherwise than the catalog. */
  prices(productId: string): boolean {
    return this.tiers.has(productId) || this.discounts.has(productId);
  }

  /** The products with fixed prices (from 1 unit or in tiers). */
  fixedProductIds(): Iterable<string> {
    return this.tiers.keys();
  }

  /** The unit price of `quantity` units of a product whose catalog price is `listCents`. */
  unitCents(productId: string, listCents: number, quantity = 1): number {
    const tiers = this.tiers.get(productId);
    const tier = tiers?.findLast((candidate) => candidate.minQuantity <= quantity);
    if (tier) return tier.cents;
    const basisPoints = this.discounts.get(productId);
    return basisPoints ? discountedCents(listCents, basisPoints) : listCents;
  }

  /** The quantity tiers a product page shows (from 1 unit on, then each tier); [] without tiers. */
  tiersOf(productId: string, listCents: number): Tier[] {
    const tiers = (this.tiers.get(productId) ?? []).filter((tier) => tier.minQuantity > 1);
    if (tiers.length === 0) return [];
    return [{ minQuantity: 1, cents: this.unitCents(productId, listCents, 1) }, ...tiers];
  }
}

type Rows<T> = { rows: T[] };

/**
 * A list's id written into a statement (COPY takes no parameters); ids come from the database,
 * and anything else than a uuid is refused rather than written.
 */
function listLiteral(listId: string): SQL {
  if (!/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(listId)) {
    throw new Error(`not a price list id: ${listId}`);
  }
  return sql.raw(`'${listId}'::uuid`);
}

/**
 * Each product's best discount in a list, `(product_id, basis_points)`: a category's discount
 * covers the categories under it; a product in several discounted categories, or also of a
 * discounted manufacturer, gets the largest. A manufacturer's products are looked up per rule
 * (`offset 0` keeps the lateral query apart, so it reads products_manufacturer_lower_idx): joined
 * instead, the planner hashed `lower(manufacturer)` of every product, 258 ms against 1.5 ms at
 * 100,000 products.
 */
function discountsOf(list: SQL): SQL {
  return sql`with recursive under (root, id) as (
      select category_id, category_id from price_list_discounts
      where price_list_id = ${list} and category_id is not null
      union
      select under.root, categories.id from categories join under on categories.parent_id = under.id
    ), offered as (
      select pc.product_id, d.percent_bp from under
      join price_list_discounts d on d.price_list_id = ${list} and d.category_id = under.root
      join product_categories pc on pc.category_id = under.id
      union all
      select p.id, d.percent_bp from price_list_discounts d
      cross join lateral (select id from products
        where lower(products.manufacturer) = lower(d.manufacturer) offset 0) p
      where d.price_list_id = ${list} and d.manufacturer is not null
    )
    select product_id, max(percent_bp)::int as basis_points from offered group by product_id`;
}

/**
 * The unit price from 1 unit of every product a list prices otherwise than the catalog, as a
 * relation `(product_id, cents)` for statements that sort, filter or render by the buyer's price
 * (listings on PostgreSQL, the XML feed). It is `PriceBook.unitCents(id, price, 1)` in SQL: the
 * fixed price from 1 unit, else the catalog price less the best discount rounded half up (the
 * same as `percentOfCents` for the prices of a shop, never negative); price-lists.test.ts holds
 * both to the same figures. Written without parameters.
 */
export function unitPricesRelation(listId: string): SQL {
  const list = listLiteral(listId);
  return sql`select p.id as product_id,
      coalesce(fixed.price_cents, p.price_cents - round(p.price_cents * off.basis_points / 10000.0)::int) as cents
    from products p
    left join price_list_prices fixed
      on fixed.price_list_id = ${list} and fixed.product_id = p.id and fixed.min_quantity = 1
    left join (${discountsOf(list)}) off on off.product_id = p.id
    where fixed.price_cents is not null or off.basis_points is not null`;
}

/**
 * One string per product id for all the books of the process: a list discounting a few
 * categories prices thousands of products, and each book then holds a reference to the id, not
 * a copy of it (200 books of 8,600 discounted products each: 95.6 → 55.2 MB of heap, the
 * shared ids included). At most one entry per product the catalog has had.
 */
const productIds = new Map<string, string>();
function sharedId(id: string): string {
  let held = productIds.get(id);
  if (held === undefined) productIds.set(id, (held = id));
  return held;
}

/** Reads a list's prices: its tiers, and each product's best discount by category or maker. */
async function loadBook(db: Executor, listId: string, key: string): Promise<PriceBook> {
  const [fixed, discounted, rules] = await Promise.all([
    db.execute(sql`select product_id as "productId", min_quantity as "minQuantity",
        price_cents as "cents"
      from price_list_prices where price_list_id = ${listId}
      order by product_id, min_quantity`) as unknown as Promise<
      Rows<{ productId: string; minQuantity: number; cents: number }>
    >,
    db.execute(sql`select product_id as "productId", basis_points as "basisPoints"
      from (${discountsOf(listLiteral(listId))}) off`) as unknown as Promise<
      Rows<{ productId: string; basisPoints: number }>
    >,
    db.execute(sql`select category_id as "categoryId", lower(manufacturer) as manufacturer,
        percent_bp as "basisPoints"
      from price_list_discounts where price_list_id = ${listId}`) as unknown as Promise<
      Rows<{ categoryId: string | null; manufacturer: string | null; basisPoints: number }>
    >,
  ]);
  const tiers = new Map<string, Tier[]>();
  for (const row of fixed.rows) {
    const list = tiers.get(row.productId) ?? [];
    list.push({ minQuantity: row.minQuantity, cents: row.cents });
    tiers.set(sharedId(row.productId), list);
  }
  const discounts = new Map(
    discounted.rows.map((row) => [sharedId(row.productId), row.basisPoints]),
  );
  const discountRules = {
    categories: new Map<string, number>(),
    manufacturers: new Map<string, number>(),
  };
  for (const rule of rules.rows) {
    const [byTarget, target] = rule.categoryId
      ? [discountRules.categories, rule.categoryId]
      : [discountRules.manufacturers, rule.manufacturer ?? ''];
    byTarget.set(target, Math.max(byTarget.get(target) ?? 0, rule.basisPoints));
  }
  return new PriceBook(listId, key, tiers, discounts, discountRules);
}

/** How long a process trusts what it read of a company's price list before reading it again. */
const COMPANY_LIST_TTL_MS = 2_000;

/** How many companies' lists are kept read (the least recently asked go first). */
const COMPANIES_HELD = 10_000;

/**
 * A company's list in force now and its version; null: catalog prices. The version moves with the
 * list and with the catalog's products and categories (catalog_version): which products a
 * category's or a manufacturer's discount covers is read with the book.
 */
type CompanyList = { id: string; version: string } | null;

/**
 * The price books of this process: a company's list is trusted for 2 s and read again together
 * with the other companies' in use (`ReadTogether`); a list's book is read once per version and
 * kept for the lists in use.
 */
export class PriceBooks {
  private readonly companies: ReadTogether<CompanyList>;
  private readonly books = new LRUCache<string, Promise<PriceBook>>({ max: 200 });

  constructor(private readonly db: Executor) {
    this.companies = new ReadTogether({
      trustMs: COMPANY_LIST_TTL_MS,
      max: COMPANIES_HELD,
      read: (companyIds) => this.readCompanyLists(companyIds),
    });
  }

  /** The book a company's buyers are priced with now; null when they get catalog prices. */
  async forCompany(companyId: string | null | undefined): Promise<PriceBook | null> {
    if (!companyId) return null;
    const list = await this.companies.get(companyId);
    if (!list) return null;
    const key = `${list.id}:${list.version}`;
    let book = this.books.get(key);
    if (!book) {
      book = loadBook(this.db, list.id, key);
      book.catch(() => this.books.delete(key));
      this.books.set(key, book);
    }
    return book;
  }

  /**
   * The unit prices a company's buyers get from 1 unit (`unitPricesRelation`), for statements
   * that sort, filter or render by them; null when they get catalog prices.
   */
  async unitPricesOf(companyId: string): Promise<SQL | null> {
    const book = await this.forCompany(companyId);
    return book ? unitPricesRelation(book.listId) : null;
  }

  /** Forget what was read of companies (after staff change a list or an assignment here). */
  changed(): void {
    this.companies.clear();
  }

  /** The lists in force now of these companies, by company (null: catalog prices). */
  private async readCompanyLists(companyIds: string[]): Promise<Map<string, CompanyList>> {
    const result = (await this.db.execute(sql`select c.id as "companyId", l.id,
        (extract(epoch from l.updated_at) * 1000000)::bigint::text || ':' || v.structure || ':'
          || v.products as version
      from companies c join price_lists l on l.id = c.price_list_id
        cross join catalog_version v
      where c.id = any(${sql.param(companyIds)}::uuid[])
        and (l.valid_from is null or l.valid_from <= current_date)
        and (l.valid_until is null or l.valid_until >= current_date)`)) as unknown as Rows<{
      companyId: string;
      id: string;
      version: string;
    }>;
    const lists = new Map<string, CompanyList>(companyIds.map((companyId) => [companyId, null]));
    for (const { companyId, id, version } of result.rows) lists.set(companyId, { id, version });
    return lists;
  }
}
