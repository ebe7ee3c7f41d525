import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdvancedFilterResponse,
  CartResponse,
  CheckoutSummary,
  Order,
  PriceList,
  PriceListPage,
  Product,
  StaffCompany,
} from '@portal/contract';
import {
  auditLog,
  categories,
  companies,
  priceLists,
  productCategories,
  products,
  users,
} from '../../db/schema';
import { bearer, createTestApp, type DEMO_ACCOUNTS, type TestApp } from '../../test/app';
import { addAddress, putInCart, stockProduct } from '../../test/checkout';
import { multipartBody } from '../../test/claims';
import { PriceBooks } from './price-book';

let t: TestApp;
let tokens: Record<keyof typeof DEMO_ACCOUNTS, string>;
/** Fixed price 50 € (list 100 €), 40 € from 10 units. */
let fixed: { id: string; sku: string };
/** In a discounted category: 10 % off its 20 € list price. */
let discounted: { id: string; sku: string; category: string; manufacturer: string };
let demoCompany: string;
let address: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, locale = 'en') =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload: payload as object | undefined,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
  });

async function productOf(id: string) {
  const [row] = await t.db
    .select({ sku: products.sku, manufacturer: products.manufacturer })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signInEach();
  const fixedId = await stockProduct(t, 0, { priceCents: 10_000, quantity: 1_000 });
  const discountedId = await stockProduct(t, 1, { priceCents: 2_000, quantity: 1_000 });
  fixed = { id: fixedId, sku: (await productOf(fixedId)).sku };
  const [link] = await t.db
    .select({ categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, discountedId));
  const { sku, manufacturer } = await productOf(discountedId);
  discounted = { id: discountedId, sku, manufacturer, category: link!.categoryId };
  const [owner] = await t.db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, 'owner@demo.test'));
  demoCompany = owner!.companyId!;
  address = await addAddress(t, tokens.owner, 'delivery');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.update(companies).set({ priceListId: null });
  await t.db.delete(priceLists);
  await call('DELETE', '/carts/clear-my-cart', tokens.purchaser);
});

