import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ProductListItem } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productTranslations } from '../../../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../../../test/app';
import { GZIP_FROM_BYTES, serializeAnswer } from '../serialized-answer';
import { loadCatalogSnapshot } from './snapshot-loader';
import { ResponseCache } from './response-cache';

let t: TestApp;
let token: string;

beforeAll(async () => {
  // A CORS origin, so answers vary by Origin as well as by Accept-Encoding.
  t = await createTestApp({ CORS_ORIGINS: 'http://shop.test' });
  token = await t.signIn('purchaser@demo.test');
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const response = await t.app.inject({ url, headers: bearer(token) });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json();
};
const listing = async (body: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products/advanced-filter',
    payload: body,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: ProductListItem[]; total: number }>();
};

/** A product of the test catalog, its row as the database has it. */
async function someProduct(offset = 0) {
  const [row] = await t.db
    .select()
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.isInStock, true)))
    .orderBy(products.sku)
    .offset(offset)
    .limit(1);
  return row!;
}

/** Every cached view of a product: detail, search by its SKU, a listing filtered by its SKU. */
async function views(sku: string, locale = 'en') {
  const detail = await get(`/api/products/sku/${sku}?locale=${locale}`);
  const search = (await get(`/api/products?search=${sku}&locale=${locale}`)).items.find(
    (item: ProductListItem) => item.sku === sku,
  );
  const listed = (await listing({ search: sku, locale, limit: 50 })).items.find(
    (item) => item.sku === sku,
  );
  return { detail, search, listed };
}

