import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { stockProduct } from '../../test/checkout';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let admin: string;
let battery: string;
let charger: string;
let soldOut: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, purchaser, accountant, admin] = (await Promise.all(
    ['owner@demo.test', 'purchaser@demo.test', 'accountant@demo.test', 'admin@demo.test'].map(
      (email) => t.signIn(email),
    ),
  )) as [string, string, string, string];
  battery = await stockProduct(t, 0, { priceCents: 12_345, quantity: 5 });
  charger = await stockProduct(t, 1, { priceCents: 1_999, quantity: 100 });
  soldOut = await stockProduct(t, 2, { priceCents: 500, quantity: 0 });
});
afterAll(async () => {
  await t.close();
});

const myCart = (token = purchaser) =>
  t.app.inject({ url: '/api/carts/my-cart', headers: bearer(token) });
const update = (payload: unknown, token = purchaser, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/carts/create-or-update',
    payload: payload as object,
    headers: { ...bearer(token), 'accept-language': locale },
  });
const clear = (token = purchaser) =>
  t.app.inject({ method: 'DELETE', url: '/api/carts/clear-my-cart', headers: bearer(token) });
const fields = (body: { details?: { field: string }[] }) =>
  (body.details ?? []).map((d) => d.field);

describe('cart access', () => {
  it('asks for a token', async () => {
    expect((await t.app.inject({ url: '/api/carts/my-cart' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/carts/create-or-update',
      payload: { product_id: battery, quantity: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().type).toBe('AUTH_ERROR');
  });

  it('is for owners and purchasers: accountants and staff are forbidden', async () => {
    for (const token of [accountant, admin]) {
      expect((await myCart(token)).json()).toMatchObject({ type: 'FORBIDDEN', code: 403 });
      expect((await update({ product_id: battery, quantity: 1 }, token)).statusCode).toBe(403);
      expect((await clear(token)).statusCode).toBe(403);
    }
    expect((await myCart(owner)).statusCode).toBe(200);
  });
});

describe('cart lines', () => {
  it('starts empty, then prices each line from the catalog', async () => {
    const empty = (await myCart()).json();
    expect(empty).toMatchObject({ cart_item: { items: [] }, item_count: 0, subtotal: 0 });

    const response = await update({ product_id: battery, quantity: 2 });
    expect(response.statusCode).toBe(200);
    const cart = response.json();
    expect(cart.cart_item.items).toEqual([
      expect.objectContaining({
        _id: battery,
        quantity: 2,
        price: 123.45,
        subtotal: 246.9,
        available_quantity: 5,
        product: expect.objectContaining({ id: battery, price: 123.45 }),
      }),
    ]);
    expect(cart).toMatchObject({ item_count: 2, subtotal: 246.9, weight: 2000, stock_ok: true });
  });

  it('always answers the catalog price of now', async () => {
    await t.db.update(products).set({ priceCents: 10_000 }).where(eq(products.id, battery));
    const cart = (await myCart()).json();
    expect(cart.cart_item.items[0]).toMatchObject({ price: 100, subtotal: 200 });
    await t.db.update(products).set({ priceCents: 12_345 }).where(eq(products.id, battery));
  });

  it('adds with mode add, sets by default, removes with quantity 0', async () => {
    await update({ product_id: charger, quantity: 3 });
    const added = (await update({ product_id: charger, quantity: 2, mode: 'add' })).json();
    expect(added.cart_item.items.find((i: { _id: string }) => i._id === charger).quantity).toBe(5);
    const set = (await update({ product_id: charger, quantity: 1 })).json();
    expect(set.cart_item.items.find((i: { _id: string }) => i._id === charger).quantity).toBe(1);
    const removed = (await update({ product_id: charger, quantity: 0 })).json();
    expect(removed.cart_item.items.map((i: { _id: string }) => i._id)).toEqual([battery]);
    expect(removed.subtotal).toBe(246.9);
  });

  it('answers a change with the cart as a read of it answers, lines in the order added', async () => {
    const changed = (await update({ product_id: charger, quantity: 2, mode: 'add' })).json();
    expect(changed.cart_item.items.map((i: { _id: string }) => i._id)).toEqual([battery, charger]);
    expect(changed).toEqual((await myCart()).json());
    const set = (await update({ product_id: charger, quantity: 0 })).json();
    expect(set).toEqual((await myCart()).json());
  });

  it('lets only the cart change skip the wait for the disk, not the next statement', async () => {
    await update({ product_id: charger, quantity: 1, mode: 'add' });
    const shown = await t.db.execute(sql`show synchronous_commit`);
    expect((shown as unknown as { rows: { synchronous_commit: string }[] }).rows).toEqual([
      { synchronous_commit: 'on' },
    ]);
    await update({ product_id: charger, quantity: 0 });
  });

  it('keeps one cart per user', async () => {
    expect((await myCart(owner)).json().item_count).toBe(0);
    expect((await myCart(purchaser)).json().item_count).toBe(2);
  });

  it('bounds quantities by stock with the available quantity in the message', async () => {
    const tooMany = await update({ product_id: battery, quantity: 6 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ type: 'CONFLICT' });
    expect(tooMany.json().message).toMatch(/^Only 5 units of .+ are available$/);

    const dutch = await update({ product_id: battery, quantity: 4, mode: 'add' }, purchaser, 'nl');
    expect(dutch.statusCode).toBe(409);
    expect(dutch.json().message).toMatch(/^Er zijn maar 5 stuks van .+ beschikbaar$/);

    const none = await update({ product_id: soldOut, quantity: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/is out of stock$/);
    expect((await myCart()).json().item_count).toBe(2);
  });

  it('never goes past the stock under concurrent adds', async () => {
    await update({ product_id: battery, quantity: 0 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => update({ product_id: battery, quantity: 1, mode: 'add' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.productId, battery));
    expect(line?.quantity).toBe(5);
  });

  it('tells when a line exceeds the stock after it was added', async () => {
    await t.db.update(products).set({ quantity: 3 }).where(eq(products.id, battery));
    const cart = (await myCart()).json();
    expect(cart.stock_ok).toBe(false);
    expect(cart.cart_item.items[0]).toMatchObject({ quantity: 5, available_quantity: 3 });
    await t.db.update(products).set({ quantity: 5 }).where(eq(products.id, battery));
  });

  it('reports the minimum amount and item count of product_settings', async () => {
    const cart = (await myCart()).json();
    expect(cart.minimum).toEqual({
      amount: 150,
      quantity: 5,
      amount_reached: true,
      quantity_reached: true,
    });
    await update({ product_id: battery, quantity: 1 });
    expect((await myCart()).json().minimum).toMatchObject({
      amount_reached: false,
      quantity_reached: false,
    });
  });

  it('empties the cart', async () => {
    const cleared = await clear();
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ cart_item: { items: [] }, item_count: 0 });
  });
});

describe('cart input', () => {
  it.each([
    [{ product_id: 'x', quantity: 1 }, 'product_id'],
    [{ quantity: 1 }, 'product_id'],
    [{ product_id: '00000000-0000-4000-8000-000000000000' }, 'quantity'],
    [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: -1 }, 'quantity'],
    [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1.5 }, 'quantity'],
    [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: '2' }, 'quantity'],
    [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 0, mode: 'add' }, 'quantity'],
    [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1, price: 0.01 }, 'price'],
    [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1, subtotal: 1 }, 'subtotal'],
  ])('refuses %j naming %s', async (payload, field) => {
    const response = await update(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('VALIDATION_ERROR');
    expect(fields(response.json())).toContain(field);
  });

  it('answers in the request language', async () => {
    const response = await update({ product_id: battery, quantity: -1 }, purchaser, 'fr');
    expect(response.json().details[0].message).toBe('Doit être au moins 0');
  });

  it('does not know an unknown or inactive product', async () => {
    const unknown = await update({
      product_id: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, charger));
    expect((await update({ product_id: charger, quantity: 1 })).statusCode).toBe(404);
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, charger));
  });
});
