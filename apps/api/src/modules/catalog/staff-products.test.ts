import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_IMAGE_LIMITS,
  type Product,
  type ProductSearchItem,
  type StaffProduct,
  type StaffProductCreate,
  type StaffProductList,
  type StockMovementList,
} from '@portal/contract';
import { auditLog, categories, products, stockMovements } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, stockProduct } from '../../test/checkout';
import { multipartBody } from '../../test/claims';
import { placeBankTransferOrder } from '../../test/orders';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let operator: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, purchaser, accountant, other, admin, operator } = await t.signInEach());
  const [category] = await t.db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.position))
    .limit(1);
  categoryId = category!.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string, language = 'en') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
  });
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: object | undefined,
  token: string,
  language = 'en',
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(token), 'accept-language': language },
  });

const TITLES = {
  en: 'Lunar test charger 24V',
  fr: 'Chargeur lunaire d’essai 24V',
  es: 'Cargador lunar de prueba 24V',
  de: 'Mond-Testladegerät 24V',
  nl: 'Maan testlader 24V',
  it: 'Caricatore lunare di prova 24V',
} as const;

function newProduct(overrides: Partial<StaffProductCreate> = {}): StaffProductCreate {
  return {
    sku: `LUN-${randomUUID().slice(0, 8).toUpperCase()}`,
    reference: 'LUN-REF-1',
    ean: '',
    price: 129.9,
    weight_grams: 850,
    box_size: { width: 200, height: 80, length: 150 },
    manufacturer: 'Lunaris',
    state: 'new',
    warranty_months: 24,
    replaced_models: ['LX-100'],
    suitable_devices: ['Moon rover'],
    specifications: [{ key: 'voltage', value: '24 V' }],
    texts: Object.fromEntries(
      Object.entries(TITLES).map(([locale, title]) => [
        locale,
        { title, description: `${title}: a charger for tests.`, standout_features: ['Quiet'] },
      ]),
    ),
    category_ids: [categoryId],
    is_active: true,
    is_in_stock: true,
    backorderable: false,
    quantity: 0,
    ...overrides,
  };
}

async function create(overrides: Partial<StaffProductCreate> = {}): Promise<StaffProduct> {
  const response = await send('POST', '/api/admin/products', newProduct(overrides), admin);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StaffProduct>();
}

const inputOf = (product: StaffProduct) => ({
  sku: product.sku,
  reference: product.reference,
  ean: product.ean,
  price: product.price,
  weight_grams: product.weight_grams,
  box_size: product.box_size,
  manufacturer: product.manufacturer,
  state: product.state,
  warranty_months: product.warranty_months,
  replaced_models: product.replaced_models,
  suitable_devices: product.suitable_devices,
  specifications: product.specifications,
  texts: product.texts,
  category_ids: product.category_ids,
  is_active: product.is_active,
  is_in_stock: product.is_in_stock,
  backorderable: product.backorderable,
});

