import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShoppingList } from '@portal/contract';
import { products } from '../../db/schema';
import { bearer, createTestApp, type DEMO_ACCOUNTS, type TestApp } from '../../test/app';
import { addAddress, putInCart, stockProduct } from '../../test/checkout';
import { placeBankTransferOrder } from '../../test/orders';

let t: TestApp;
let tokens: Record<keyof typeof DEMO_ACCOUNTS, string>;
let battery: string;
let charger: string;
let panel: string;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signInEach();
  battery = await stockProduct(t, 0, { priceCents: 12_345, quantity: 5 });
  charger = await stockProduct(t, 1, { priceCents: 1_999, quantity: 100 });
  panel = await stockProduct(t, 2, { priceCents: 5_000, quantity: 50 });
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  locale = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/shopping-lists${url}`,
    payload: payload as object | undefined,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
  });
const create = async (token: string, body: unknown) => {
  const response = await call('POST', '/', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ShoppingList>();
};
const clearCart = (token: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/carts/clear-my-cart', headers: bearer(token) });

describe('shopping list access', () => {
  it('asks for a token', async () => {
    expect((await call('GET', '/')).statusCode).toBe(401);
    expect((await call('POST', '/', undefined, { name: 'x', shared: false })).statusCode).toBe(401);
  });

  it('is for company members only: staff are forbidden', async () => {
    expect((await call('GET', '/', tokens.admin)).statusCode).toBe(403);
    expect((await call('POST', '/', tokens.operator, { name: 'x', shared: true })).statusCode).toBe(
      403,
    );
  });

  it('lets accountants see shared lists only, and change none', async () => {
    const shared = await create(tokens.purchaser, { name: 'Shared kit', shared: true });
    const mine = await create(tokens.purchaser, { name: 'My private kit', shared: false });
    const seen = (await call('GET', '/', tokens.accountant)).json();
    const names = seen.items.map((list: { name: string }) => list.name);
    expect(names).toContain('Shared kit');
    expect(names).not.toContain('My private kit');
    expect(seen.items.every((list: { can_edit: boolean }) => !list.can_edit)).toBe(true);
    expect((await call('GET', `/${shared._id}`, tokens.accountant)).statusCode).toBe(200);
    expect((await call('GET', `/${mine._id}`, tokens.accountant)).statusCode).toBe(404);
    expect(
      (await call('POST', '/', tokens.accountant, { name: 'x', shared: true })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/${shared._id}`, tokens.accountant, { name: 'Mine now' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/${shared._id}/add-to-cart`, tokens.accountant, {})).statusCode,
    ).toBe(403);
  });

  it("keeps a colleague's private list and another company's lists out of sight (404)", async () => {
    const mine = await create(tokens.purchaser, {
      name: 'Private',
      shared: false,
      lines: [{ product_id: charger, quantity: 2 }],
    });
    const shared = await create(tokens.purchaser, { name: 'Company kit', shared: true });
    for (const [token, id] of [
      [tokens.owner, mine._id],
      [tokens.other, mine._id],
      [tokens.other, shared._id],
    ] as const) {
      expect((await call('GET', `/${id}`, token)).statusCode).toBe(404);
      expect((await call('PATCH', `/${id}`, token, { name: 'x' })).statusCode).toBe(404);
      expect((await call('DELETE', `/${id}`, token)).statusCode).toBe(404);
      expect(
        (await call('POST', `/${id}/lines`, token, { product_id: charger, quantity: 1 }))
          .statusCode,
      ).toBe(404);
      expect((await call('POST', `/${id}/add-to-cart`, token, {})).statusCode).toBe(404);
    }
    const otherLists = (await call('GET', '/', tokens.other)).json();
    expect(otherLists.items.map((list: { _id: string }) => list._id)).not.toContain(shared._id);
  });

  it('lets owners change shared lists of others, and purchasers only their own', async () => {
    const byOwner = await create(tokens.owner, { name: 'Owner kit', shared: true });
    expect(
      (await call('PATCH', `/${byOwner._id}`, tokens.purchaser, { name: 'Taken' })).json().type,
    ).toBe('FORBIDDEN');
    const byPurchaser = await create(tokens.purchaser, { name: 'Purchaser kit', shared: true });
    const renamed = await call('PATCH', `/${byPurchaser._id}`, tokens.owner, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', mine: false, can_edit: true });
    expect((await call('DELETE', `/${byPurchaser._id}`, tokens.owner)).statusCode).toBe(204);
  });
});

describe('keeping a list', () => {
  it('adds products (quantities add up), changes quantities and notes, removes lines', async () => {
    const list = await create(tokens.purchaser, { name: 'Workshop', shared: false });
    await call('POST', `/${list._id}/lines`, tokens.purchaser, {
      product_id: charger,
      quantity: 2,
    });
    await call('POST', `/${list._id}/lines`, tokens.purchaser, {
      product_id: battery,
      quantity: 1,
      note: 'for van 3',
    });
    const added = await call('POST', `/${list._id}/lines`, tokens.purchaser, {
      product_id: charger,
      quantity: 3,
    });
    expect(added.statusCode).toBe(200);
    const body = added.json<ShoppingList>();
    expect(body.lines.map((line) => [line.product_id, line.quantity, line.note])).toEqual([
      [charger, 5, ''],
      [battery, 1, 'for van 3'],
    ]);
    expect(body.total).toBe(223.4);
    expect(body.lines[0]?.product).toMatchObject({ price: 19.99 });

    const changed = await call('PATCH', `/${list._id}/lines/${battery}`, tokens.purchaser, {
      quantity: 4,
      note: 'van 3 and 4',
    });
    expect(changed.json<ShoppingList>().lines[1]).toMatchObject({
      quantity: 4,
      note: 'van 3 and 4',
    });
    const removed = await call('DELETE', `/${list._id}/lines/${charger}`, tokens.purchaser);
    expect(removed.json<ShoppingList>().lines.map((line) => line.product_id)).toEqual([battery]);
    expect(
      (await call('DELETE', `/${list._id}/lines/${charger}`, tokens.purchaser)).statusCode,
    ).toBe(404);
  });

  it('refuses bad input naming the field, in the request language', async () => {
    const blank = await call('POST', '/', tokens.purchaser, { name: '  ', shared: true }, 'nl');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0].field).toBe('name');
    const list = await create(tokens.purchaser, { name: 'Checks', shared: false });
    const zero = await call('POST', `/${list._id}/lines`, tokens.purchaser, {
      product_id: charger,
      quantity: 0,
    });
    expect(zero.json().details[0].field).toBe('quantity');
    const decimal = await call('PATCH', `/${list._id}/lines/${charger}`, tokens.purchaser, {
      quantity: 1.5,
    });
    expect(decimal.json().details[0].field).toBe('quantity');
    const unknown = await call('POST', `/${list._id}/lines`, tokens.purchaser, {
      product_id: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/not-a-uuid', tokens.purchaser)).statusCode).toBe(400);
    const nothing = await call('PATCH', `/${list._id}`, tokens.purchaser, {});
    expect(nothing.statusCode).toBe(400);
    const smuggled = await call('POST', '/', tokens.purchaser, {
      name: 'x',
      shared: true,
      company_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(smuggled.statusCode).toBe(400);
  });

  it('saves the cart as a list, and copies a past order into one', async () => {
    await clearCart(tokens.purchaser);
    await putInCart(t, tokens.purchaser, panel, 3);
    await putInCart(t, tokens.purchaser, charger, 2);
    const fromCart = await call('POST', '/from-cart', tokens.purchaser, {
      name: 'From the cart',
      shared: true,
    });
    expect(fromCart.statusCode).toBe(201);
    expect(
      fromCart.json<ShoppingList>().lines.map((line) => [line.product_id, line.quantity]),
    ).toEqual([
      [panel, 3],
      [charger, 2],
    ]);
    await clearCart(tokens.purchaser);
    expect(
      (await call('POST', '/from-cart', tokens.purchaser, { name: 'Empty', shared: false }))
        .statusCode,
    ).toBe(409);

    const address = await addAddress(t, tokens.purchaser, 'delivery');
    const order = await placeBankTransferOrder(t, tokens.purchaser, address, [
      [charger, 4],
      [panel, 3],
    ]);
    const copied = await call('POST', `/from-order/${order.id}`, tokens.owner, {
      name: `Order ${order.orderNumber}`,
      shared: false,
    });
    expect(copied.statusCode).toBe(201);
    expect(copied.json<ShoppingList>().lines.map((line) => line.quantity)).toEqual([4, 3]);
    const foreign = await call('POST', `/from-order/${order.id}`, tokens.other, {
      name: 'Not ours',
      shared: false,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('ordering a list', () => {
  it('puts a shared list into another purchaser’s cart, all lines or the chosen ones', async () => {
    const list = await create(tokens.purchaser, {
      name: 'Monthly kit',
      shared: true,
      lines: [
        { product_id: charger, quantity: 10 },
        { product_id: panel, quantity: 2 },
      ],
    });
    await clearCart(tokens.owner);
    const all = await call('POST', `/${list._id}/add-to-cart`, tokens.owner, {});
    expect(all.statusCode).toBe(200);
    expect(all.json().cart_item.items.map((line: { quantity: number }) => line.quantity)).toEqual([
      10, 2,
    ]);
    const chosen = await call('POST', `/${list._id}/add-to-cart`, tokens.owner, {
      product_ids: [panel],
    });
    expect(
      chosen.json().cart_item.items.map((line: { quantity: number }) => line.quantity),
    ).toEqual([10, 4]);
    const notOnList = await call('POST', `/${list._id}/add-to-cart`, tokens.owner, {
      product_ids: [battery],
    });
    expect(notOnList.statusCode).toBe(404);
    await clearCart(tokens.owner);
  });

  it('adds nothing when a line is beyond the stock or no longer sold, saying which', async () => {
    const retired = await stockProduct(t, 3, { priceCents: 700, quantity: 9 });
    const list = await create(tokens.purchaser, {
      name: 'Too much',
      shared: false,
      lines: [
        { product_id: charger, quantity: 1 },
        { product_id: battery, quantity: 6 },
        { product_id: retired, quantity: 1 },
      ],
    });
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, retired));
    await clearCart(tokens.purchaser);
    const refused = await call('POST', `/${list._id}/add-to-cart`, tokens.purchaser, {}, 'de');
    expect(refused.statusCode).toBe(409);
    const [sku] = await t.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.id, battery));
    expect(refused.json().details).toEqual([
      {
        field: `lines.${battery}`,
        message: `Von ${sku?.sku} können nur noch 5 Stück bestellt werden`,
      },
      { field: `lines.${retired}`, message: expect.stringContaining('nicht mehr verkauft') },
    ]);
    const cart = await t.app.inject({
      url: '/api/carts/my-cart',
      headers: bearer(tokens.purchaser),
    });
    expect(cart.json().cart_item.items).toEqual([]);
    const shown = (await call('GET', `/${list._id}`, tokens.purchaser)).json<ShoppingList>();
    expect(shown.lines.find((line) => line.product_id === retired)?.product).toBeNull();
  });
});

describe('the lists page', () => {
  it('pages the lists, last changed first', async () => {
    for (let i = 0; i < 21; i += 1) await create(tokens.other, { name: `List ${i}`, shared: true });
    const first = (await call('GET', '/', tokens.other)).json();
    expect(first).toMatchObject({ total: 21, page: 1, totalPage: 2 });
    expect(first.items[0].name).toBe('List 20');
    const second = (await call('GET', '/?page=2', tokens.other)).json();
    expect(second.items.map((list: { name: string }) => list.name)).toEqual(['List 0']);
    expect((await call('GET', '/?page=0', tokens.other)).statusCode).toBe(400);
  });
});