/** A list giving the demo company: 50 € (40 € from 10) for `fixed`, 10 % off `discounted`'s category. */
async function assignedList(): Promise<PriceList> {
  const created = await call('POST', '/admin/price-lists', tokens.admin, { name: 'Installers' });
  expect(created.statusCode, created.body).toBe(201);
  const list = created.json<PriceList>();
  const prices = await call('PUT', `/admin/price-lists/${list._id}/prices`, tokens.admin, {
    prices: [
      { sku: fixed.sku, min_quantity: 1, price: 50 },
      { sku: fixed.sku, min_quantity: 10, price: 40 },
    ],
  });
  expect(prices.statusCode, prices.body).toBe(200);
  const discounts = await call('PUT', `/admin/price-lists/${list._id}/discounts`, tokens.admin, {
    discounts: [{ category_id: discounted.category, percent: 10 }],
  });
  expect(discounts.statusCode, discounts.body).toBe(200);
  const assigned = await call('PUT', `/admin/companies/${demoCompany}/price-list`, tokens.admin, {
    price_list_id: list._id,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return discounts.json<PriceList>();
}

describe('staff keep price lists', () => {
  it('create, list, change and delete them; the audit log keeps each step', async () => {
    const list = await assignedList();
    expect(list).toMatchObject({
      name: 'Installers',
      in_force: true,
      discount_count: 1,
      price_count: 2,
      discounts: [{ category: { _id: discounted.category }, manufacturer: null, percent: 10 }],
      prices: [
        { sku: fixed.sku, min_quantity: 1, price: 50, list_price: 100 },
        { sku: fixed.sku, min_quantity: 10, price: 40 },
      ],
    });
    const page = (
      await call('GET', '/admin/price-lists?q=install', tokens.admin)
    ).json<PriceListPage>();
    expect(page.items).toMatchObject([{ _id: list._id, company_count: 1 }]);
    const company = (
      await call('GET', `/admin/companies/${demoCompany}`, tokens.admin)
    ).json<StaffCompany>();
    expect(company.price_list).toEqual({ _id: list._id, name: 'Installers' });

    const renamed = await call('PUT', `/admin/price-lists/${list._id}`, tokens.admin, {
      name: 'Installers 2027',
      valid_from: '2027-01-01',
      valid_until: null,
    });
    expect(renamed.json<PriceList>()).toMatchObject({ name: 'Installers 2027', in_force: false });
    expect((await call('DELETE', `/admin/price-lists/${list._id}`, tokens.admin)).statusCode).toBe(
      204,
    );
    const after = (
      await call('GET', `/admin/companies/${demoCompany}`, tokens.admin)
    ).json<StaffCompany>();
    expect(after.price_list).toBeNull();
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, list._id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'price_list.create',
        'price_list.prices',
        'price_list.discounts',
        'price_list.update',
        'price_list.delete',
      ]),
    );
  });

  it('refuses bad input naming the field, and anyone but admins', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/admin/price-lists', { name: ' ' }, 'name'],
      [
        'POST',
        '/admin/price-lists',
        { name: 'Late', valid_from: '2027-02-01', valid_until: '2027-01-01' },
        'valid_until',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await call(method as Method, url, tokens.admin, body, 'de');
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const list = (
      await call('POST', '/admin/price-lists', tokens.admin, { name: 'Solar' })
    ).json<PriceList>();
    const twice = await call('POST', '/admin/price-lists', tokens.admin, { name: 'solar' }, 'fr');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details[0]).toEqual({
      field: 'name',
      message: 'Une liste de prix porte déjà ce nom',
    });
    const unknownSku = await call('PUT', `/admin/price-lists/${list._id}/prices`, tokens.admin, {
      prices: [{ sku: 'NOPE-1', min_quantity: 1, price: 1 }],
    });
    expect(unknownSku.json().details[0].field).toBe('prices.0.sku');
    const sameTier = await call('PUT', `/admin/price-lists/${list._id}/prices`, tokens.admin, {
      prices: [
        { sku: fixed.sku, min_quantity: 5, price: 1 },
        { sku: fixed.sku, min_quantity: 5, price: 2 },
      ],
    });
    expect(sameTier.json().details[0].field).toBe('prices.1.min_quantity');
    const unknownCategory = await call(
      'PUT',
      `/admin/price-lists/${list._id}/discounts`,
      tokens.admin,
      {
        discounts: [{ category_id: randomUUID(), percent: 5 }],
      },
    );
    expect(unknownCategory.json().details[0].field).toBe('discounts.0.category_id');
    const tooMuch = await call('PUT', `/admin/price-lists/${list._id}/discounts`, tokens.admin, {
      discounts: [{ manufacturer: 'Acme', percent: 101 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    const unknownList = await call(
      'PUT',
      `/admin/companies/${demoCompany}/price-list`,
      tokens.admin,
      {
        price_list_id: randomUUID(),
      },
    );
    expect(unknownList.json().details[0].field).toBe('price_list_id');
    expect(
      (
        await call('PUT', `/admin/companies/${randomUUID()}/price-list`, tokens.admin, {
          price_list_id: null,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', `/admin/price-lists/${randomUUID()}`, tokens.admin)).statusCode).toBe(
      404,
    );

    for (const token of [
      tokens.operator,
      tokens.owner,
      tokens.purchaser,
      tokens.accountant,
      tokens.other,
    ]) {
      expect((await call('GET', '/admin/price-lists', token)).statusCode).toBe(403);
      expect((await call('GET', `/admin/price-lists/${list._id}`, token)).statusCode).toBe(403);
      expect(
        (
          await call('PUT', `/admin/companies/${demoCompany}/price-list`, token, {
            price_list_id: null,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/admin/price-lists', undefined)).statusCode).toBe(401);
  });
});

describe('price files', () => {
  const readFile = (
    listId: string,
    content: Buffer | string,
    name = 'prices.csv',
    token = tokens.admin,
  ) => {
    const body = multipartBody({ name, content });
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/price-lists/${listId}/prices/file`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}), 'accept-language': 'de' },
    });
  };

  it('export a list as CSV and XLSX, and read either back into the same prices', async () => {
    const list = await assignedList();
    const csv = await call('GET', `/admin/price-lists/${list._id}/export.csv`, tokens.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 3),
    ).toEqual([
      'sku,min_quantity,price,title,list_price',
      expect.stringMatching(new RegExp(`^${fixed.sku},1,50.00,.*,100.00$`)),
      expect.stringMatching(new RegExp(`^${fixed.sku},10,40.00,.*,100.00$`)),
    ]);
    const xlsx = await call('GET', `/admin/price-lists/${list._id}/export.xlsx`, tokens.admin);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(3).values).toEqual([undefined, fixed.sku, 10, 40, expect.any(String), 100]);
    const expected = [
      { sku: fixed.sku, min_quantity: 1, price: 50 },
      { sku: fixed.sku, min_quantity: 10, price: 40 },
    ];
    for (const [content, name] of [
      [csv.rawPayload, 'prices.csv'],
      [xlsx.rawPayload, 'prices.xlsx'],
    ] as const) {
      const read = await readFile(list._id, content, name);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().prices).toEqual(expected);
    }
    // Semicolons and decimal commas, no header, an empty quantity; what is no number stays text.
    const european = await readFile(list._id, `${fixed.sku};;49,90\n\n${discounted.sku};10;abc\n`);
    expect(european.json().prices).toEqual([
      { sku: fixed.sku, min_quantity: 1, price: 49.9 },
      { sku: discounted.sku, min_quantity: 10, price: 'abc' },
    ]);
    // Reading saves nothing.
    const again = await call('GET', `/admin/price-lists/${list._id}`, tokens.admin);
    expect(again.json<PriceList>().prices.map((row) => row.price)).toEqual([50, 40]);
  });

  it('refuse an empty, unreadable or missing file in the staff member’s language, and non-admins', async () => {
    const list = await assignedList();
    const empty = await readFile(list._id, 'sku,min_quantity,price\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      { field: 'file', message: 'Die Datei enthält keine Preise' },
    ]);
    const broken = await readFile(list._id, Buffer.from('PK\u0003\u0004 not a zip'), 'prices.xlsx');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details[0].field).toBe('file');
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/admin/price-lists/${list._id}/prices/file`,
      headers: bearer(tokens.admin),
    });
    expect(none.statusCode).toBe(400);
    expect((await readFile(randomUUID(), 'a,1,2')).statusCode).toBe(404);
    for (const token of [tokens.operator, tokens.owner, tokens.purchaser]) {
      expect((await readFile(list._id, 'a,1,2', 'prices.csv', token)).statusCode).toBe(403);
      const exported = await call('GET', `/admin/price-lists/${list._id}/export.xlsx`, token);
      expect(exported.statusCode).toBe(403);
    }
    expect((await readFile(list._id, 'a,1,2', 'prices.csv', '')).statusCode).toBe(401);
    expect(
      (await call('GET', `/admin/price-lists/${randomUUID()}/export.csv`, tokens.admin)).statusCode,
    ).toBe(404);
  });
});

describe('buyers of a company with a price list', () => {
  it('see their prices in search, listings and the product page; others see the catalog’s', async () => {
    await assignedList();
    const page = (
      await call('GET', `/products/sku/${fixed.sku}`, tokens.purchaser)
    ).json<Product>();
    expect(page).toMatchObject({
      price: 50,
      list_price: 100,
      price_tiers: [
        { min_quantity: 1, price: 50 },
        { min_quantity: 10, price: 40 },
      ],
    });
    const other = (await call('GET', `/products/sku/${fixed.sku}`, tokens.other)).json<Product>();
    expect(other.price).toBe(100);
    expect(other.list_price).toBeUndefined();
    const staff = (await call('GET', `/products/sku/${fixed.sku}`, tokens.admin)).json<Product>();
    expect(staff.price).toBe(100);

    const search = (
      await call('GET', `/products?search=${encodeURIComponent(discounted.sku)}`, tokens.owner)
    ).json<{ items: { _id: string; price: number; list_price?: number }[] }>();
    expect(search.items.find((item) => item._id === discounted.id)).toMatchObject({
      price: 18,
      list_price: 20,
    });
    const [category] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, discounted.category));
    const listing = (
      await call('POST', '/products/advanced-filter', tokens.accountant, {
        category: category!.id,
        limit: 100,
      })
    ).json<AdvancedFilterResponse>();
    expect(listing.items.find((item) => item._id === discounted.id)).toMatchObject({ price: 18 });
    const checked = await call('POST', '/quick-order/check', tokens.purchaser, {
      lines: [{ sku: fixed.sku, quantity: 12 }],
    });
    expect(checked.json().lines[0].product.price).toBe(40);
  });

  it('sort and filter listings by their own prices', async () => {
    await assignedList();
    const listing = async (token: string, body: object) =>
      (
        await call('POST', '/products/advanced-filter', token, { limit: 100, ...body })
      ).json<AdvancedFilterResponse>();
    // 100 € in the catalog, 50 € in the list: only its buyers find it between 45 and 55 €.
    const range = { price_min: 45, price_max: 55, sort: 'price_asc' };
    const theirs = await listing(tokens.purchaser, range);
    expect(theirs.items.map((item) => item._id)).toContain(fixed.id);
    expect(theirs.items.every((item) => item.price >= 45 && item.price <= 55)).toBe(true);
    const others = await listing(tokens.other, range);
    expect(others.items.map((item) => item._id)).not.toContain(fixed.id);
    for (const sort of ['price_asc', 'price_desc'] as const) {
      const { items } = await listing(tokens.owner, { sort, price_max: 60 });
      const prices = items.map((item) => item.price);
      const expected = [...prices].sort((a, b) => (sort === 'price_asc' ? a - b : b - a));
      expect(prices, sort).toEqual(expected);
      expect(items.map((item) => item._id)).toContain(fixed.id);
    }
  });

  it('the unit prices statements sort and render by are the price book’s, to the cent', async () => {
    const list = await assignedList();
    // 12.5 % of 20.04 € is 2.505 €: both must round the half cent up.
    const maker = await call('PUT', `/admin/price-lists/${list._id}/discounts`, tokens.admin, {
      discounts: [
        { category_id: discounted.category, percent: 10 },
        { manufacturer: discounted.manufacturer, percent: 12.5 },
      ],
    });
    expect(maker.statusCode, maker.body).toBe(200);
    await t.db.update(products).set({ priceCents: 2_004 }).where(eq(products.id, discounted.id));
    t.app.priceBooks.changed();
    const book = await t.app.priceBooks.forCompany(demoCompany);
    const relation = (await t.app.priceBooks.unitPricesOf(demoCompany))!;
    const rows = (
      (await t.db.execute(relation)) as unknown as { rows: { product_id: string; cents: number }[] }
    ).rows;
    const catalog = new Map(
      (await t.db.select({ id: products.id, cents: products.priceCents }).from(products)).map(
        (row) => [row.id, row.cents],
      ),
    );
    expect(rows.length).toBe([...catalog.keys()].filter((id) => book!.prices(id)).length);
    for (const row of rows) {
      expect(row.cents, row.product_id).toBe(
        book!.unitCents(row.product_id, catalog.get(row.product_id)!),
      );
    }
    expect(rows.find((row) => row.product_id === discounted.id)?.cents).toBe(1_753);
    await t.db.update(products).set({ priceCents: 2_000 }).where(eq(products.id, discounted.id));
  });

  it('pay them: the cart, the checkout and the order use the tier the line reaches', async () => {
    await assignedList();
    const cart = await putInCart(t, tokens.purchaser, fixed.id, 10);
    expect(cart.subtotal).toBe(400);
    await putInCart(t, tokens.purchaser, discounted.id, 5);
    const mine = (await call('GET', '/carts/my-cart', tokens.purchaser)).json<CartResponse>();
    expect(mine.cart_item.items.map((line) => line.price).sort()).toEqual([18, 40]);
    const body = { delivery_address_id: address, payment_method: 'banktransfer' };
    const summary = (
      await call('POST', '/checkout/summary', tokens.purchaser, body)
    ).json<CheckoutSummary>();
    expect(summary.totals.subtotal).toBe(490);
    const placed = await call('POST', '/orders', tokens.purchaser, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json<{ order: Order }>();
    expect(order.subtotal).toBe(490);
    expect(order.lines.map((line) => line.price).sort()).toEqual([18, 40]);
  });

  it('are told when prices changed since the summary they saw, and nothing is placed', async () => {
    const list = await assignedList();
    await putInCart(t, tokens.purchaser, fixed.id, 10);
    const body = { delivery_address_id: address, payment_method: 'banktransfer' };
    const seen = (
      await call('POST', '/checkout/summary', tokens.purchaser, body)
    ).json<CheckoutSummary>();
    await call('PUT', `/admin/price-lists/${list._id}/prices`, tokens.admin, {
      prices: [{ sku: fixed.sku, min_quantity: 1, price: 45 }],
    });
    const [before] = await t.db
      .select({ q: products.quantity })
      .from(products)
      .where(eq(products.id, fixed.id));
    const refused = await call('POST', '/orders', tokens.purchaser, {
      ...body,
      expected_total: seen.totals.total,
    });
    expect(refused.statusCode).toBe(409);
    const now = (
      await call('POST', '/checkout/summary', tokens.purchaser, body)
    ).json<CheckoutSummary>();
    expect(now.totals.subtotal).toBe(450);
    expect(refused.json().message).toContain(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(now.totals.total),
    );
    const [after] = await t.db
      .select({ q: products.quantity })
      .from(products)
      .where(eq(products.id, fixed.id));
    expect(after!.q).toBe(before!.q);
    expect(
      (await call('GET', '/carts/my-cart', tokens.purchaser)).json<CartResponse>().item_count,
    ).toBe(10);
    const placed = await call('POST', '/orders', tokens.purchaser, {
      ...body,
      expected_total: now.totals.total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('get a category’s discount on a product moved into it after their list was read', async () => {
    await assignedList();
    // A product of no fixed price, outside the discounted category and those under it: 30 €.
    const outside = (await t.db.execute(sql`with recursive under (id) as (
        select ${discounted.category}::uuid
        union select c.id from categories c join under on c.parent_id = under.id)
      select p.id from products p where p.is_active and p.id <> ${fixed.id}
        and p.manufacturer <> ${discounted.manufacturer}
        and not exists (select 1 from product_categories pc
          where pc.product_id = p.id and pc.category_id in (select id from under))
      order by p.sku limit 1`)) as unknown as { rows: { id: string }[] };
    const moved = outside.rows[0]!.id;
    await t.db
      .update(products)
      .set({ priceCents: 3_000, quantity: 1_000, isInStock: true })
      .where(eq(products.id, moved));
    await t.app.catalog.refresh();
    const cartPrice = async () =>
      (await call('GET', '/carts/my-cart', tokens.purchaser)).json<CartResponse>().cart_item
        .items[0]?.price;
    const pagePrice = async () =>
      (await call('GET', `/products/${moved}`, tokens.purchaser)).json<Product>().price;
    await putInCart(t, tokens.purchaser, moved, 1);
    expect(await cartPrice()).toBe(30);
    expect(await pagePrice()).toBe(30);
    await t.db
      .insert(productCategories)
      .values({ productId: moved, categoryId: discounted.category });
    await t.app.catalog.refresh();
    // A process reads a company's list again after at most 2 s; the catalog's change moves it.
    await expect.poll(cartPrice, { timeout: 5_000, interval: 250 }).toBe(27);
    await expect.poll(pagePrice, { timeout: 5_000, interval: 250 }).toBe(27);
  });

  it('get catalog prices again once the list is out of its dates', async () => {
    const list = await assignedList();
    await call('PUT', `/admin/price-lists/${list._id}`, tokens.admin, {
      name: list.name,
      valid_until: '2020-01-01',
    });
    const page = (
      await call('GET', `/products/sku/${fixed.sku}`, tokens.purchaser)
    ).json<Product>();
    expect(page.price).toBe(100);
    expect((await putInCart(t, tokens.purchaser, fixed.id, 10)).subtotal).toBe(1000);
  });
});

describe('a process reading companies’ lists', () => {
  it('reads the lists of the companies in use together, in one statement about every second', async () => {
    const list = await assignedList();
    const others = await t.db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.id} <> ${demoCompany}`)
      .limit(2);
    const [listed, unlisted] = others.map((company) => company.id);
    await t.db.update(companies).set({ priceListId: list._id }).where(eq(companies.id, listed!));
    let statements = 0;
    const counting = new Proxy(t.db, {
      get(target, name, receiver) {
        if (name !== 'execute') return Reflect.get(target, name, receiver) as unknown;
        return (...args: Parameters<typeof target.execute>) => {
          statements++;
          return target.execute(...args);
        };
      },
    });
    const books = new PriceBooks(counting);
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const book = await books.forCompany(demoCompany);
      expect(book?.listId).toBe(list._id);
      expect((await books.forCompany(listed))?.listId).toBe(list._id);
      expect(await books.forCompany(unlisted)).toBeNull();
      statements = 0;
      // Trusted for 2 s: asked again 1.5 s later, nothing is read.
      now += 1_500;
      await books.forCompany(listed);
      await books.forCompany(unlisted);
      expect(statements).toBe(0);
      // At 2.1 s the demo company's is read again, with the two others asked 0.6 s before.
      now += 600;
      expect(await books.forCompany(demoCompany)).toBe(book);
      expect(statements).toBe(1);
      now += 100;
      expect(await books.forCompany(listed)).toBe(book);
      expect(await books.forCompany(unlisted)).toBeNull();
      expect(statements).toBe(1);
      // A company left alone for 2 s is not read with the others any more.
      now += 2_000;
      await books.forCompany(demoCompany);
      await books.forCompany(listed);
      expect(statements).toBe(3);
    } finally {
      clock.mockRestore();
    }
  });
});