describe('staff keep products', () => {
  it('creates a product with six titles, which buyers then find in French', async () => {
    const created = await create({ quantity: 12 });
    expect(created).toMatchObject({
      price: 129.9,
      quantity: 12,
      ordered: false,
      images: [],
      category_ids: [categoryId],
    });
    expect(created.texts.fr?.title).toBe(TITLES.fr);
    expect(created.slug).toBe(`lunar-test-charger-24v-${created.sku.toLowerCase()}`);

    await t.app.catalog.refresh();
    const found = await get(
      `/api/products?search=${encodeURIComponent('chargeur lunaire')}&locale=fr`,
      purchaser,
    );
    expect(found.json<{ items: ProductSearchItem[] }>().items[0]).toMatchObject({
      sku: created.sku,
      name: TITLES.fr,
    });
    const page = await get(`/api/products/sku/${created.sku}?locale=de`, accountant);
    expect(page.json<Product>()).toMatchObject({
      name: TITLES.de,
      description: `${TITLES.de}: a charger for tests.`,
      quantity: 12,
    });

    const [movement] = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, created._id));
    expect(movement).toMatchObject({ change: 12, quantityAfter: 12, reason: 'received' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.create'), eq(auditLog.entityId, created._id)));
    expect(entry).toMatchObject({ entityLabel: created.sku });
  });

  it('refuses a second product with the same SKU, naming it', async () => {
    const first = await create();
    const again = await send('POST', '/api/admin/products', newProduct({ sku: first.sku }), admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A product with SKU ${first.sku} already exists`);
    const changed = await send(
      'PUT',
      `/api/admin/products/${(await create())._id}`,
      { ...inputOf(first), sku: first.sku },
      admin,
    );
    expect(changed.statusCode).toBe(409);
  });

  it('names the field of bad input, in the staff member’s language, and saves nothing', async () => {
    const before = await t.db.$count(products);
    const noTitle = newProduct();
    noTitle.texts = {
      fr: { title: 'Seulement en français', description: '', standout_features: [] },
    };
    const response = await send('POST', '/api/admin/products', noTitle, admin, 'fr');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'texts.en.title', message: expect.stringMatching(/obligatoire/i) },
    ]);
    const badPrice = await send(
      'POST',
      '/api/admin/products',
      newProduct({ price: 10.555 }),
      admin,
    );
    expect(badPrice.json().details[0].field).toBe('price');
    const unknownCategory = await send(
      'POST',
      '/api/admin/products',
      newProduct({ category_ids: [randomUUID()] }),
      admin,
    );
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().details[0].field).toBe('category_ids');
    const extra = await send('POST', '/api/admin/products', { ...newProduct(), views: 9 }, admin);
    expect(extra.json().details[0].field).toBe('views');
    expect(await t.db.$count(products)).toBe(before);
  });

  it('edits a product: buyers see the new price and title, the slug stays, the audit log keeps both', async () => {
    const product = await create({ quantity: 3 });
    const input = inputOf(product);
    const response = await send(
      'PUT',
      `/api/admin/products/${product._id}`,
      {
        ...input,
        price: 99.5,
        texts: { ...input.texts, en: { ...input.texts.en!, title: 'Lunar charger 24V, v2' } },
      },
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StaffProduct>()).toMatchObject({ price: 99.5, slug: product.slug });
    await t.app.catalog.refresh();
    const page = await get(`/api/products/slug/${product.slug}`, purchaser);
    expect(page.json<Product>()).toMatchObject({ name: 'Lunar charger 24V, v2', price: 99.5 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, product._id)));
    expect(entry?.before).toMatchObject({ price: 129.9 });
    expect(entry?.after).toMatchObject({ price: 99.5 });
    expect(Object.keys(entry?.after ?? {}).sort()).toEqual(['price', 'texts']);
    // The same form again changes nothing and records nothing.
    const same = await send(
      'PUT',
      `/api/admin/products/${product._id}`,
      inputOf(response.json()),
      admin,
    );
    expect(same.statusCode).toBe(200);
    expect(
      await t.db.$count(
        auditLog,
        and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, product._id)),
      ),
    ).toBe(1);
  });

  it('shows a new price to buyers in place, without rebuilding the catalog', async () => {
    const product = await create({ quantity: 4 });
    await t.app.catalog.refresh();
    const structure = async () =>
      (await t.db.execute(sql`select structure::text as s from catalog_version`)) as unknown as {
        rows: { s: string }[];
      };
    const before = (await structure()).rows[0]?.s;
    const changed = await send(
      'PUT',
      `/api/admin/products/${product._id}`,
      { ...inputOf(product), price: 77.77 },
      admin,
    );
    expect(changed.statusCode).toBe(200);
    expect((await structure()).rows[0]?.s).toBe(before);
    const deadline = Date.now() + 2_000;
    let price = 0;
    while (price !== 77.77 && Date.now() < deadline) {
      price = (await get(`/api/products/sku/${product.sku}`, purchaser)).json<Product>().price;
      if (price !== 77.77) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(price).toBe(77.77);
    const found = await get(`/api/products?search=${product.sku}`, purchaser);
    expect(found.json().items[0]).toMatchObject({ sku: product.sku, price: 77.77 });
  });

  it('lists products by the shop search, filters and sorts, paged in the database', async () => {
    const product = await create({ manufacturer: 'Selenite Power', quantity: 0 });
    const bySku = await get(`/api/admin/products?q=${product.sku.slice(0, 8)}`, admin);
    expect(bySku.statusCode).toBe(200);
    expect(bySku.json<StaffProductList>().items.map((row) => row.sku)).toContain(product.sku);
    const byWord = await get('/api/admin/products?q=lunaire&manufacturer=Selenite%20Power', admin);
    expect(byWord.json<StaffProductList>().items).toEqual([
      expect.objectContaining({
        _id: product._id,
        title: TITLES.en,
        complete_locales: ['en', 'fr', 'es', 'de', 'nl', 'it'],
        is_active: true,
      }),
    ]);
    const french = await get('/api/admin/products?manufacturer=Selenite%20Power', admin, 'fr');
    expect(french.json<StaffProductList>().items[0]?.title).toBe(TITLES.fr);
    const out = await get(
      `/api/admin/products?stock=out_of_stock&category=${categoryId}&limit=100`,
      admin,
    );
    const outList = out.json<StaffProductList>();
    expect(outList.items.map((row) => row._id)).toContain(product._id);
    expect(outList.items.every((row) => row.quantity === 0 || !row.is_in_stock)).toBe(true);
    const cheap = await get('/api/admin/products?sort=price_asc&limit=5', admin);
    const prices = cheap.json<StaffProductList>().items.map((row) => row.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const paged = await get('/api/admin/products?limit=10&page=2', admin);
    expect(paged.json<StaffProductList>()).toMatchObject({ page: 2 });
    expect(paged.json<StaffProductList>().items).toHaveLength(10);
    expect(paged.json<StaffProductList>().total).toBe(await t.db.$count(products));
    const past = await get('/api/admin/products?limit=100&page=1000', admin);
    expect(past.json<StaffProductList>()).toMatchObject({
      items: [],
      total: await t.db.$count(products),
    });
    const bad = await get('/api/admin/products?sort=cheapest', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('sort');
    const makers = await get('/api/admin/products/manufacturers', admin);
    expect(makers.json().items).toContain('Selenite Power');
  });

  it('is for admins only: operators and every customer role are refused, anonymous callers too', async () => {
    for (const token of [operator, owner, purchaser, accountant, other]) {
      expect((await get('/api/admin/products', token)).statusCode).toBe(403);
      expect((await send('POST', '/api/admin/products', newProduct(), token)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/products')).statusCode).toBe(401);
    expect((await get(`/api/admin/products/${randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await get('/api/admin/products/not-an-id', admin)).statusCode).toBe(400);
  });
});

