import type { ProductListItem, ProductSearchItem } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { CatalogProcess } from './catalog-client';

describe('CATALOG_PROCESS', () => {
  it('is off by default and needs PostgreSQL', () => {
    const postgres = 'postgres://postgres@127.0.0.1:5432/portal';
    expect(loadConfig({ DATABASE_URL: postgres }).catalogProcess).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgres, CATALOG_PROCESS: 'true' }).catalogProcess).toBe(
      true,
    );
    expect(() => loadConfig({ DATABASE_URL: 'memory://', CATALOG_PROCESS: 'true' })).toThrow(
      /CATALOG_PROCESS: needs DATABASE_URL/,
    );
  });
});

// The catalog index in its own process reads PostgreSQL itself: only with TEST_DATABASE_URL
// (CI runs it); catalog.test.ts covers the same calls with the index in the API's process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the catalog in its own process', () => {
  let t: TestApp;
  let purchaser: string;
  let owner: string;
  let catalog: CatalogProcess;

  beforeAll(async () => {
    t = await createTestApp({ CATALOG_PROCESS: 'true' });
    catalog = t.app.catalog as CatalogProcess;
    [purchaser, owner] = await Promise.all([
      t.signIn('purchaser@demo.test'),
      t.signIn('owner@demo.test'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...bearer(purchaser), ...headers } });

  it('keeps no index in the API process', () => {
    expect(catalog).toBeInstanceOf(CatalogProcess);
    expect(t.app.catalog.local).toBeUndefined();
  });

  it('answers search, listings, product pages and categories from the catalog process', async () => {
    const search = await get('/api/products?search=batterie&locale=fr');
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-type']).toBe('application/json; charset=utf-8');
    const items = search.json<{ items: ProductSearchItem[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(catalog.pid).toBeGreaterThan(0);
    expect(catalog.pid).not.toBe(process.pid);

    const [first] = items as [ProductSearchItem];
    const bySku = await get(`/api/products/sku/${encodeURIComponent(first.sku)}?locale=de`);
    expect(bySku.statusCode).toBe(200);
    expect(bySku.json()).toMatchObject({ _id: first._id, sku: first.sku });
    expect(bySku.json<{ translations: { locale: string }[] }>().translations.length).toBe(6);

    const listing = await t.app.inject({
      method: 'POST',
      url: '/api/products/advanced-filter',
      headers: bearer(purchaser),
      payload: { sort: 'price_asc', limit: 10 },
    });
    expect(listing.statusCode).toBe(200);
    const page = listing.json<{ items: ProductListItem[]; total: number; totalPage: number }>();
    expect(page.items).toHaveLength(10);
    const prices = page.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(page.totalPage).toBe(Math.ceil(page.total / 10));

    const nested = await get('/api/categories/nested-categories?locale=it');
    expect(nested.statusCode).toBe(200);
    const etag = nested.headers.etag as string;
    expect(
      (await get('/api/categories/nested-categories?locale=it', { 'if-none-match': etag }))
        .statusCode,
    ).toBe(304);
    const [root] = nested.json<{ nestedCategories: { slug: string }[] }>().nestedCategories;
    const category = await get(`/api/categories/getBySlug/${root?.slug ?? ''}`);
    expect(category.statusCode).toBe(200);
    expect(
      (await get('/api/categories')).json<{ items: unknown[] }>().items.length,
    ).toBeGreaterThan(0);
    expect((await get('/api/products/filter/best_seller?limit=3')).json()).toMatchObject({
      items: expect.any(Array),
    });
    const dashboard = await t.app.inject({
      url: '/api/dashboard/most-bought',
      headers: bearer(owner),
    });
    expect(dashboard.statusCode).toBe(200);
  });

  it('answers a catalog refusal in the request language, as the API would', async () => {
    const missing = await get('/api/products/sku/NO-SUCH-SKU', { 'accept-language': 'de' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ type: 'NOT_FOUND', code: 404 });
    expect(missing.json<{ message: string }>().message).not.toBe('errors.not_found');
    const unknownCategory = await t.app.inject({
      method: 'POST',
      url: '/api/products/advanced-filter',
      headers: bearer(purchaser),
      payload: { category: 'no-such-category' },
    });
    expect(unknownCategory.statusCode).toBe(404);
    // Validation stays at the API's edge; no token, no catalog.
    const badLimit = await get('/api/products?search=ab&limit=100000');
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    expect((await t.app.inject({ url: '/api/products?search=ab' })).statusCode).toBe(401);
  });

  it('counts a view once per user and day, and shows stock changes at once', async () => {
    const [row] = await t.db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    if (!row) throw new Error('no product');
    const view = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/increase-views/${row.id}`,
        headers: bearer(purchaser),
      });
    const first = (await view()).json<{ views: number; counted: boolean }>();
    const second = (await view()).json<{ views: number; counted: boolean }>();
    expect(first.counted).toBe(true);
    expect(second).toEqual({ views: first.views, counted: false });

    await t.db.update(products).set({ quantity: 0 }).where(eq(products.id, row.id));
    await catalog.refreshStock([row.id]);
    const product = await get(`/api/products/sku/${encodeURIComponent(row.sku)}`);
    expect(product.json()).toMatchObject({ quantity: 0, is_in_stock: false });
  });

  it('answers 503 while the catalog process is gone and starts another after it', async () => {
    await get('/api/products?search=charger');
    const pid = catalog.pid as number;
    const exited = new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(pid, 'SIGKILL');
    await exited;
    const answer = await get('/api/products?search=solar', { 'accept-language': 'fr' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json<{ message: string }>().message).toMatch(/catalogue/i);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await get('/api/products?search=solar');
    expect(again.statusCode).toBe(200);
    expect(catalog.pid).not.toBe(pid);
  });
});
