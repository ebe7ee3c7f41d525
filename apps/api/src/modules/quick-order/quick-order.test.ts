import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickOrderCheckResponse } from '@portal/contract';
import { cartItems, carts, products } from '../../db/schema';
import type { DEMO_ACCOUNTS } from '../../test/app';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { stockProduct } from '../../test/checkout';
import { multipartBody } from '../../test/claims';
import { addLinesToCart } from '../cart';

let t: TestApp;
let tokens: Record<keyof typeof DEMO_ACCOUNTS, string>;
const sku: Record<'battery' | 'charger' | 'soldOut' | 'retired', string> = {
  battery: '',
  charger: '',
  soldOut: '',
  retired: '',
};
let batteryReference = '';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signInEach();
  const ids = {
    battery: await stockProduct(t, 0, { priceCents: 12_345, quantity: 5 }),
    charger: await stockProduct(t, 1, { priceCents: 1_999, quantity: 100 }),
    soldOut: await stockProduct(t, 2, { priceCents: 500, quantity: 0 }),
    retired: await stockProduct(t, 3, { priceCents: 700, quantity: 9 }),
  };
  await t.db.update(products).set({ isActive: false }).where(eq(products.id, ids.retired));
  for (const [name, id] of Object.entries(ids)) {
    const [row] = await t.db
      .select({ sku: products.sku, reference: products.reference })
      .from(products)
      .where(eq(products.id, id));
    sku[name as keyof typeof sku] = row?.sku ?? '';
    if (name === 'battery') batteryReference = row?.reference ?? '';
  }
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, payload: unknown, token?: string, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/quick-order/${path}`,
    payload: payload as object,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
  });
const check = (lines: unknown, token = tokens.purchaser, locale = 'en') =>
  post('check', { lines }, token, locale);
const addAll = (lines: unknown, token = tokens.purchaser, locale = 'en') =>
  post('add-to-cart', { lines }, token, locale);
const readFile = (content: Buffer | string, name = 'order.csv', token = tokens.purchaser) => {
  const body = multipartBody({ name, content });
  return t.app.inject({
    method: 'POST',
    url: '/api/quick-order/read-file',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};
const userId = async () =>
  (await t.app.inject({ url: '/api/auth/me', headers: bearer(tokens.purchaser) })).json<{
    _id: string;
  }>()._id;
const cartLines = async () =>
  t.db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, await userId()));
const clearCart = (token = tokens.purchaser) =>
  t.app.inject({ method: 'DELETE', url: '/api/carts/clear-my-cart', headers: bearer(token) });

describe('quick order access', () => {
  it('asks for a token', async () => {
    expect((await post('check', { lines: [{ sku: 'X', quantity: 1 }] })).statusCode).toBe(401);
    expect((await post('add-to-cart', { lines: [{ sku: 'X', quantity: 1 }] })).statusCode).toBe(
      401,
    );
  });

  it('is for owners and purchasers: accountants and staff are forbidden', async () => {
    const lines = [{ sku: sku.charger, quantity: 1 }];
    for (const token of [tokens.accountant, tokens.admin, tokens.operator]) {
      expect((await check(lines, token)).statusCode).toBe(403);
      expect((await addAll(lines, token)).statusCode).toBe(403);
      expect((await readFile('A;1', 'a.csv', token)).statusCode).toBe(403);
    }
    expect((await check(lines, tokens.owner)).statusCode).toBe(200);
    expect((await check(lines, tokens.other)).statusCode).toBe(200);
  });

  it("never sees another company's cart", async () => {
    await clearCart(tokens.other);
    await clearCart();
    expect((await addAll([{ sku: sku.charger, quantity: 3 }])).statusCode).toBe(200);
    const other = (await check([{ sku: sku.charger, quantity: 1 }], tokens.other)).json();
    expect(other.lines[0]).toMatchObject({ in_cart: 0, available: 100 });
    await clearCart();
  });
});

describe('checking lines', () => {
  it('answers an outcome per line: found, unknown with suggestions, inactive, short', async () => {
    const response = await check([
      { sku: sku.battery, quantity: 2 },
      { sku: 'NO-SUCH-SKU-1', quantity: 1 },
      { sku: sku.retired, quantity: 1 },
      { sku: sku.soldOut, quantity: 3 },
      { sku: sku.charger, quantity: 200 },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json<QuickOrderCheckResponse>();
    expect(body.ready).toBe(false);
    expect(body.lines.map((line) => [line.rows, line.status, line.available])).toEqual([
      [[1], 'found', 5],
      [[2], 'unknown', 0],
      [[3], 'inactive', 0],
      [[4], 'short', 0],
      [[5], 'short', 100],
    ]);
    expect(body.lines[0]?.product).toMatchObject({ sku: sku.battery, price: 123.45 });
    expect(body.lines[2]?.product).toBeNull();
    expect(body.subtotal).toBe(246.9);
  });

  it('suggests products for a mistyped SKU', async () => {
    const typo = `${sku.charger.slice(0, -1)}`;
    const body = (await check([{ sku: typo, quantity: 1 }])).json<QuickOrderCheckResponse>();
    expect(body.lines[0]?.status).toBe('unknown');
    expect(body.lines[0]?.suggestions.length).toBeGreaterThan(0);
    expect(body.lines[0]?.suggestions.map((hit) => hit.sku)).toContain(sku.charger);
  });

  it('merges lines of the same product, by SKU in any case or by reference', async () => {
    const body = (
      await check([
        { sku: sku.charger, quantity: 2 },
        { sku: sku.battery, quantity: 1 },
        { sku: ` ${sku.charger.toLowerCase()} `, quantity: 3 },
        { sku: batteryReference, quantity: 1 },
      ])
    ).json<QuickOrderCheckResponse>();
    expect(body.ready).toBe(true);
    expect(body.lines.map((line) => [line.rows, line.quantity])).toEqual([
      [[1, 3], 5],
      [[2, 4], 2],
    ]);
  });

  it('counts what the cart already holds against the stock', async () => {
    await clearCart();
    await addAll([{ sku: sku.battery, quantity: 4 }]);
    const body = (await check([{ sku: sku.battery, quantity: 2 }])).json();
    expect(body.lines[0]).toMatchObject({ status: 'short', available: 1, in_cart: 4 });
    await clearCart();
  });

  it('refuses bad input naming the field, in the request language', async () => {
    const decimal = await check([{ sku: sku.battery, quantity: 1.5 }], tokens.purchaser, 'de');
    expect(decimal.statusCode).toBe(400);
    expect(decimal.json().details[0].field).toBe('lines.0.quantity');
    const negative = await check([{ sku: sku.battery, quantity: -3 }]);
    expect(negative.json().details[0].field).toBe('lines.0.quantity');
    const blank = await check([{ sku: ' ', quantity: 1 }]);
    expect(blank.json().details[0].field).toBe('lines.0.sku');
    expect((await check([])).json().details[0].field).toBe('lines');
    const tooMany = Array.from({ length: 10_000 }, (_, i) => ({ sku: `S${i}`, quantity: 1 }));
    const long = await check(tooMany);
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].field).toBe('lines');
    const price = await post(
      'check',
      { lines: [{ sku: sku.battery, quantity: 1, price: 0 }] },
      tokens.purchaser,
    );
    expect(price.statusCode).toBe(400);
  });

  it('checks 500 lines at once', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({
      sku: i % 2 ? sku.charger : `UNKNOWN-${i}`,
      quantity: 1,
    }));
    const body = (await check(lines)).json<QuickOrderCheckResponse>();
    expect(body.lines[0]).toMatchObject({ status: 'unknown' });
    expect(body.lines.find((line) => line.sku === sku.charger)).toMatchObject({
      quantity: 250,
      status: 'short',
      available: 100,
    });
    expect(body.lines).toHaveLength(251);
    expect(body.lines.at(-1)?.suggestions).toEqual([]);
  });
});

describe('adding all to the cart', () => {
  it('adds every line in one go, in the order given, to what the cart holds', async () => {
    await clearCart();
    await addAll([{ sku: sku.charger, quantity: 1 }]);
    const response = await addAll([
      { sku: sku.battery, quantity: 2 },
      { sku: sku.charger, quantity: 4 },
    ]);
    expect(response.statusCode).toBe(200);
    const cart = response.json();
    expect(cart.cart_item.items.map((line: { quantity: number }) => line.quantity)).toEqual([5, 2]);
    expect(cart.subtotal).toBe(5 * 19.99 + 2 * 123.45);
    await clearCart();
  });

  it('adds nothing when one line cannot be added, saying why per line', async () => {
    await clearCart();
    await addAll([{ sku: sku.charger, quantity: 1 }]);
    const response = await addAll(
      [
        { sku: sku.charger, quantity: 2 },
        { sku: 'NO-SUCH', quantity: 1 },
        { sku: sku.battery, quantity: 6 },
      ],
      tokens.purchaser,
      'fr',
    );
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.type).toBe('CONFLICT');
    expect(body.details).toEqual([
      { field: 'lines.1.sku', message: 'Aucun produit n’a la référence NO-SUCH' },
      {
        field: 'lines.2.quantity',
        message: `Seules 5 unités de plus de ${sku.battery} peuvent être commandées`,
      },
    ]);
    const cart = (
      await t.app.inject({ url: '/api/carts/my-cart', headers: bearer(tokens.purchaser) })
    ).json();
    expect(cart.cart_item.items.map((line: { quantity: number }) => line.quantity)).toEqual([1]);
    await clearCart();
  });

  it('writes no line when one of them finds less stock at the write', async () => {
    await clearCart();
    const ids = (
      await check([
        { sku: sku.charger, quantity: 1 },
        { sku: sku.battery, quantity: 1 },
      ])
    )
      .json<QuickOrderCheckResponse>()
      .lines.map((line) => line.product?.id ?? '');
    const me = await userId();
    // What the write finds when the stock moved after the check: 2 lines given, 1 saved, so the
    // service rolls back.
    let saved = 0;
    await t.db
      .transaction(async (tx) => {
        saved = await addLinesToCart(tx, me, [
          { productId: ids[0] ?? '', quantity: 1 },
          { productId: ids[1] ?? '', quantity: 6 },
        ]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(saved).toBe(1);
    expect(await cartLines()).toEqual([]);
  });
});

describe('reading a file', () => {
  it('reads a CSV with a header, any separator, and marks bad lines', async () => {
    const response = await readFile(
      `SKU;Menge\n${sku.battery};2\n${sku.charger};1,5\n=HYPERLINK("x");1\n;4\n${sku.charger};-2\n`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toEqual([
      { line: 2, sku: sku.battery, quantity: '2', problem: null },
      { line: 3, sku: sku.charger, quantity: '1,5', problem: 'decimal' },
      { line: 4, sku: '=HYPERLINK("x")', quantity: '1', problem: 'formula' },
      { line: 5, sku: '', quantity: '4', problem: 'sku' },
      { line: 6, sku: sku.charger, quantity: '-2', problem: 'quantity' },
    ]);
  });

  it('reads an XLSX sheet without a header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Order');
    sheet.addRow([sku.battery, 3]);
    sheet.addRow([sku.charger, 10]);
    sheet.addRow([sku.charger, { formula: 'A1*2', result: 4 }]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await readFile(bytes, 'order.xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toEqual([
      { line: 1, sku: sku.battery, quantity: '3', problem: null },
      { line: 2, sku: sku.charger, quantity: '10', problem: null },
      { line: 3, sku: sku.charger, quantity: '=A1*2', problem: 'formula' },
    ]);
  });

  it('refuses a binary file, an empty one, a missing one and 10,000 lines', async () => {
    const binary = await readFile(Buffer.from([0, 1, 2, 3, 0, 255]), 'order.csv', tokens.owner);
    expect(binary.statusCode).toBe(400);
    expect(binary.json().details[0].field).toBe('file');
    const empty = await readFile('\n\n');
    expect(empty.json().details[0]).toEqual({
      field: 'file',
      message: 'The file has no lines to order',
    });
    const long = await readFile(Array.from({ length: 10_000 }, (_, i) => `SKU-${i};1`).join('\n'));
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].message).toBe('At most 500 lines can be ordered at once');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/quick-order/read-file',
      headers: bearer(tokens.purchaser),
    });
    expect(none.statusCode).toBe(400);
  });
});