describe('stock movements', () => {
  it('receives stock: the product leaves out of stock for buyers, the movement says who and why', async () => {
    const product = await create({ quantity: 0, is_in_stock: false });
    await t.app.catalog.refresh();
    const before = await get(`/api/products/sku/${product.sku}`, purchaser);
    expect(before.json<Product>().availability).toBe('out_of_stock');
    const received = await send(
      'POST',
      `/api/admin/products/${product._id}/stock-movements`,
      { reason: 'received', change: 40, note: 'Delivery 4711' },
      admin,
    );
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<StaffProduct>()).toMatchObject({ quantity: 40, is_in_stock: true });
    await t.app.catalog.stockChanged([product._id]);
    const after = await get(`/api/products/sku/${product.sku}`, purchaser);
    expect(after.json<Product>()).toMatchObject({ quantity: 40, availability: 'in_stock' });
    const list = await get(`/api/admin/products/${product._id}/stock-movements`, admin);
    expect(list.json<StockMovementList>().items[0]).toMatchObject({
      change: 40,
      quantity_after: 40,
      reason: 'received',
      by: 'Sam Staff',
      note: 'Delivery 4711',
    });
  });

  it('never lets stock go below zero, also when staff correct it at the same time', async () => {
    const product = await create({ quantity: 10 });
    const url = `/api/admin/products/${product._id}/stock-movements`;
    const below = await send('POST', url, { reason: 'correction', change: -11 }, admin, 'de');
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toContain('10');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        send('POST', url, { reason: 'correction', change: -3 }, admin),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const [row] = await t.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, product._id));
    expect(row?.quantity).toBe(1);
    const negative = await send('POST', url, { reason: 'received', change: -2 }, admin);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().details).toEqual([
      { field: 'change', message: 'Units received or returned must be more than 0' },
    ]);
    expect((await send('POST', url, { reason: 'sold', change: 1 }, admin)).statusCode).toBe(400);
    expect(
      (
        await send(
          'POST',
          `/api/admin/products/${randomUUID()}/stock-movements`,
          { reason: 'received', change: 1 },
          admin,
        )
      ).statusCode,
    ).toBe(404);
    expect((await send('POST', url, { reason: 'received', change: 1 }, operator)).statusCode).toBe(
      403,
    );
  });

  it('records sales and canceled orders as movements, with the order number', async () => {
    const productId = await stockProduct(t, 7, { priceCents: 20_000, quantity: 50 });
    const address = await addAddress(t, purchaser, 'delivery');
    const order = await placeBankTransferOrder(t, purchaser, address, [[productId, 5]]);
    const cancel = await send(
      'PUT',
      `/api/admin/orders/${order.id}/status`,
      { status: 'canceled' },
      operator,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const rows = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.id))
      .limit(2);
    expect(rows.map((row) => [row.reason, row.change, row.reference])).toEqual([
      ['order_canceled', 5, order.orderNumber],
      ['sold', -5, order.orderNumber],
    ]);
    // A change made in the database by hand is a correction.
    await t.db.update(products).set({ quantity: 47 }).where(eq(products.id, productId));
    const [hand] = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.id))
      .limit(1);
    expect(hand).toMatchObject({ reason: 'correction', change: -3, userId: null });
  });
});

