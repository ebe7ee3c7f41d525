import { dashboardSliderSchema } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, createBuyerCompany, stockProduct } from '../../test/checkout';
import { markPaid, placeBankTransferOrder } from '../../test/orders';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let battery: string;
let charger: string;
let panel: string;
let cable: string;

/** YYYY-MM of the month `back` months before now, in UTC. */
const monthAgo = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
    .toISOString()
    .slice(0, 7);
};
/** The 15th of that month at noon UTC. */
const midMonth = (back: number) => new Date(`${monthAgo(back)}-15T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  [owner, purchaser, accountant, other, admin] = (await Promise.all(
    [
      'owner@demo.test',
      'purchaser@demo.test',
      'accountant@demo.test',
      'owner@other.test',
      'admin@demo.test',
    ].map((email) => t.signIn(email)),
  )) as [string, string, string, string, string];
  battery = await stockProduct(t, 0, { priceCents: 10_000, quantity: 500 });
  charger = await stockProduct(t, 1, { priceCents: 6_000, quantity: 500 });
  panel = await stockProduct(t, 2, { priceCents: 5_000, quantity: 500 });
  cable = await stockProduct(t, 3, { priceCents: 1_000, quantity: 500 });
  await t.app.catalog.refresh();

  const home = await addAddress(t, purchaser, 'delivery');
  // Paid: 2 + 6 chargers, 5 batteries; the panel order stays pending, the cable one fails.
  const first = await placeBankTransferOrder(t, purchaser, home, [
    [charger, 2],
    [battery, 5],
  ]);
  const second = await placeBankTransferOrder(t, owner, home, [[charger, 6]]);
  const unpaid = await placeBankTransferOrder(t, purchaser, home, [[panel, 50]]);
  const failed = await placeBankTransferOrder(t, purchaser, home, [[cable, 80]]);
  await markPaid(t, admin, first.id);
  await markPaid(t, admin, second.id);
  void unpaid;
  await t.db.update(orders).set({ status: 'failed' }).where(eq(orders.id, failed.id));
  // The first order was paid three months ago, the second this month.
  await t.db
    .update(orders)
    .set({ paidAt: midMonth(3) })
    .where(eq(orders.id, first.id));

  // Another company buys lots of cables: never counted for Demo Energy.
  const theirs = await createBuyerCompany(t);
  const them = await t.signIn(theirs.email);
  const theirHome = await addAddress(t, them, 'delivery');
  const their = await placeBankTransferOrder(t, them, theirHome, [[cable, 100]]);
  await markPaid(t, admin, their.id);
  void other;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string, locale = 'en') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
  });
const idsOf = (response: { json: () => { items: { _id: string }[] } }) =>
  response.json().items.map((item) => item._id);

describe('GET /api/dashboard/most-bought', () => {
  it("ranks this company's paid products by quantity, for every role", async () => {
    for (const token of [owner, purchaser, accountant]) {
      const response = await get('/api/dashboard/most-bought', token);
      expect(response.statusCode).toBe(200);
      // 8 chargers, 5 batteries; the pending panels and failed cables do not count.
      expect(idsOf(response)).toEqual([charger, battery]);
    }
    expect(idsOf(await get('/api/dashboard/most-bought?limit=1', owner))).toEqual([charger]);
  });

  it('answers catalog rows in the request language at today’s prices', async () => {
    const [en, fr, catalog] = await Promise.all([
      get('/api/dashboard/most-bought', owner, 'en'),
      get('/api/dashboard/most-bought?locale=fr', owner),
      get(`/api/products/${charger}?locale=fr`, owner),
    ]);
    const row = fr.json().items[0];
    expect(row).toMatchObject({ _id: charger, name: catalog.json().name, price: 60 });
    expect(row.name).not.toBe(en.json().items[0].name);
  });

  it('never counts another company’s orders', async () => {
    const theirs = await get('/api/dashboard/most-bought', other);
    expect(theirs.statusCode).toBe(200);
    expect(idsOf(theirs)).toEqual([]);
  });

  it('refuses no token (401), staff (403) and bad parameters (400)', async () => {
    expect((await get('/api/dashboard/most-bought')).statusCode).toBe(401);
    expect((await get('/api/dashboard/most-bought', admin)).statusCode).toBe(403);
    const bad = await get('/api/dashboard/most-bought?limit=0&locale=xx&x=1', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('VALIDATION_ERROR');
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['limit', 'locale', 'x']);
  });
});

describe('GET /api/dashboard/monthly-spend', () => {
  it('answers 12 months, oldest first, with paid order values and empty months at 0', async () => {
    for (const token of [owner, accountant]) {
      const response = await get('/api/dashboard/monthly-spend', token);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.currency).toBe('EUR');
      expect(body.months.map((m: { month: string }) => m.month)).toEqual(
        Array.from({ length: 12 }, (_, i) => monthAgo(11 - i)),
      );
      const [first, second] = await t.db
        .select({ total: orders.totalCents, paidAt: orders.paidAt })
        .from(orders)
        .where(inArray(orders.status, ['processing']))
        .orderBy(orders.paidAt);
      expect(first && second).toBeTruthy();
      const byMonth = Object.fromEntries(
        body.months.map((m: { month: string; amount: number; orders: number }) => [m.month, m]),
      );
      expect(byMonth[monthAgo(3)]).toEqual({
        month: monthAgo(3),
        amount: first!.total / 100,
        orders: 1,
      });
      expect(byMonth[monthAgo(0)]).toMatchObject({ amount: second!.total / 100, orders: 1 });
      expect(byMonth[monthAgo(1)]).toEqual({ month: monthAgo(1), amount: 0, orders: 0 });
      expect(body.months.filter((m: { orders: number }) => m.orders > 0)).toHaveLength(2);
      expect(body.total).toBe((first!.total + second!.total) / 100);
    }
  });

  it('leaves out orders paid more than 11 months before this month', async () => {
    const [old] = await t.db
      .select({ id: orders.id, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.status, 'processing'))
      .orderBy(orders.paidAt)
      .limit(1);
    await t.db
      .update(orders)
      .set({ paidAt: midMonth(12) })
      .where(eq(orders.id, old!.id));
    const body = (await get('/api/dashboard/monthly-spend', owner)).json();
    expect(body.months).toHaveLength(12);
    expect(body.months.filter((m: { orders: number }) => m.orders > 0)).toHaveLength(1);
    await t.db.update(orders).set({ paidAt: old!.paidAt }).where(eq(orders.id, old!.id));
  });

  it('shows another company only its own spend', async () => {
    const body = (await get('/api/dashboard/monthly-spend', other)).json();
    expect(body.total).toBe(0);
    expect(body.months.every((m: { amount: number }) => m.amount === 0)).toBe(true);
  });

  it('is for owners and accountants: purchaser and staff 403, no token 401, unknown 400', async () => {
    const purchasers = await get('/api/dashboard/monthly-spend', purchaser);
    expect(purchasers.statusCode).toBe(403);
    expect(purchasers.json().type).toBe('FORBIDDEN');
    expect((await get('/api/dashboard/monthly-spend', admin)).statusCode).toBe(403);
    const none = await get('/api/dashboard/monthly-spend');
    expect(none.statusCode).toBe(401);
    expect(none.json().type).toBe('AUTH_ERROR');
    const bad = await get('/api/dashboard/monthly-spend?months=24', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('VALIDATION_ERROR');
  });
});

describe('dashboard_slider setting', () => {
  const url = '/api/settings/code/dashboard_slider';
  const put = (value: unknown, token = admin) =>
    t.app.inject({ method: 'PUT', url, payload: { value }, headers: bearer(token) });

  it('serves default banners in six languages with generated pictures', async () => {
    const response = await get(url, accountant);
    expect(response.statusCode).toBe(200);
    const value = dashboardSliderSchema.parse(response.json().value);
    expect(value.banners.length).toBeGreaterThan(1);
    for (const banner of value.banners) {
      expect(Object.keys(banner.texts).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl']);
      const image = await get(banner.image);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.body).toMatch(/^<svg /);
      const category = await get(`/api/categories/getBySlug/${banner.link.slice(5)}`, owner);
      expect(category.statusCode, banner.link).toBe(200);
    }
    expect((await get('/api/media/banners/unknown.svg')).statusCode).toBe(404);
  });

  it('is edited by staff only, checked field by field', async () => {
    const { value } = (await get(url, admin)).json();
    expect((await put(value, owner)).statusCode).toBe(403);
    const [banner] = value.banners;
    const wrong = await put({
      interval_seconds: 1,
      banners: [
        {
          ...banner,
          image: 'https://cdn.example.com/a.png',
          link: '//evil.example.com',
          texts: { fr: banner.texts.fr },
        },
        { ...banner, texts: { ...banner.texts, de: { title: '', text: 'x', cta: 'x' } } },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().type).toBe('VALIDATION_ERROR');
    expect(
      wrong
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual([
      'value.banners.0.image',
      'value.banners.0.link',
      'value.banners.0.texts.en',
      'value.banners.1.texts.de.title',
      'value.interval_seconds',
    ]);
    const twice = await put({ ...value, banners: [banner, banner] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.map((d: { field: string }) => d.field)).toEqual([
      'value.banners.1.id',
    ]);

    const only = {
      interval_seconds: 10,
      banners: [{ ...banner, id: 'only', texts: { en: banner.texts.en } }],
    };
    const saved = await put(only);
    expect(saved.statusCode).toBe(200);
    expect((await get(url, purchaser)).json().value).toEqual(only);
    expect((await put(value)).statusCode).toBe(200);
  });
});
