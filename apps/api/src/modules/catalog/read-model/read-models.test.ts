import { gunzipSync } from 'node:zlib';
import { PRODUCT_SORT_OPTIONS, type ProductSettings } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  categories,
  companies,
  priceListDiscounts,
  priceListPrices,
  priceLists,
  productCategories,
  products,
  productTranslations,
} from '../../../db/schema';
import { PriceBooks } from '../../pricing';
import { createTestApp, type TestApp } from '../../../test/app';
import { MemoryReadModel } from './memory/memory-read-model';
import { PostgresReadModel } from './postgres/postgres-read-model';
import type { CatalogReadModel, ListingFilter } from './read-model';
import type { SerializedAnswer } from './serialized-answer';

/**
 * The in-memory index checked against the PostgreSQL read model, the reference: the same
 * database, the same calls, the same answers byte for byte.
 */
let t: TestApp;
let memory: MemoryReadModel;
let postgres: PostgresReadModel;
const settings: ProductSettings = {
  low_stock_threshold: 5,
  listing_page_size: 12,
  default_sort: 'best_seller',
} as ProductSettings;

beforeAll(async () => {
  t = await createTestApp();
  memory = new MemoryReadModel(t.db, t.app.log);
  postgres = new PostgresReadModel(t.db);
  await Promise.all([memory.warm(), postgres.warm()]);
});
afterAll(async () => {
  await t.close();
});

const json = (answer: SerializedAnswer) =>
  JSON.parse((answer.json ?? gunzipSync(answer.gzip)).toString()) as unknown;
const both = async (ask: (model: CatalogReadModel) => Promise<SerializedAnswer>) => {
  const [fromMemory, fromPostgres] = await Promise.all([ask(memory), ask(postgres)]);
  return { memory: json(fromMemory), postgres: json(fromPostgres) };
};

async function sameListings() {
  const tree = await postgres.categories();
  const categories = [undefined, ...[...tree.categoryById.values()].map((node) => node.id)];
  const [any] = await postgres.top('best_seller', 1, 'en', 5);
  const filters: ListingFilter[] = [];
  for (const category of categories) {
    for (const sort of PRODUCT_SORT_OPTIONS) filters.push({ category, sort });
    filters.push({ category, in_stock: true, page: 2 });
    filters.push({ category, price_min: 20, price_max: 150.5, sort: 'price_desc' });
    filters.push({ category, manufacturer: any!.manufacturer.toUpperCase() });
  }
  for (const search of ['bat', 'charger', 'akku', 'batery', 'solar pan', 'li', 'zz', 'BAT-']) {
    filters.push({ search }, { search, sort: 'new_arrival', page: 2, in_stock: true });
  }
  for (const filter of filters) {
    for (const locale of ['en', 'de'] as const) {
      const answers = await both((model) => model.listing(filter, locale, settings));
      expect(answers.memory, JSON.stringify({ filter, locale })).toEqual(answers.postgres);
    }
  }
}

async function sameSearches(more: string[] = []) {
  const [first] = await postgres.top('most_viewed', 1, 'en', 5);
  const queries = [
    'battery',
    'batterie',
    'Batería',
    'batery',
    'battrey',
    'charg',
    'solar panel',
    'lithium 12',
    'ba',
    'xx',
    first!.sku,
    first!.sku.slice(0, 4),
    first!.reference,
    '',
    ...more,
  ];
  for (const query of queries) {
    for (const limit of [8, 30]) {
      const answers = await both((model) => model.search(query, limit, 'fr', settings));
      expect(answers.memory, `${query} (${limit})`).toEqual(answers.postgres);
    }
  }
}

