import { PRODUCT_SORT_OPTIONS, type ProductListItem } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_READ_MODELS } from '../../config';
import { catalogVersion, products, productTranslations } from '../../db/schema';
import { MemoryReadModel } from './read-model/memory/memory-read-model';
import { loadCatalogSnapshot } from './read-model/memory/snapshot-loader';
import { bearer, createTestApp, type TestApp } from '../../test/app';

// One suite for both read models (decision 012): each answers the same to the same calls.
describe.each(CATALOG_READ_MODELS)('catalog read model: %s', (model) => {
  let t: TestApp;
  let owner: string;
  let purchaser: string;
  let accountant: string;
  let other: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ CATALOG_READ_MODEL: model });
    const tokens = await Promise.all(
      [
        'owner@demo.test',
        'purchaser@demo.test',
        'accountant@demo.test',
        'owner@other.test',
        'admin@demo.test',
      ].map((email) => t.signIn(email)),
    );
    [owner, purchaser, accountant, other, admin] = tokens as [
      string,
      string,
      string,
      string,
      string,
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * What the next request does about changes other processes made: the in-memory index looks at
   * the database again (every couple of seconds); PostgreSQL answers read them anyway.
   */
  const memoryIndex = () => (t.app.catalog instanceof MemoryReadModel ? t.app.catalog.index : null);
  const lookAgain = async () => {
    await memoryIndex()?.refreshIfChanged();
  };

  const get = (url: string, token = purchaser, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...bearer(token), ...headers } });
  const filter = (body: object, token = purchaser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/products/advanced-filter',
      payload: body,
      headers: bearer(token),
    });

  interface Nested {
    _id: string;
    slug: string;
    name: string;
    slugs: Record<string, string>;
    product_count: number;
    children: Nested[];
  }
  const tree = async (locale = 'en') =>
    (await get(`/api/categories/nested-categories?locale=${locale}`)).json<{
      nestedCategories: Nested[];
    }>().nestedCategories;

  describe('access', () => {
    const urls = [
      '/api/categories',
      '/api/categories/nested-categories',
      '/api/products?search=battery',
      '/api/products/filter/best_seller',
      '/api/settings/code/product_settings',
    ];

    it('refuses every catalog call without a token', async () => {
      for (const url of urls) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().type).toBe('AUTH_ERROR');
      }
      const listing = await t.app.inject({
        method: 'POST',
        url: '/api/products/advanced-filter',
        payload: {},
      });
      expect(listing.statusCode).toBe(401);
    });

    it('lets every role of every company, and staff, browse the same catalog', async () => {
      for (const token of [owner, purchaser, accountant, other, admin]) {
        for (const url of urls) expect((await get(url, token)).statusCode, url).toBe(200);
      }
    });
  });

  describe('categories', () => {
    it('answers the nested tree with names in the requested language, three levels deep', async () => {
      const en = await tree('en');
      const fr = await tree('fr');
      expect(en.length).toBeGreaterThan(2);
      expect(en.some((root) => root.children.some((child) => child.children.length > 0))).toBe(
        true,
      );
      expect(fr[0]?.slug).toBe(en[0]?.slug);
      const names = (nodes: Nested[]): string[] =>
        nodes.flatMap((n) => [n.name, ...names(n.children)]);
      const differing = names(fr).filter((name, i) => name !== names(en)[i]);
      expect(differing.length).toBeGreaterThan(names(en).length / 2);
      expect(fr[0]?.name).toBe((await get(`/api/categories/${en[0]?._id}?locale=fr`)).json().name);
    });

    it('takes the language from Accept-Language and falls back to English', async () => {
      const de = await get('/api/categories/nested-categories', purchaser, {
        'accept-language': 'de',
      });
      const pt = await get('/api/categories/nested-categories', purchaser, {
        'accept-language': 'pt-PT',
      });
      const en = await tree('en');
      expect(de.json().nestedCategories[0].name).toBe((await tree('de'))[0]?.name);
      expect(pt.json().nestedCategories[0].name).toBe(en[0]?.name);
    });

    it('counts the products of a category and all its descendants', async () => {
      const check = (node: Nested) => {
        if (node.children.length) {
          const sum = node.children.reduce((total, child) => total + child.product_count, 0);
          expect(node.product_count, node.slug).toBe(sum);
          node.children.forEach(check);
        }
      };
      (await tree()).forEach(check);
    });

    it('supports conditional requests with an ETag', async () => {
      const first = await get('/api/categories/nested-categories?locale=it');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await get('/api/categories/nested-categories?locale=it', purchaser, {
        'if-none-match': etag,
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const otherLocale = await get('/api/categories/nested-categories?locale=nl', purchaser, {
        'if-none-match': etag,
      });
      expect(otherLocale.statusCode).toBe(200);
    });

    it('finds a category by id and by slug in any language, with its path', async () => {
      const root = (await tree())[0] as Nested;
      const child = root.children[0] as Nested;
      const bySlug = await get(`/api/categories/getBySlug/${child.slug}?locale=es`);
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json().path.map((p: { _id: string }) => p._id)).toEqual([root._id, child._id]);
      const byFrenchSlug = await get(`/api/categories/getBySlug/${child.slugs.fr}`);
      expect(byFrenchSlug.json()._id).toBe(child._id);
      const list = await get('/api/categories?locale=nl');
      expect(list.json().items.length).toBeGreaterThanOrEqual(40);
    });

    it('answers 404 for unknown categories and 400 for malformed ids', async () => {
      expect((await get('/api/categories/getBySlug/no-such-category')).statusCode).toBe(404);
      expect((await get(`/api/categories/${crypto.randomUUID()}`)).statusCode).toBe(404);
      expect((await get('/api/categories/not-a-uuid')).statusCode).toBe(400);
      expect((await get('/api/categories?locale=pt')).statusCode).toBe(400);
    });
  });

  describe('listing: POST /api/products/advanced-filter', () => {
    const all = async (body: object) => {
      const items: ProductListItem[] = [];
      for (let page = 1; ; page++) {
        const response = await filter({ ...body, page, limit: 100 });
        expect(response.statusCode).toBe(200);
        const json = response.json();
        items.push(...json.items);
        if (page >= json.totalPage) return { items, total: json.total as number };
      }
    };

    it('includes the products of descendant categories, paginated with correct totals', async () => {
      const root = (await tree())[0] as Nested;
      const response = await filter({ category: root.slug, limit: 7 });
      const json = response.json();
      expect(json.total).toBe(root.product_count);
      expect(json.items).toHaveLength(Math.min(7, root.product_count));
      expect(json.totalPage).toBe(Math.ceil(root.product_count / 7));
      const second = (await filter({ category: root._id, limit: 7, page: 2 })).json();
      const firstIds = new Set(json.items.map((i: ProductListItem) => i._id));
      expect(second.items.some((i: ProductListItem) => firstIds.has(i._id))).toBe(false);
      const { items } = await all({ category: root.slug });
      expect(new Set(items.map((i) => i._id)).size).toBe(root.product_count);
    });

    it.each(PRODUCT_SORT_OPTIONS)('really sorts by %s', async (sort) => {
      const { items } = await all({ sort });
      const rows = await t.db
        .select({ id: products.id, createdAt: products.createdAt })
        .from(products)
        .where(
          inArray(
            products.id,
            items.map((i) => i._id),
          ),
        );
      const created = new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
      const key: Record<string, (i: ProductListItem) => number> = {
        price_asc: (i) => i.price,
        price_desc: (i) => -i.price,
        most_viewed: (i) => -i.views,
        best_seller: (i) => -i.buyers,
        new_arrival: (i) => -(created.get(i._id) ?? 0),
      };
      const values = items.map(key[sort] as (i: ProductListItem) => number);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    });

    it('filters by manufacturer, stock and price range', async () => {
      const first = (await filter({})).json();
      const maker = first.manufacturers[0].name as string;
      const byMaker = await all({ manufacturer: maker.toUpperCase() });
      expect(byMaker.total).toBe(first.manufacturers[0].count);
      expect(byMaker.items.every((i) => i.manufacturer === maker)).toBe(true);

      const inStock = await all({ in_stock: true });
      expect(inStock.items.every((i) => i.is_in_stock && i.quantity > 0)).toBe(true);
      expect(inStock.total).toBeLessThan(first.total);

      const cheap = await all({ price_min: 10, price_max: 50.5 });
      expect(cheap.items.every((i) => i.price >= 10 && i.price <= 50.5)).toBe(true);
      expect(cheap.total).toBeGreaterThan(0);
    });

    it('filters by text', async () => {
      const { items } = await all({ search: 'charger' });
      expect(items.length).toBeGreaterThan(0);
      const titles = await t.db
        .select()
        .from(productTranslations)
        .where(
          inArray(
            productTranslations.productId,
            items.map((i) => i._id),
          ),
        );
      const rows = await t.db
        .select()
        .from(products)
        .where(
          inArray(
            products.id,
            items.map((i) => i._id),
          ),
        );
      for (const item of items) {
        const row = rows.find((r) => r.id === item._id);
        const words = [
          ...titles.filter((title) => title.productId === item._id).map((title) => title.title),
          ...(row?.suitableDevices ?? []),
          ...(row?.replacedModels ?? []),
        ];
        expect(
          words.some((title) => /charg/i.test(title)),
          item.name,
        ).toBe(true);
      }
    });

    it('caps a huge limit and refuses bad parameters with VALIDATION_ERROR', async () => {
      const capped = await filter({ limit: 100000 });
      expect(capped.statusCode).toBe(200);
      expect(capped.json().items.length).toBeLessThanOrEqual(100);
      for (const [body, field] of [
        [{ page: -1 }, 'page'],
        [{ page: 0 }, 'page'],
        [{ sort: 'cheapest' }, 'sort'],
        [{ limit: 0 }, 'limit'],
        [{ price_min: 50, price_max: 10 }, 'price_max'],
        [{ price_min: -1 }, 'price_min'],
        [{ in_stock: 'yes' }, 'in_stock'],
        [{ company_id: crypto.randomUUID() }, 'company_id'],
      ] as const) {
        const response = await filter(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().type).toBe('VALIDATION_ERROR');
        expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
      }
      expect((await filter({ category: 'no-such-category' })).statusCode).toBe(404);
    });
  });

  describe('search: GET /api/products', () => {
    it('finds a SKU and a reference exactly, first', async () => {
      const [row] = await t.db.select().from(products).limit(1);
      const bySku = (await get(`/api/products?search=${encodeURIComponent(row!.sku)}`)).json();
      expect(bySku.items[0].sku).toBe(row!.sku);
      const byRef = (
        await get(`/api/products?search=${encodeURIComponent(row!.reference)}`)
      ).json();
      expect(byRef.items.map((i: { sku: string }) => i.sku)).toContain(row!.sku);
    });

    it('answers titles in the requested language, tolerant of case, accents and one typo', async () => {
      for (const [query, locale, pattern] of [
        ['batterie', 'fr', /^Batterie/],
        ['Batterie', 'fr', /^Batterie/],
        ['bateria', 'es', /^Batería/],
        ['batery', 'en', /^Battery/],
        ['battrey', 'en', /^Battery/],
        ['chargeur', 'fr', /^Chargeur/],
      ] as const) {
        const response = await get(`/api/products?search=${query}&locale=${locale}`);
        expect(response.statusCode).toBe(200);
        const items = response.json().items as { name: string }[];
        expect(items.length, query).toBeGreaterThan(0);
        expect(
          items.some((i) => pattern.test(i.name)),
          `${query}: ${items.map((i) => i.name).join(' | ')}`,
        ).toBe(true);
      }
    });

    it('limits the number of results and refuses empty text', async () => {
      expect((await get('/api/products?search=b&limit=3')).json().items.length).toBeLessThanOrEqual(
        3,
      );
      expect((await get('/api/products?search=')).statusCode).toBe(400);
      expect((await get('/api/products?search=%20%20')).statusCode).toBe(400);
      expect((await get('/api/products')).statusCode).toBe(400);
      expect((await get(`/api/products?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
      expect((await get('/api/products?search=zzzzqqqq')).json().items).toEqual([]);
    });
  });

  describe('product detail, views and top lists', () => {
    it('answers every field by id, sku and slug', async () => {
      const [row] = await t.db.select().from(products).limit(1);
      const byId = await get(`/api/products/${row!.id}?locale=de`);
      expect(byId.statusCode).toBe(200);
      const product = byId.json();
      expect(product).toMatchObject({
        _id: row!.id,
        id: row!.id,
        sku: row!.sku,
        reference: row!.reference,
      });
      expect(product.translations.map((tr: { locale: string }) => tr.locale)).toEqual([
        'en',
        'fr',
        'es',
        'de',
        'nl',
        'it',
      ]);
      expect(product.name).toBe(product.translations[3].title);
      for (const key of [
        'image',
        'box_size',
        'replaced_models',
        'suitable_devices',
        'specifications',
        'standout_features',
        'views',
        'buyers',
        'warranty_months',
        'weight',
        'state',
        'manufacturer',
        'availability',
        'categories',
      ]) {
        expect(product, key).toHaveProperty(key);
      }
      expect(product.categories.length).toBeGreaterThan(0);
      expect((await get(`/api/products/sku/${row!.sku}`)).json()._id).toBe(row!.id);
      expect((await get(`/api/products/slug/${row!.slug}`)).json()._id).toBe(row!.id);
      expect((await get(`/api/products/${crypto.randomUUID()}`)).statusCode).toBe(404);
      expect((await get('/api/products/sku/NOPE-000')).statusCode).toBe(404);
      expect((await get('/api/products/not-a-uuid')).statusCode).toBe(400);
    });

    it('applies the out-of-stock rule: not in stock, or quantity 0 or less', async () => {
      const [a, b] = await t.db.select().from(products).limit(2);
      await t.db
        .update(products)
        .set({ isInStock: true, quantity: 0, backorderable: false })
        .where(eq(products.id, a!.id));
      await t.db
        .update(products)
        .set({ isInStock: false, quantity: 40, backorderable: false })
        .where(eq(products.id, b!.id));
      await t.app.catalog.refresh();
      for (const id of [a!.id, b!.id]) {
        const product = (await get(`/api/products/${id}`)).json();
        expect(product).toMatchObject({ is_in_stock: false, availability: 'out_of_stock' });
      }
      const inStock = (await filter({ in_stock: true, limit: 100, search: a!.sku })).json();
      expect(inStock.items.map((i: ProductListItem) => i._id)).not.toContain(a!.id);
    });

    it('shows stock changes at once in this process and within the check interval from others', async () => {
      const [a, b] = await t.db
        .select()
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(products.sku)
        .limit(2);
      const row = async (sku: string) =>
        (await filter({ search: sku, limit: 100 }))
          .json()
          .items.find((item: ProductListItem) => item.sku === sku);
      await t.db.update(products).set({ quantity: 0 }).where(eq(products.id, a!.id));
      await t.app.catalog.stockChanged([a!.id]);
      expect(await row(a!.sku)).toMatchObject({ quantity: 0, is_in_stock: false });
      expect((await get(`/api/products/sku/${a!.sku}`)).json()).toMatchObject({
        quantity: 0,
        availability: 'out_of_stock',
      });

      // Another API process sold the last units of b: no updated_at change, no rebuild.
      await t.db.update(products).set({ quantity: 0 }).where(eq(products.id, b!.id));
      vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
      await memoryIndex()?.snapshot();
      await vi.waitFor(async () =>
        expect(await row(b!.sku)).toMatchObject({ quantity: 0, availability: 'out_of_stock' }),
      );
      vi.restoreAllMocks();
      await t.db.update(products).set({ quantity: a!.quantity }).where(eq(products.id, a!.id));
      await t.db.update(products).set({ quantity: b!.quantity }).where(eq(products.id, b!.id));
      await t.app.catalog.stockChanged([a!.id, b!.id]);
      expect(await row(b!.sku)).toMatchObject({ quantity: b!.quantity });
    });

    it('reads the stock of orders placed at the same time once, for every product of them', async () => {
      const index = memoryIndex();
      if (!index) return;
      await index.snapshot();
      const changed = await t.db
        .select()
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(products.sku)
        .offset(4)
        .limit(3);
      for (const product of changed) {
        await t.db.update(products).set({ quantity: 1 }).where(eq(products.id, product.id));
      }
      const reads = vi.spyOn(t.db, 'select');
      await Promise.all(changed.map((product) => t.app.catalog.stockChanged([product.id])));
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockRestore();
      for (const product of changed) {
        expect((await get(`/api/products/sku/${product.sku}`)).json()).toMatchObject({
          quantity: 1,
        });
        await t.db
          .update(products)
          .set({ quantity: product.quantity })
          .where(eq(products.id, product.id));
      }
      await t.app.catalog.stockChanged(changed.map((product) => product.id));
    });

    it('finds stock changes of other processes even when the totals stay the same', async () => {
      const [a, b] = await t.db
        .select()
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(products.sku)
        .offset(2)
        .limit(2);
      await lookAgain();
      // One sale moved 5 units from one product to the other: sums and counts are unchanged.
      await t.db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({ quantity: a!.quantity + 5 })
          .where(eq(products.id, a!.id));
        await tx
          .update(products)
          .set({ quantity: b!.quantity - 5 })
          .where(eq(products.id, b!.id));
      });
      await lookAgain();
      expect((await get(`/api/products/${a!.id}`)).json().quantity).toBe(a!.quantity + 5);
      expect((await get(`/api/products/${b!.id}`)).json().quantity).toBe(b!.quantity - 5);
      await t.db.update(products).set({ quantity: a!.quantity }).where(eq(products.id, a!.id));
      await t.db.update(products).set({ quantity: b!.quantity }).where(eq(products.id, b!.id));
      await lookAgain();
      expect((await get(`/api/products/${a!.id}`)).json().quantity).toBe(a!.quantity);
    });

    it('notices a price written alone, without updated_at, as the cart charges it', async () => {
      const [row] = await t.db
        .select()
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(products.sku)
        .offset(5)
        .limit(1);
      await lookAgain();
      await t.db
        .update(products)
        .set({ priceCents: row!.priceCents + 1234 })
        .where(eq(products.id, row!.id));
      await lookAgain();
      expect((await get(`/api/products/${row!.id}`)).json().price).toBe(
        (row!.priceCents + 1234) / 100,
      );
      await t.db
        .update(products)
        .set({ priceCents: row!.priceCents })
        .where(eq(products.id, row!.id));
      await lookAgain();
      expect((await get(`/api/products/${row!.id}`)).json().price).toBe(row!.priceCents / 100);
    });

    it('applies in place a title changed by another process, once per transaction', async () => {
      const [row] = await t.db.select().from(products).where(eq(products.isActive, true)).limit(1);
      const versions = async () => {
        const [found] = await t.db.select().from(catalogVersion).where(eq(catalogVersion.id, 1));
        return { structure: found?.structure, products: found?.products };
      };
      const before = await versions();
      const version = async () => (await versions()).products;
      const snapshot = await memoryIndex()?.snapshot();
      await t.db.transaction(async (tx) => {
        await tx
          .update(productTranslations)
          .set({ title: 'Zyxquartz solar inverter' })
          .where(
            and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, 'en')),
          );
        await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, row!.id));
      });
      expect(await version()).toBe((before.products ?? 0) + 1);
      // Stock and views leave the products version alone; only categories move the structure.
      await t.db
        .update(products)
        .set({ views: row!.views + 1, quantity: row!.quantity + 1 })
        .where(eq(products.id, row!.id));
      expect(await versions()).toEqual({ ...before, products: (before.products ?? 0) + 1 });
      await lookAgain();
      const found = (await get('/api/products?search=zyxquartz&locale=en')).json();
      expect(found.items.map((item: ProductListItem) => item._id)).toEqual([row!.id]);
      // Not rebuilt: the same snapshot, with the title in place.
      if (snapshot) expect(await memoryIndex()?.snapshot()).toBe(snapshot);
    });

    it.skipIf(!process.env.TEST_DATABASE_URL || model !== 'memory')(
      'finds a change whose transaction was still running at the previous look',
      async () => {
        const [row] = await t.db
          .select()
          .from(products)
          .where(eq(products.isActive, true))
          .orderBy(products.sku)
          .offset(4)
          .limit(1);
        const other = new pg.Client({ connectionString: t.config.databaseUrl });
        await other.connect();
        try {
          await other.query('begin');
          await other.query('update products set quantity = 7 where id = $1', [row!.id]);
          await lookAgain();
          expect((await get(`/api/products/${row!.id}`)).json().quantity).toBe(row!.quantity);
          await other.query('commit');
          // Committed after that look, by a transaction the look saw running: found by the next.
          await lookAgain();
          expect((await get(`/api/products/${row!.id}`)).json().quantity).toBe(7);
        } finally {
          await other.end();
        }
        await t.db
          .update(products)
          .set({ quantity: row!.quantity })
          .where(eq(products.id, row!.id));
        await lookAgain();
      },
    );

    it.runIf(model === 'memory')(
      'builds the same snapshot whatever the batch size of its reads',
      async () => {
        const whole = await loadCatalogSnapshot(t.db);
        const batched = await loadCatalogSnapshot(t.db, 7);
        const ids = (snapshot: typeof whole) =>
          Array.from({ length: snapshot.size }, (_, doc) => snapshot.idOf(doc));
        expect(ids(batched)).toEqual(ids(whole));
        for (const query of ['batt', 'charger', 'dell', 'akku', whole.list.sku.get(5) as string]) {
          expect(batched.search.search(query, 20)).toEqual(whole.search.search(query, 20));
        }
        for (const node of whole.categoryById.values()) {
          expect(batched.ordered(node.id, 'price_asc')).toEqual(
            whole.ordered(node.id, 'price_asc'),
          );
        }
        expect(batched.listItem(3, 'fr', 5)).toEqual(whole.listItem(3, 'fr', 5));
      },
    );

    it.runIf(model === 'memory')(
      "reads a product's details once and keeps them, and reads again after a failed read",
      async () => {
        const snapshot = await loadCatalogSnapshot(t.db);
        const loads: string[] = [];
        let fail = true;
        const load = (id: string) => {
          loads.push(id);
          if (fail) {
            fail = false;
            return Promise.reject(new Error('database gone'));
          }
          return Promise.resolve(null);
        };
        await expect(snapshot.productDetails(0, load)).rejects.toThrow('database gone');
        for (const doc of [0, 1, 0, 1]) await snapshot.productDetails(doc, load);
        expect(loads).toEqual([0, 0, 1].map((doc) => snapshot.idOf(doc)));
      },
    );

    it('counts a view once per user per day', async () => {
      const [row] = await t.db.select().from(products).limit(1);
      const put = (token: string, id = row!.id) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/products/increase-views/${id}`,
          headers: bearer(token),
        });
      const first = (await put(accountant)).json();
      expect(first).toEqual({ views: row!.views + 1, counted: true });
      expect((await put(accountant)).json()).toEqual({ views: row!.views + 1, counted: false });
      expect((await put(owner)).json()).toEqual({ views: row!.views + 2, counted: true });
      expect((await put(owner, crypto.randomUUID())).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'PUT', url: `/api/products/increase-views/${row!.id}` }))
          .statusCode,
      ).toBe(401);
    });

    it('lists the most viewed and the best sellers in order', async () => {
      const viewed = (await get('/api/products/filter/most_viewed?limit=12')).json()
        .items as ProductListItem[];
      expect(viewed).toHaveLength(12);
      expect(viewed.map((i) => -i.views)).toEqual(
        viewed.map((i) => -i.views).sort((a, b) => a - b),
      );
      const sellers = (await get('/api/products/filter/best_seller')).json()
        .items as ProductListItem[];
      expect(sellers.map((i) => -i.buyers)).toEqual(
        sellers.map((i) => -i.buyers).sort((a, b) => a - b),
      );
      expect((await get('/api/products/filter/cheapest')).statusCode).toBe(400);
      expect((await get('/api/products/filter/best_seller?limit=500')).statusCode).toBe(400);
    });
  });

  describe('settings and the XML link', () => {
    it('answers product_settings to every signed-in user; staff change it', async () => {
      const response = await get('/api/settings/code/product_settings', accountant);
      expect(response.json()).toMatchObject({
        code: 'product_settings',
        value: { min_cart_amount: expect.any(Number) },
      });
      expect((await get('/api/settings/code/unknown', accountant)).statusCode).toBe(404);
      const value = { ...response.json().value, min_cart_amount: 200 };
      const put = (token: string, payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/settings/code/product_settings',
          payload,
          headers: bearer(token),
        });
      expect((await put(owner, { value })).statusCode).toBe(403);
      expect((await put(admin, { value: { ...value, min_cart_amount: -5 } })).statusCode).toBe(400);
      const saved = await put(admin, { value });
      expect(saved.statusCode).toBe(200);
      expect((await get('/api/settings/code/product_settings')).json().value.min_cart_amount).toBe(
        200,
      );
    });

    it('gives the XML link with its key to owners of companies with the option on only', async () => {
      const me = async (token: string) => (await get('/api/auth/me', token)).json().xml_feed_url;
      expect(await me(owner)).toMatch(/\/api\/xml\/getByUserId\/[0-9a-f-]{36}\?key=[0-9a-f]{64}$/);
      expect(await me(purchaser)).toBeNull();
      expect(await me(accountant)).toBeNull();
      expect(await me(other)).toBeNull();
    });
  });
});
