import {
  DEFAULT_LOCALE,
  PRICE_LISTS_PAGE_SIZE,
  type CompanyPriceList,
  type Locale,
  type PriceList,
  type PriceListDiscounts,
  type PriceListInput,
  type PriceListListQuery,
  type PriceListPage,
  type PriceListPrices,
  type PriceListSummary,
} from '@portal/contract';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import {
  categories,
  categoryTranslations,
  companies,
  priceListDiscounts,
  priceListPrices,
  priceLists,
  productTranslations,
  products,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { fieldError, notFound } from '../../platform/errors';
import { fromCents, toCents } from '../../platform/money';
import { recordAudit } from '../audit';

type ListRow = typeof priceLists.$inferSelect;

/** Its dates include today (the database's), so its companies get its prices. */
const inForce = sql<boolean>`((${priceLists.validFrom} is null or ${priceLists.validFrom} <= current_date)
  and (${priceLists.validUntil} is null or ${priceLists.validUntil} >= current_date))`;

// Named in full: inside a subquery an unqualified "id" would be the subquery table's own.
const summaryColumns = {
  row: priceLists,
  inForce,
  discountCount: sql<number>`(select count(*)::int from price_list_discounts d
    where d.price_list_id = "price_lists"."id")`,
  priceCount: sql<number>`(select count(*)::int from price_list_prices p
    where p.price_list_id = "price_lists"."id")`,
  companyCount: sql<number>`(select count(*)::int from companies c
    where c.price_list_id = "price_lists"."id")`,
};

function toSummary(found: {
  row: ListRow;
  inForce: boolean;
  discountCount: number;
  priceCount: number;
  companyCount: number;
}): PriceListSummary {
  const { row } = found;
  return {
    _id: row.id,
    name: row.name,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    in_force: found.inForce,
    discount_count: found.discountCount,
    price_count: found.priceCount,
    company_count: found.companyCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `GET /admin/price-lists`: by name, q: part of the name. */
export async function listPriceLists(db: Db, query: PriceListListQuery): Promise<PriceListPage> {
  const text = query.q?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = text ? ilike(priceLists.name, `%${text}%`) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(priceLists)
      .where(where)
      .orderBy(asc(sql`lower(${priceLists.name})`), asc(priceLists.id))
      .limit(PRICE_LISTS_PAGE_SIZE)
      .offset((query.page - 1) * PRICE_LISTS_PAGE_SIZE),
    db.select({ total: count() }).from(priceLists).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    items: rows.map(toSummary),
    total,
    page: query.page,
    totalPage: Math.max(1, Math.ceil(total / PRICE_LISTS_PAGE_SIZE)),
  };
}

const categoryIn = alias(categoryTranslations, 'category_in');
const categoryEn = alias(categoryTranslations, 'category_en');
const titleIn = alias(productTranslations, 'title_in');
const titleEn = alias(productTranslations, 'title_en');

/** `GET /admin/price-lists/:id`: the list, its discounts, prices and companies. */
export async function getPriceList(db: Executor, id: string, locale: Locale): Promise<PriceList> {
  const [found] = await db.select(summaryColumns).from(priceLists).where(eq(priceLists.id, id));
  if (!found) throw notFound('errors.price_list_not_found');
  const [discounts, prices, members] = await Promise.all([
    db
      .select({
        categoryId: priceListDiscounts.categoryId,
        categoryName: sql<string | null>`coalesce(${categoryIn.name}, ${categoryEn.name})`,
        manufacturer: priceListDiscounts.manufacturer,
        percentBp: priceListDiscounts.percentBp,
      })
      .from(priceListDiscounts)
      .leftJoin(
        categoryIn,
        and(
          eq(categoryIn.categoryId, priceListDiscounts.categoryId),
          eq(categoryIn.locale, locale),
        ),
      )
      .leftJoin(
        categoryEn,
        and(
          eq(categoryEn.categoryId, priceListDiscounts.categoryId),
          eq(categoryEn.locale, DEFAULT_LOCALE),
        ),
      )
      .where(eq(priceListDiscounts.priceListId, id))
      .orderBy(asc(priceListDiscounts.manufacturer), asc(categoryEn.name)),
    db
      .select({
        productId: priceListPrices.productId,
        sku: products.sku,
        title: sql<string>`coalesce(${titleIn.title}, ${titleEn.title}, ${products.sku})`,
        listCents: products.priceCents,
        minQuantity: priceListPrices.minQuantity,
        cents: priceListPrices.priceCents,
      })
      .from(priceListPrices)
      .innerJoin(products, eq(products.id, priceListPrices.productId))
      .leftJoin(titleIn, and(eq(titleIn.productId, products.id), eq(titleIn.locale, locale)))
      .leftJoin(
        titleEn,
        and(eq(titleEn.productId, products.id), eq(titleEn.locale, DEFAULT_LOCALE)),
      )
      .where(eq(priceListPrices.priceListId, id))
      .orderBy(asc(products.sku), asc(priceListPrices.minQuantity)),
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.priceListId, id))
      .orderBy(asc(companies.name)),
  ]);
  return {
    ...toSummary(found),
    discounts: discounts.map((row) => ({
      category: row.categoryId ? { _id: row.categoryId, name: row.categoryName ?? '' } : null,
      manufacturer: row.manufacturer,
      percent: row.percentBp / 100,
    })),
    prices: prices.map((row) => ({
      product_id: row.productId,
      sku: row.sku,
      title: row.title,
      list_price: fromCents(row.listCents),
      min_quantity: row.minQuantity,
      price: fromCents(row.cents),
    })),
    companies: members.map((row) => ({ _id: row.id, name: row.name })),
  };
}