describe('deleting and bulk changes', () => {
  it('deletes a product never ordered; one that was ordered is deactivated instead', async () => {
    const fresh = await create();
    const deleted = await send('DELETE', `/api/admin/products/${fresh._id}`, undefined, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The product has been deleted');
    expect((await get(`/api/admin/products/${fresh._id}`, admin)).statusCode).toBe(404);

    const productId = await stockProduct(t, 9, { priceCents: 10_000, quantity: 20 });
    const address = await addAddress(t, purchaser, 'delivery');
    await placeBankTransferOrder(t, purchaser, address, [[productId, 5]]);
    const refused = await send('DELETE', `/api/admin/products/${productId}`, undefined, admin);
    expect(refused.statusCode).toBe(409);
    expect((await get(`/api/admin/products/${productId}`, admin)).json().ordered).toBe(true);
  });

  it('activates, deactivates, moves and reprices a selection in one call', async () => {
    const [a, b] = [await create({ price: 10 }), await create({ price: 33.33 })];
    const ids = [a._id, b._id];
    const url = '/api/admin/products/bulk';
    const priced = await send('POST', url, { action: 'change_price', ids, percent: 10 }, admin);
    expect(priced.json()).toEqual({ updated: 2 });
    expect((await get(`/api/admin/products/${b._id}`, admin)).json().price).toBe(36.66);
    const off = await send(
      'POST',
      url,
      { action: 'deactivate', ids: [...ids, randomUUID()] },
      admin,
    );
    expect(off.json()).toEqual({ updated: 2 });
    await t.app.catalog.refresh();
    expect((await get(`/api/products/sku/${a.sku}`, purchaser)).statusCode).toBe(404);
    const [target] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .orderBy(desc(categories.position))
      .limit(1);
    const moved = await send(
      'POST',
      url,
      { action: 'move_to_category', ids, category_id: target!.id },
      admin,
    );
    expect(moved.json()).toEqual({ updated: 2 });
    expect((await get(`/api/admin/products/${a._id}`, admin)).json().category_ids).toEqual([
      target!.id,
    ]);
    const bad = await send('POST', url, { action: 'change_price', ids, percent: -95 }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('percent');
    const unknown = await send(
      'POST',
      url,
      { action: 'move_to_category', ids, category_id: randomUUID() },
      admin,
    );
    expect(unknown.statusCode).toBe(400);
    expect(
      await t.db.$count(
        auditLog,
        and(eq(auditLog.action, 'product.bulk'), eq(auditLog.entityId, a._id)),
      ),
    ).toBe(3);
  });
});

describe('product pictures', () => {
  const picture = (width: number, height: number, color = '#2b8a3e') =>
    sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer();
  function upload(productId: string, token: string, file: { name: string; content: Buffer }) {
    const body = multipartBody({ type: 'image/png', ...file });
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token), 'accept-language': 'fr' },
    });
  }

  it('takes pictures, resized as WebP, shown to buyers first to last; reordered and removed', async () => {
    const product = await create({ quantity: 5 });
    const first = await upload(product._id, admin, {
      name: 'front.png',
      content: await picture(2400, 1600),
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(product._id, admin, {
      name: 'side.png',
      content: await picture(300, 300, '#1864ab'),
    });
    const images = second.json<StaffProduct>().images;
    expect(images).toHaveLength(2);
    expect(images[0]?.path).toMatch(/^\/api\/media\/product-images\/[0-9a-f-]{36}\.webp$/);

    const detail = await t.app.inject({ url: images[0]!.path });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['content-type']).toBe('image/webp');
    expect(detail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(detail.rawPayload).metadata()).toMatchObject({ width: 1200, height: 800 });
    const thumb = await t.app.inject({ url: images[0]!.thumbnail.path });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320 });
    const again = await t.app.inject({
      url: images[0]!.path,
      headers: { 'if-none-match': detail.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    await t.app.catalog.refresh();
    const page = await get(`/api/products/sku/${product.sku}`, purchaser);
    expect(page.json<Product>().image.path).toBe(images[0]!.path);

    // The second picture first (the one lists show), then the first one removed.
    const url = `/api/admin/products/${product._id}/images`;
    const reordered = await send('PUT', url, { paths: [images[1]!.path, images[0]!.path] }, admin);
    expect(reordered.json<StaffProduct>().images.map((image) => image.path)).toEqual([
      images[1]!.path,
      images[0]!.path,
    ]);
    const removed = await send('PUT', url, { paths: [images[1]!.path] }, admin);
    expect(removed.json<StaffProduct>().images).toHaveLength(1);
    expect((await t.app.inject({ url: images[0]!.path })).statusCode).toBe(404);
    const foreign = await send('PUT', url, { paths: ['/api/media/products/charger/1.svg'] }, admin);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('paths');
    const twice = await send('PUT', url, { paths: [images[1]!.path, images[1]!.path] }, admin);
    expect(twice.statusCode).toBe(400);
  });

  it('refuses what is not a picture, or too large, in the staff member’s language', async () => {
    const product = await create();
    const text = await upload(product._id, admin, {
      name: 'photo.png',
      content: Buffer.from('not a picture at all'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().details).toEqual([
      { field: 'file', message: 'Choisissez une image JPEG, PNG ou WebP' },
    ]);
    const broken = await upload(product._id, admin, {
      name: 'broken.png',
      content: Buffer.concat([(await picture(10, 10)).subarray(0, 30)]),
    });
    expect(broken.statusCode).toBe(400);
    const large = await upload(product._id, admin, {
      name: 'huge.png',
      content: Buffer.concat([await picture(10, 10), Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().details[0].message).toBe('Une image ne peut pas dépasser 10 Mo');
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product._id}/images`,
      headers: bearer(admin),
    });
    expect(none.statusCode).toBe(400);
    const unknown = await upload(randomUUID(), admin, {
      name: 'a.png',
      content: await picture(10, 10),
    });
    expect(unknown.statusCode).toBe(404);
    const operatorUpload = await upload(product._id, operator, {
      name: 'a.png',
      content: await picture(10, 10),
    });
    expect(operatorUpload.statusCode).toBe(403);
    expect((await get(`/api/admin/products/${product._id}`, admin)).json().images).toEqual([]);
  });

  it('keeps at most twelve pictures a product, and says how many', async () => {
    const product = await create();
    const small = await picture(8, 8);
    for (let i = 0; i < PRODUCT_IMAGE_LIMITS.maxPerProduct; i++) {
      expect(
        (await upload(product._id, admin, { name: `p${i}.png`, content: small })).statusCode,
      ).toBe(201);
    }
    const extra = await upload(product._id, admin, { name: 'extra.png', content: small });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details).toEqual([
      { field: 'file', message: 'Un produit a au plus 12 images' },
    ]);
  });
});