async function sameProducts(more: [key: 'id' | 'sku' | 'slug', value: string][] = []) {
  const top = await postgres.top('best_seller', 20, 'it', 5);
  expect(await memory.top('best_seller', 20, 'it', 5)).toEqual(top);
  expect(await memory.top('most_viewed', 20, 'nl', 5)).toEqual(
    await postgres.top('most_viewed', 20, 'nl', 5),
  );
  const keys = top
    .slice(0, 5)
    .flatMap((item) => [
      ['id', item.id] as const,
      ['sku', item.sku] as const,
      ['slug', item.slug] as const,
    ]);
  for (const [key, value] of [...keys, ...more]) {
    const [fromMemory, fromPostgres] = await Promise.allSettled([
      memory.product(key, value, 'es', settings).then(json),
      postgres.product(key, value, 'es', settings).then(json),
    ]);
    expect(fromMemory, `${key} ${value}`).toEqual(fromPostgres);
  }
  const ids = [...top.map((item) => item.id), crypto.randomUUID()];
  expect(await memory.rows(ids, 'fr', 5)).toEqual(await postgres.rows(ids, 'fr', 5));
}

describe('the in-memory index against the PostgreSQL read model', () => {
  it('lists the same pages, totals and manufacturer counts for every filter and sort', async () => {
    await sameListings();
  });

  it('finds the same products in the same order', async () => {
    await sameSearches();
  });

  it('answers the same product pages, top lists and rows', async () => {
    await sameProducts();
  });

  it('orders and filters by a price list’s prices the same way, lowest buyer price first', async () => {
    const [list] = await t.db.insert(priceLists).values({ name: 'Read models' }).returning();
    const tree = await postgres.categories();
    const [root] = tree.roots;
    const cheapest = await t.db
      .select({ id: products.id, manufacturer: products.manufacturer })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(desc(products.priceCents))
      .limit(3);
    // The dearest products become the cheapest; a root's tree, one of its children (more off)
    // and a maker get discounts: four runs of the catalog order to merge.
    await t.db.insert(priceListPrices).values(
      cheapest.map((product, index) => ({
        priceListId: list!.id,
        productId: product.id,
        minQuantity: 1,
        priceCents: 1 + index,
      })),
    );
    await t.db.insert(priceListDiscounts).values([
      { priceListId: list!.id, categoryId: root!.id, percentBp: 3_750 },
      { priceListId: list!.id, categoryId: root!.children[0]!.id, percentBp: 5_000 },
      { priceListId: list!.id, manufacturer: cheapest[0]!.manufacturer, percentBp: 1_250 },
    ]);
    const [company] = await t.db.select({ id: companies.id }).from(companies).limit(1);
    await t.db
      .update(companies)
      .set({ priceListId: list!.id })
      .where(eq(companies.id, company!.id));
    const book = await new PriceBooks(t.db).forCompany(company!.id);
    try {
      const filters: ListingFilter[] = [];
      for (const category of [undefined, root!.id, ...root!.children.map((node) => node.id)]) {
        filters.push({ category, sort: 'price_asc', limit: 48, prices: book! });
        filters.push({ category, sort: 'price_desc', page: 2, prices: book! });
        filters.push({ category, sort: 'price_asc', page: 3, limit: 10, prices: book! });
        filters.push({
          category,
          price_min: 0.01,
          price_max: 20,
          sort: 'price_desc',
          prices: book!,
        });
      }
      for (const filter of filters) {
        const answers = await both((model) => model.listing(filter, 'en', settings));
        const { prices: _book, ...shown } = filter;
        expect(answers.memory, JSON.stringify(shown)).toEqual(answers.postgres);
      }
      const answer = await both((model) =>
        model.listing({ sort: 'price_asc', limit: 3, prices: book! }, 'en', settings),
      );
      const ids = (answer.memory as { items: { _id: string }[] }).items.map((item) => item._id);
      expect(ids).toEqual(cheapest.map((product) => product.id));
      // The rows of such a page are kept without their price: a stock change shows at once.
      await t.db.update(products).set({ quantity: 4321 }).where(eq(products.id, ids[0]!));
      await memory.stockChanged([ids[0]!]);
      const after = await both((model) =>
        model.listing({ sort: 'price_asc', limit: 3, prices: book! }, 'en', settings),
      );
      expect(after.memory).toEqual(after.postgres);
      expect((after.memory as { items: { quantity: number }[] }).items[0]!.quantity).toBe(4321);
    } finally {
      await t.db.update(companies).set({ priceListId: null });
      await t.db.delete(priceLists).where(eq(priceLists.id, list!.id));
    }
  });

  it('answers the same after products changed in place, without a rebuild', async () => {
    const snapshot = await memory.index.snapshot();
    const top = await t.db
      .select()
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(desc(products.buyers), desc(products.views), asc(products.sku))
      .limit(6);
    const [retitled, renamed, moved, hidden, remade, backAgain] =
      top as (typeof products.$inferSelect)[];
    const categoryRows = await t.db.select().from(categories).where(eq(categories.isActive, true));
    const [link] = await t.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.productId, moved!.id));
    const elsewhere = categoryRows.find((row) => row.id !== link?.categoryId)!;

    await t.db.transaction(async (tx) => {
      for (const locale of ['en', 'de']) {
        await tx
          .update(productTranslations)
          .set({ title: `Quorvex ${locale} heavy duty pack` })
          .where(
            and(
              eq(productTranslations.productId, retitled!.id),
              eq(productTranslations.locale, locale),
            ),
          );
      }
      // A SKU and slug that keep the product's place among equally popular ones.
      await tx
        .update(products)
        .set({
          sku: `${renamed!.sku}-R`,
          slug: `${renamed!.slug}-renamed`,
          manufacturer: 'Quorvex',
        })
        .where(eq(products.id, renamed!.id));
      await tx.delete(productCategories).where(eq(productCategories.productId, moved!.id));
      await tx.insert(productCategories).values({ productId: moved!.id, categoryId: elsewhere.id });
      await tx.update(products).set({ isActive: false }).where(eq(products.id, hidden!.id));
      await tx
        .update(products)
        .set({ images: [], priceCents: 4_321, state: 'refurbished' })
        .where(eq(products.id, remade!.id));
      await tx.update(products).set({ isActive: false }).where(eq(products.id, backAgain!.id));
    });
    await memory.index.refreshIfChanged();
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, backAgain!.id));
    // A new product, the last in popularity as in PostgreSQL's order (no sales, no views, last SKU).
    const id = crypto.randomUUID();
    await t.db.transaction(async (tx) => {
      await tx.insert(products).values({
        ...retitled!,
        id,
        sku: 'ZZZ-QUORVEX-1',
        reference: 'QRV-NEW-1',
        ean: null,
        slug: 'quorvex-new-product',
        buyers: 0,
        views: 0,
        createdAt: new Date(),
      });
      await tx.insert(productTranslations).values([
        { productId: id, locale: 'en', title: 'Quorvex brand new charger' },
        { productId: id, locale: 'fr', title: 'Chargeur Quorvex tout neuf' },
      ]);
      await tx.insert(productCategories).values({ productId: id, categoryId: elsewhere.id });
    });
    await memory.index.refreshIfChanged();

    expect(await memory.index.snapshot()).toBe(snapshot);
    expect(snapshot.changedProducts).toBe(7);
    await sameListings();
    await sameSearches([
      'quorvex',
      'quorvex charger',
      'QRV-NEW',
      renamed!.sku,
      `${renamed!.sku}-R`,
    ]);
    await sameProducts([
      ['sku', renamed!.sku],
      ['sku', `${renamed!.sku}-R`],
      ['slug', `${renamed!.slug}-renamed`],
      ['slug', renamed!.slug],
      ['id', hidden!.id],
      ['sku', hidden!.sku],
      ['id', backAgain!.id],
      ['sku', 'ZZZ-QUORVEX-1'],
      ['slug', 'quorvex-new-product'],
    ]);
    const [memoryTree, postgresTree] = await Promise.all([
      memory.categories(),
      postgres.categories(),
    ]);
    for (const node of postgresTree.categoryById.values()) {
      expect(memoryTree.countIn(node.id), node.id).toBe(postgresTree.countIn(node.id));
    }
  });
});