describe('catalog response cache', () => {
  it('serves a stock change at once, in every cached answer', async () => {
    const row = await someProduct(0);
    // Twice: the second answers come from the cache.
    await views(row.sku);
    expect((await views(row.sku)).detail.quantity).toBe(row.quantity);

    await t.db
      .update(products)
      .set({ quantity: row.quantity + 7 })
      .where(eq(products.id, row.id));
    await t.app.catalog.stockChanged([row.id]);
    const after = await views(row.sku);
    for (const item of [after.detail, after.search, after.listed]) {
      expect(item).toMatchObject({ quantity: row.quantity + 7 });
    }

    await t.db.update(products).set({ quantity: 0 }).where(eq(products.id, row.id));
    await t.app.catalog.stockChanged([row.id]);
    const sold = await views(row.sku);
    for (const item of [sold.detail, sold.search, sold.listed]) {
      expect(item).toMatchObject({ quantity: 0, is_in_stock: false });
    }
    // An in-stock listing cached before drops the product once it is sold out.
    await t.db.update(products).set({ quantity: row.quantity }).where(eq(products.id, row.id));
    await t.app.catalog.stockChanged([row.id]);
    const inStock = () => listing({ in_stock: true, search: row.sku, limit: 50 });
    expect((await inStock()).items.map((item) => item.sku)).toContain(row.sku);
    await t.db.update(products).set({ isInStock: false }).where(eq(products.id, row.id));
    await t.app.catalog.stockChanged([row.id]);
    expect((await inStock()).items.map((item) => item.sku)).not.toContain(row.sku);
    await t.db.update(products).set({ isInStock: true }).where(eq(products.id, row.id));
    await t.app.catalog.stockChanged([row.id]);
  });

  it('serves a new price and a removed product at once after the rebuild', async () => {
    const row = await someProduct(1);
    await views(row.sku);
    await views(row.sku);
    await t.db
      .update(products)
      .set({ priceCents: row.priceCents + 1234, updatedAt: new Date() })
      .where(eq(products.id, row.id));
    await t.app.catalog.refresh();
    const price = (row.priceCents + 1234) / 100;
    const after = await views(row.sku);
    for (const item of [after.detail, after.search, after.listed]) {
      expect(item).toMatchObject({ price });
    }

    await t.db
      .update(products)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(products.id, row.id));
    await t.app.catalog.refresh();
    const gone = await t.app.inject({
      url: `/api/products/sku/${row.sku}`,
      headers: bearer(token),
    });
    expect(gone.statusCode).toBe(404);
    const search = await get(`/api/products?search=${row.sku}`);
    expect(search.items.map((item: ProductListItem) => item.sku)).not.toContain(row.sku);
    await t.db
      .update(products)
      .set({ isActive: true, priceCents: row.priceCents, updatedAt: new Date() })
      .where(eq(products.id, row.id));
    await t.app.catalog.refresh();
  });

  it('answers each language with its own texts', async () => {
    const row = await someProduct(2);
    const titles = await t.db
      .select({ locale: productTranslations.locale, title: productTranslations.title })
      .from(productTranslations)
      .where(eq(productTranslations.productId, row.id));
    const title = (locale: string) => titles.find((entry) => entry.locale === locale)?.title;
    expect(title('en')).toBeDefined();
    expect(title('fr')).toBeDefined();
    expect(title('fr')).not.toBe(title('en'));
    for (let round = 0; round < 2; round++) {
      for (const locale of ['en', 'fr', 'en']) {
        const { detail, search, listed } = await views(row.sku, locale);
        for (const item of [detail, search, listed]) expect(item.name).toBe(title(locale));
      }
    }
  });

  it('sends gzip to a client that accepts it, JSON to one that takes no compression', async () => {
    const row = await someProduct(4);
    const request = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products/advanced-filter',
        payload: { locale: 'de', limit: 20 },
        headers: {
          ...bearer(token),
          origin: 'http://shop.test',
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
      });
    const plain = await request();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/origin/i);
    expect(plain.headers.vary).toContain('accept-encoding');
    const expected = plain.json<{ items: ProductListItem[] }>();
    expect(expected.items).toHaveLength(20);
    // Computed, then from the cache: the same answer either way, in either encoding.
    for (let round = 0; round < 2; round++) {
      const gzipped = await request('gzip, deflate, br');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary).toMatch(/^Origin, accept-encoding$/i);
      expect(Number(gzipped.headers['content-length'])).toBe(gzipped.rawPayload.byteLength);
      expect(gzipped.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
      expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(expected);
      for (const refused of ['gzip;q=0', 'identity']) {
        const answer = await request(refused);
        expect(answer.headers['content-encoding'], refused).toBeUndefined();
        expect(answer.json()).toEqual(expected);
      }
      // A client that takes brotli only: the API's compression sends the JSON as brotli.
      const brotli = await request('br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(expected);
    }
    // A product page too, by SKU.
    const detail = await t.app.inject({
      url: `/api/products/sku/${row.sku}?locale=fr`,
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(detail.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(detail.rawPayload).toString())).toMatchObject({ sku: row.sku });
  });

  it('shows a counted view at once', async () => {
    const row = await someProduct(3);
    const before = (await get(`/api/products/${row.id}`)).views as number;
    await get(`/api/products/${row.id}`);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/increase-views/${row.id}`,
      headers: bearer(token),
    });
    expect(put.json()).toMatchObject({ counted: true });
    expect((await get(`/api/products/${row.id}`)).views).toBe(before + 1);
  });

  it('stays within its byte budget, least recently used out first', async () => {
    const snapshot = await loadCatalogSnapshot(t.db);
    const cache = new ResponseCache(snapshot, 20_000);
    const value = { text: 'x'.repeat(1000) };
    for (let i = 0; i < 100; i++) {
      cache.set(`key-${i}`, serializeAnswer(value), snapshot.version, { docs: [i] });
      if (i === 50) expect(cache.get('key-0')).toBeUndefined();
      // key-40 is read after every write from 40 on: it stays.
      if (i >= 40) expect(cache.get('key-40')).toBeDefined();
      expect(cache.size).toBeLessThanOrEqual(20_000);
    }
    expect(cache.count).toBeGreaterThan(5);
    expect(cache.get('key-99')?.json?.toString()).toBe(JSON.stringify(value));
    // An answer too big for the budget, even compressed, is answered, not kept.
    const text = randomBytes(8_000).toString('base64');
    const big = cache.set('big', serializeAnswer({ text }), snapshot.version, { docs: [] });
    expect(JSON.parse(big.json!.toString())).toEqual({ text });
    expect(big.gzip!.byteLength).toBeGreaterThan(20_000 / 8);
    expect(cache.get('big')).toBeUndefined();
  });

  it('keeps large answers gzipped and counts them compressed', async () => {
    const snapshot = await loadCatalogSnapshot(t.db);
    const cache = new ResponseCache(snapshot, 100_000);
    const small = { text: 'x'.repeat(GZIP_FROM_BYTES - 20) };
    const large = { text: 'x'.repeat(50_000) };
    cache.set('small', serializeAnswer(small), snapshot.version, { docs: [] });
    cache.set('large', serializeAnswer(large), snapshot.version, { docs: [] });
    expect(cache.get('small')).toEqual({
      json: Buffer.from(JSON.stringify(small)),
      productIds: [],
    });
    const kept = cache.get('large');
    expect(kept?.json).toBeUndefined();
    expect(JSON.parse(gunzipSync(kept!.gzip!).toString())).toEqual(large);
    // 50 KB of JSON is kept in far less than the budget's eighth (12.5 KB) it would exceed raw.
    expect(cache.size).toBeLessThan(GZIP_FROM_BYTES + 1_000);
  });

  it('keeps the ids of the products an answer prices beside its bytes', async () => {
    const snapshot = await loadCatalogSnapshot(t.db);
    const cache = new ResponseCache(snapshot, 100_000);
    const items = [{ _id: 'p-1', text: 'x'.repeat(2_000) }, { _id: 'p-2' }];
    cache.set('search', serializeAnswer({ items }), snapshot.version, { docs: [] });
    cache.set('product', serializeAnswer({ _id: 'p-3', name: 'x' }), snapshot.version, {
      docs: [],
    });
    expect(cache.get('search')?.gzip).toBeDefined();
    expect(cache.get('search')?.productIds).toEqual(['p-1', 'p-2']);
    expect(cache.get('product')?.productIds).toEqual(['p-3']);
  });

  it('drops an answer when what it depends on changed', async () => {
    const snapshot = await loadCatalogSnapshot(t.db);
    const cache = new ResponseCache(snapshot, 1_000_000);
    const at = snapshot.version;
    cache.set('page', serializeAnswer({}), at, { docs: [1, 2], sort: 'best_seller' });
    cache.set('other', serializeAnswer({}), at, { docs: [3], sort: 'price_asc' });
    cache.set('filtered', serializeAnswer({}), at, { docs: [3], availability: true });
    const id = snapshot.idOf(9);
    // Doc 9's sales change: the best-seller order may move, the price order does not.
    snapshot.setStock(id, {
      quantity: snapshot.quantity[9]!,
      isInStock: snapshot.inStock[9] === 1,
      backorderable: snapshot.backorderable[9] === 1,
      buyers: snapshot.buyers[9]! + 1,
      priceCents: snapshot.price[9]!,
    });
    expect(cache.get('page')).toBeUndefined();
    expect(cache.get('other')).toBeDefined();
    expect(cache.get('filtered')).toBeDefined();
    // Doc 9 sells out: an in-stock filter's counts move.
    snapshot.setStock(id, {
      quantity: 0,
      isInStock: snapshot.inStock[9] === 1,
      backorderable: false,
      buyers: snapshot.buyers[9]!,
      priceCents: snapshot.price[9]!,
    });
    expect(cache.get('filtered')).toBeUndefined();
    expect(cache.get('other')).toBeDefined();
    snapshot.addView(3);
    expect(cache.get('other')).toBeUndefined();
  });

  it('drops the answers a price change moves: by price, filtered on price, showing it', async () => {
    const snapshot = await loadCatalogSnapshot(t.db);
    const cache = new ResponseCache(snapshot, 1_000_000);
    const at = snapshot.version;
    cache.set('cheap-first', serializeAnswer({}), at, { docs: [1], sort: 'price_asc' });
    cache.set('in-range', serializeAnswer({}), at, { docs: [2], sort: 'best_seller', price: true });
    cache.set('shows-it', serializeAnswer({}), at, { docs: [9] });
    cache.set('elsewhere', serializeAnswer({}), at, { docs: [4], sort: 'best_seller' });
    const before = snapshot.ordered(null, 'price_asc');
    snapshot.setStock(snapshot.idOf(9), {
      quantity: snapshot.quantity[9]!,
      isInStock: snapshot.inStock[9] === 1,
      backorderable: snapshot.backorderable[9] === 1,
      buyers: snapshot.buyers[9]!,
      priceCents: 1,
    });
    expect(cache.get('cheap-first')).toBeUndefined();
    expect(cache.get('in-range')).toBeUndefined();
    expect(cache.get('shows-it')).toBeUndefined();
    expect(cache.get('elsewhere')).toBeDefined();
    const after = snapshot.ordered(null, 'price_asc');
    expect(after).not.toBe(before);
    expect(after[0]).toBe(9);
  });
});