/** A second list with the same name (case aside) is refused on the name. */
async function refuseTakenName(db: Executor, ctx: RequestContext, name: string, except?: string) {
  const [taken] = await db
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(sql`lower(${priceLists.name}) = lower(${name})`);
  if (taken && taken.id !== except) {
    throw fieldError(ctx.locale, 'name', 'errors.price_list_name_taken');
  }
}

/** `POST /admin/price-lists`. */
export async function createPriceList(
  db: Db,
  ctx: RequestContext,
  body: PriceListInput,
): Promise<PriceList> {
  const id = await db.transaction(async (tx) => {
    await refuseTakenName(tx, ctx, body.name);
    const [row] = await tx
      .insert(priceLists)
      .values({
        name: body.name,
        validFrom: body.valid_from ?? null,
        validUntil: body.valid_until ?? null,
      })
      .returning();
    if (!row) throw new Error('price list not created');
    await audit(tx, ctx, row, 'price_list.create', { name: row.name });
    return row.id;
  });
  return getPriceList(db, id, ctx.locale);
}

async function lockList(tx: Executor, id: string): Promise<ListRow> {
  const [row] = await tx.select().from(priceLists).where(eq(priceLists.id, id)).for('update');
  if (!row) throw notFound('errors.price_list_not_found');
  return row;
}

/** Its prices changed: every process rebuilds its book of the list (a new version). */
const touch = (tx: Executor, id: string) =>
  tx
    .update(priceLists)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(priceLists.id, id));

function audit(
  tx: Executor,
  ctx: RequestContext,
  row: ListRow,
  action:
    | 'price_list.create'
    | 'price_list.update'
    | 'price_list.delete'
    | 'price_list.discounts'
    | 'price_list.prices',
  after: Record<string, unknown> | null,
  before: Record<string, unknown> | null = null,
) {
  return recordAudit(tx, {
    staffUserId: ctx.userId,
    action,
    entityType: 'price_list',
    entityId: row.id,
    entityLabel: row.name,
    before,
    after,
  });
}

/** `PUT /admin/price-lists/:id`: name and validity. */
export async function updatePriceList(
  db: Db,
  ctx: RequestContext,
  id: string,
  body: PriceListInput,
): Promise<PriceList> {
  await db.transaction(async (tx) => {
    const row = await lockList(tx, id);
    await refuseTakenName(tx, ctx, body.name, id);
    const after = {
      name: body.name,
      valid_from: body.valid_from ?? null,
      valid_until: body.valid_until ?? null,
    };
    await tx
      .update(priceLists)
      .set({
        name: after.name,
        validFrom: after.valid_from,
        validUntil: after.valid_until,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(priceLists.id, id));
    await audit(tx, ctx, row, 'price_list.update', after, {
      name: row.name,
      valid_from: row.validFrom,
      valid_until: row.validUntil,
    });
  });
  return getPriceList(db, id, ctx.locale);
}

/** `DELETE /admin/price-lists/:id`: its companies go back to catalog prices. */
export async function deletePriceList(db: Db, ctx: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockList(tx, id);
    await tx.delete(priceLists).where(eq(priceLists.id, id));
    await audit(tx, ctx, row, 'price_list.delete', null, { name: row.name });
  });
}

/** `PUT /admin/price-lists/:id/discounts`: replaces every discount of the list. */
export async function setDiscounts(
  db: Db,
  ctx: RequestContext,
  id: string,
  body: PriceListDiscounts,
): Promise<PriceList> {
  await db.transaction(async (tx) => {
    const row = await lockList(tx, id);
    const categoryIds = body.discounts.flatMap((d) => ('category_id' in d ? [d.category_id] : []));
    const known = new Set(
      categoryIds.length
        ? (
            await tx
              .select({ id: categories.id })
              .from(categories)
              .where(inArray(categories.id, categoryIds))
          ).map((found) => found.id)
        : [],
    );
    const seen = new Set<string>();
    body.discounts.forEach((discount, index) => {
      const target =
        'category_id' in discount
          ? `category:${discount.category_id}`
          : `manufacturer:${discount.manufacturer.toLowerCase()}`;
      const field = `discounts.${index}.${'category_id' in discount ? 'category_id' : 'manufacturer'}`;
      if ('category_id' in discount && !known.has(discount.category_id)) {
        throw fieldError(ctx.locale, field, 'errors.category_not_found');
      }
      if (seen.has(target)) throw fieldError(ctx.locale, field, 'validation.duplicate_value');
      seen.add(target);
    });
    await tx.delete(priceListDiscounts).where(eq(priceListDiscounts.priceListId, id));
    if (body.discounts.length) {
      await tx.insert(priceListDiscounts).values(
        body.discounts.map((discount) => ({
          priceListId: id,
          categoryId: 'category_id' in discount ? discount.category_id : null,
          manufacturer: 'manufacturer' in discount ? discount.manufacturer : null,
          percentBp: Math.round(discount.percent * 100),
        })),
      );
    }
    await touch(tx, id);
    await audit(tx, ctx, row, 'price_list.discounts', { discounts: body.discounts });
  });
  return getPriceList(db, id, ctx.locale);
}

/** `PUT /admin/price-lists/:id/prices`: replaces every fixed price and tier, by SKU. */
export async function setPrices(
  db: Db,
  ctx: RequestContext,
  id: string,
  body: PriceListPrices,
): Promise<PriceList> {
  await db.transaction(async (tx) => {
    const row = await lockList(tx, id);
    const skus = [...new Set(body.prices.map((price) => price.sku))];
    const found = skus.length
      ? await tx
          .select({ id: products.id, sku: products.sku })
          .from(products)
          .where(inArray(products.sku, skus))
      : [];
    const idOf = new Map(found.map((product) => [product.sku, product.id]));
    const seen = new Set<string>();
    body.prices.forEach((price, index) => {
      if (!idOf.has(price.sku)) {
        throw fieldError(ctx.locale, `prices.${index}.sku`, 'errors.product_not_found');
      }
      const key = `${price.sku}:${price.min_quantity}`;
      if (seen.has(key)) {
        throw fieldError(ctx.locale, `prices.${index}.min_quantity`, 'validation.duplicate_value');
      }
      seen.add(key);
    });
    await tx.delete(priceListPrices).where(eq(priceListPrices.priceListId, id));
    // In slices: one statement's parameters stay well under PostgreSQL's limit.
    const rows = body.prices.map((price) => ({
      priceListId: id,
      productId: idOf.get(price.sku) ?? '',
      minQuantity: price.min_quantity,
      priceCents: toCents(price.price),
    }));
    for (let start = 0; start < rows.length; start += 2_000) {
      await tx.insert(priceListPrices).values(rows.slice(start, start + 2_000));
    }
    await touch(tx, id);
    await audit(tx, ctx, row, 'price_list.prices', { prices: body.prices.length });
  });
  return getPriceList(db, id, ctx.locale);
}

/** `PUT /admin/companies/:id/price-list`: the company's list, or none (catalog prices). */
export async function setCompanyPriceList(
  db: Db,
  ctx: RequestContext,
  companyId: string,
  body: CompanyPriceList,
): Promise<{ price_list: { _id: string; name: string } | null }> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, name: companies.name, before: companies.priceListId })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!company) throw notFound();
    let list: { id: string; name: string } | undefined;
    if (body.price_list_id) {
      [list] = await tx
        .select({ id: priceLists.id, name: priceLists.name })
        .from(priceLists)
        .where(eq(priceLists.id, body.price_list_id));
      if (!list) throw fieldError(ctx.locale, 'price_list_id', 'errors.price_list_not_found');
    }
    await tx
      .update(companies)
      .set({ priceListId: list?.id ?? null, updatedAt: sql`now()` })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'company.price_list',
      entityType: 'company',
      entityId: companyId,
      entityLabel: company.name,
      before: { price_list_id: company.before },
      after: { price_list: list?.name ?? null },
    });
    return { price_list: list ? { _id: list.id, name: list.name } : null };
  });
}
