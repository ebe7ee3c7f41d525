import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  companies,
  invoiceAddresses,
  notifications,
  orders,
  payments,
  products,
  simulatedPayments,
  users,
} from '../../db/schema';
import { buildApp } from '../../server';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, deliveryAddress, putInCart, stockProduct } from '../../test/checkout';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let battery: string;
let charger: string;
let home: string;
let invoiceEntity: string;

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
  battery = await stockProduct(t, 0, { priceCents: 12_345, quantity: 50 });
  charger = await stockProduct(t, 1, { priceCents: 1_999, quantity: 50 });
  home = await addAddress(t, purchaser, 'delivery');
  const [entity] = await t.db.select().from(invoiceAddresses);
  invoiceEntity = entity!.id;
});
afterAll(async () => {
  await t.close();
});

/** A cart of 2 batteries and 3 chargers: 306.87 € and 5 kg. */
async function fillCart(token = purchaser) {
  await t.app.inject({ method: 'DELETE', url: '/api/carts/clear-my-cart', headers: bearer(token) });
  await putInCart(t, token, battery, 2);
  await putInCart(t, token, charger, 3);
}

const post = (
  url: string,
  payload: object,
  token = purchaser,
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...headers } });
const summary = (payload: object, token = purchaser, locale = 'en') =>
  post('/api/checkout/summary', payload, token, { 'accept-language': locale });
const place = (payload: object, token = purchaser, headers: Record<string, string> = {}) =>
  post('/api/orders', payload, token, headers);
const stockOf = async (id: string) =>
  (await t.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]?.q;
const orderCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;

describe('checkout access', () => {
  it.each([
    ['GET', '/api/checkout/options'],
    ['POST', '/api/checkout/summary'],
    ['POST', '/api/orders'],
    ['POST', '/api/orders/buy-with-one-click'],
  ] as const)('%s %s: 401 without a token, 403 for accountants and staff', async (method, url) => {
    expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    for (const token of [accountant, admin]) {
      const response = await t.app.inject({ method, url, payload: {}, headers: bearer(token) });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('checkout options and summary', () => {
  beforeEach(() => fillCart());

  it('offers the payment methods with delivery times and the defaults', async () => {
    const response = await t.app.inject({
      url: '/api/checkout/options',
      headers: bearer(purchaser),
    });
    expect(response.json()).toMatchObject({
      default_payment_method: 'creditcard',
      default_delivery_address_id: home,
      default_invoice_address_id: invoiceEntity,
      one_click_available: true,
      shipping_method: 'DHL Parcel',
    });
    const methods = response.json().payment_methods as { method: string }[];
    expect(methods.map((m) => m.method).sort()).toEqual([
      'bancontact',
      'banktransfer',
      'billie',
      'checkout',
      'creditcard',
      'ideal',
      'paypal',
    ]);
    expect(methods.find((m) => m.method === 'banktransfer')).toEqual({
      method: 'banktransfer',
      delivery_days: 5,
      longer_delivery: true,
    });
  });

  it('prices lines, shipping by weight and domestic VAT on the server', async () => {
    const response = await summary({
      delivery_address_id: home,
      invoice_address_id: invoiceEntity,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totals: {
        subtotal: 306.87,
        shipping_amount: 6.95,
        tax_amount: 65.9,
        total: 379.72,
        vat_rate: 21,
        vat_mode: 'domestic',
        vat_mention: null,
        weight: 5000,
        currency: 'EUR',
      },
      delivery_days: 2,
      blockers: [],
      can_place_order: true,
      invoice_address: { _id: invoiceEntity },
    });
    const bank = await summary({ delivery_address_id: home, payment_method: 'banktransfer' });
    expect(bank.json()).toMatchObject({ delivery_days: 5, invoice_address: null });
  });

  it('reverse-charges a buyer in another EU country with the legal mention', async () => {
    const berlin = await addAddress(
      t,
      other,
      'delivery',
      deliveryAddress({ company_name: 'Other Power GmbH', country: 'DE', city: 'Berlin' }),
    );
    await fillCart(other);
    const response = await summary({ delivery_address_id: berlin }, other, 'de');
    expect(response.json().totals).toMatchObject({
      subtotal: 306.87,
      shipping_amount: 9.95,
      tax_amount: 0,
      total: 316.82,
      vat_rate: 0,
      vat_mode: 'reverse_charge',
    });
    expect(response.json().totals.vat_mention).toContain('Artikel 196');
    expect(response.json().totals.vat_mention).toContain('DE123456789');
  });

  it('names the minimum amount and item count that are missing', async () => {
    await t.app.inject({
      method: 'DELETE',
      url: '/api/carts/clear-my-cart',
      headers: bearer(purchaser),
    });
    await putInCart(t, purchaser, charger, 1);
    const response = await summary({ delivery_address_id: home });
    expect(response.json().can_place_order).toBe(false);
    expect(response.json().blockers).toEqual([
      {
        code: 'min_cart_amount',
        message: 'Your cart must reach the minimum amount of €150.00 to proceed',
      },
      { code: 'min_cart_quantity', message: 'Your cart must contain at least 5 items to proceed' },
    ]);
    const refused = await place({ delivery_address_id: home, payment_method: 'ideal' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Your cart must reach the minimum amount of €150.00 to proceed',
    );
    const dutch = await summary({ delivery_address_id: home }, purchaser, 'nl');
    expect(dutch.json().blockers[1].message).toBe(
      'Je winkelwagen moet minstens 5 artikelen bevatten om verder te gaan',
    );
  });

  it('blocks purchases while the company or invoice VAT number is inactive', async () => {
    const [demo] = await t.db.select().from(companies).where(eq(companies.name, 'Demo Energy BV'));
    await t.db
      .update(companies)
      .set({ vatNumberUnactiveAt: new Date() })
      .where(eq(companies.id, demo!.id));
    const blocked = await summary({ delivery_address_id: home });
    expect(blocked.json().blockers).toEqual([
      {
        code: 'company_vat_inactive',
        message:
          "Your company's VAT number NL123456789B01 is currently inactive. You cannot make a purchase.",
      },
    ]);
    const refused = await place({ delivery_address_id: home, payment_method: 'ideal' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('is currently inactive. You cannot make a purchase.');
    await t.db
      .update(companies)
      .set({ vatNumberUnactiveAt: null })
      .where(eq(companies.id, demo!.id));

    await t.db
      .update(invoiceAddresses)
      .set({ vatNumberUnactiveAt: new Date() })
      .where(eq(invoiceAddresses.id, invoiceEntity));
    const invoiceBlocked = await summary({
      delivery_address_id: home,
      invoice_address_id: invoiceEntity,
    });
    expect(invoiceBlocked.json().blockers.map((b: { code: string }) => b.code)).toEqual([
      'invoice_vat_inactive',
    ]);
    const placed = await place({
      delivery_address_id: home,
      invoice_address_id: invoiceEntity,
      payment_method: 'ideal',
    });
    expect(placed.statusCode).toBe(409);
    await t.db
      .update(invoiceAddresses)
      .set({ vatNumberUnactiveAt: null })
      .where(eq(invoiceAddresses.id, invoiceEntity));
    expect(await stockOf(battery)).toBe(50);
  });

  it("does not know another company's addresses", async () => {
    const theirs = await addAddress(t, other, 'delivery', deliveryAddress({ country: 'DE' }));
    expect((await summary({ delivery_address_id: theirs })).statusCode).toBe(404);
    expect(
      (await summary({ delivery_address_id: home, invoice_address_id: theirs })).statusCode,
    ).toBe(404);
    const order = await place({ delivery_address_id: theirs, payment_method: 'ideal' });
    expect(order.statusCode).toBe(404);
    expect(await stockOf(battery)).toBe(50);
  });

  it.each([
    [{ delivery_address_id: undefined }, 'delivery_address_id'],
    [{ delivery_address_id: 'x' }, 'delivery_address_id'],
    [{ payment_method: 'cash' }, 'payment_method'],
    [{ total: 0.01 }, 'total'],
    [{ comment: 'x'.repeat(1001) }, 'comment'],
  ])('refuses %o naming %s', async (payload, field) => {
    const response = await place({
      delivery_address_id: home,
      payment_method: 'ideal',
      ...payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe('placing an order', () => {
  it('reserves stock, snapshots the order, empties the cart, notifies and mails', async () => {
    await fillCart();
    const response = await place(
      { delivery_address_id: home, payment_method: 'ideal', comment: 'Dock 4, mornings only' },
      purchaser,
      { 'accept-language': 'nl' },
    );
    expect(response.statusCode).toBe(201);
    const { order, redirect_url, message } = response.json();
    expect(order.order_number).toMatch(/^\d{10}$/);
    expect(message).toBe(`Je bestelling ${order.order_number} is geplaatst`);
    expect(redirect_url).toMatch(
      /^http:\/\/portal\.test\/api\/payments\/simulated\/[0-9a-f-]{36}$/,
    );
    expect(order).toMatchObject({
      status: 'pending',
      progress: 'awaiting_payment',
      payment_method: 'ideal',
      order_value: 379.72,
      subtotal: 306.87,
      shipping_amount: 6.95,
      tax_amount: 65.9,
      comment: 'Dock 4, mornings only',
      delivery_address: { city: 'Rotterdam', country: 'NL' },
      invoice_address: { city: 'Rotterdam', vat_number: 'NL123456789B01' },
      placed_by: { full_name: 'Peter Purchaser' },
      can_restore_cart: false,
      bank_account: null,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ product_id: battery, quantity: 2, price: 123.45, subtotal: 246.9 }),
      expect.objectContaining({ product_id: charger, quantity: 3, price: 19.99, subtotal: 59.97 }),
    ]);
    expect(order.events).toEqual([
      expect.objectContaining({
        from_status: null,
        status: 'pending',
        actor: 'customer',
        by: expect.objectContaining({ full_name: 'Peter Purchaser' }),
      }),
    ]);
    expect(order.payments).toEqual([
      expect.objectContaining({
        provider: 'simulated',
        status: 'open',
        amount: 379.72,
        checkout_url: redirect_url,
      }),
    ]);
    expect(await stockOf(battery)).toBe(48);
    expect(await stockOf(charger)).toBe(47);
    // The answer is built from the rows the order's statement wrote: the same as read back.
    const readBack = await t.app.inject({
      url: `/api/orders/${order._id}`,
      headers: { ...bearer(purchaser), 'accept-language': 'nl' },
    });
    expect(readBack.json()).toEqual(order);
    const cart = await t.app.inject({ url: '/api/carts/my-cart', headers: bearer(purchaser) });
    expect(cart.json().item_count).toBe(0);

    const notified = await t.db
      .select({ email: users.email, type: notifications.type, detail: notifications.detail })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(sql`${notifications.detail}->'order'->>'_id' = ${order._id}`);
    expect(notified.map((n) => n.email).sort()).toEqual([
      'accountant@demo.test',
      'owner@demo.test',
      'purchaser@demo.test',
    ]);
    expect(notified[0]).toMatchObject({
      type: 'new_order',
      detail: {
        buyer: { full_name: 'Peter Purchaser' },
        order: { order_number: order.order_number },
      },
    });
    const [mail] = await t.mailsTo('purchaser@demo.test', 'order_placed');
    expect(mail?.locale).toBe('nl');
    expect(mail?.subject).toBe(`Bestelling ${order.order_number} ontvangen`);
    expect(mail?.text).toMatch(/€\s379,72/);
    // One mail for the buyer, the confirmation; the other members get the notification's.
    expect(await t.mailsTo('purchaser@demo.test', 'notification_new_order')).toEqual([]);
    expect(await t.mailsTo('owner@demo.test', 'notification_new_order')).toHaveLength(1);
  });

  it('keeps what was sold when prices and addresses change later, for every member', async () => {
    const [latest] = await t.db
      .select()
      .from(orders)
      .orderBy(sql`${orders.createdAt} desc`)
      .limit(1);
    await t.db.update(products).set({ priceCents: 1 }).where(eq(products.id, battery));
    await t.app.inject({
      method: 'PUT',
      url: `/api/addresses/delivery/${home}`,
      payload: deliveryAddress({ city: 'Schiedam' }),
      headers: bearer(purchaser),
    });
    for (const token of [owner, purchaser, accountant]) {
      const response = await t.app.inject({
        url: `/api/orders/${latest!.id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        order_value: 379.72,
        delivery_address: { city: 'Rotterdam' },
        lines: [
          expect.objectContaining({ price: 123.45 }),
          expect.objectContaining({ price: 19.99 }),
        ],
      });
    }
    await t.db.update(products).set({ priceCents: 12_345 }).where(eq(products.id, battery));
    await t.app.inject({
      method: 'PUT',
      url: `/api/addresses/delivery/${home}`,
      payload: deliveryAddress(),
      headers: bearer(purchaser),
    });
    const foreign = await t.app.inject({
      url: `/api/orders/${latest!.id}`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/orders/${latest!.id}` })).statusCode).toBe(401);
  });

  it('shows the new stock in the catalog at once', async () => {
    const lastTwo = await stockProduct(t, 5, { priceCents: 20_000, quantity: 2 });
    const available = async () =>
      (await t.app.inject({ url: `/api/products/${lastTwo}`, headers: bearer(purchaser) })).json<{
        is_in_stock: boolean;
      }>().is_in_stock;
    expect(await available()).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/carts/clear-my-cart',
      headers: bearer(purchaser),
    });
    await putInCart(t, purchaser, lastTwo, 2);
    await putInCart(t, purchaser, charger, 3);
    const placed = await place({ delivery_address_id: home, payment_method: 'ideal' });
    expect(placed.statusCode).toBe(201);
    await expect.poll(available).toBe(false);
  });

  it('takes sequential order numbers', async () => {
    await fillCart();
    const first = (await place({ delivery_address_id: home, payment_method: 'ideal' })).json();
    await fillCart();
    const second = (await place({ delivery_address_id: home, payment_method: 'ideal' })).json();
    expect(Number(second.order.order_number)).toBe(Number(first.order.order_number) + 1);
  });

  it('leaves cart and stock as they were when a line is out of stock', async () => {
    await fillCart();
    await t.db.update(products).set({ quantity: 1 }).where(eq(products.id, charger));
    const before = await orderCount();
    const response = await place({ delivery_address_id: home, payment_method: 'ideal' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Only 1 units of .+ are available$/);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(battery)).toBe(44);
    expect(await stockOf(charger)).toBe(1);
    const cart = await t.app.inject({ url: '/api/carts/my-cart', headers: bearer(purchaser) });
    expect(cart.json().item_count).toBe(5);
    await t.db.update(products).set({ quantity: 41 }).where(eq(products.id, charger));
  });

  it('refuses an empty cart', async () => {
    await t.app.inject({
      method: 'DELETE',
      url: '/api/carts/clear-my-cart',
      headers: bearer(purchaser),
    });
    const response = await place({ delivery_address_id: home, payment_method: 'ideal' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your cart is empty');
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the same order and refuses the key for another body', async () => {
    await fillCart();
    const body = { delivery_address_id: home, payment_method: 'creditcard' };
    const key = { 'idempotency-key': 'checkout-7f3a9c2e' };
    const first = await place(body, purchaser, key);
    expect(first.statusCode).toBe(201);
    const stock = await stockOf(battery);
    const count = await orderCount();

    const again = await Promise.all([place(body, purchaser, key), place(body, purchaser, key)]);
    for (const repeat of again) {
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json().order._id).toBe(first.json().order._id);
      expect(repeat.json().redirect_url).toBe(first.json().redirect_url);
    }
    expect(await orderCount()).toBe(count);
    expect(await stockOf(battery)).toBe(stock);

    const other = await place({ ...body, payment_method: 'ideal' }, purchaser, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'This Idempotency-Key was already used for a different request',
    );

    const bad = await place(body, purchaser, { 'idempotency-key': 'no spaces allowed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('idempotency-key');
  });

  it('places two orders at once under one key only once', async () => {
    await fillCart();
    const key = { 'idempotency-key': 'double-click-1' };
    const count = await orderCount();
    const results = await Promise.all([
      place({ delivery_address_id: home, payment_method: 'ideal' }, purchaser, key),
      place({ delivery_address_id: home, payment_method: 'ideal' }, purchaser, key),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(results.map((r) => r.json().order._id)).size).toBe(1);
    expect(await orderCount()).toBe((count ?? 0) + 1);
  });

  it('creates one provider payment per order under racing repeats, on two API instances', async () => {
    // A second app on the same database: another process as far as the database can tell.
    const second = await buildApp({ config: t.config, db: t.db });
    await second.ready();
    const stockBefore = [await stockOf(battery), await stockOf(charger)];
    try {
      const body = { delivery_address_id: home, payment_method: 'ideal' };
      for (let run = 0; run < 10; run++) {
        await fillCart();
        const key = { 'idempotency-key': `payment-race-${run}` };
        const [first, repeat] = await Promise.all([
          place(body, purchaser, key),
          new Promise((resolve) => setTimeout(resolve, run % 2 ? 15 : 0)).then(() =>
            second.inject({
              method: 'POST',
              url: '/api/orders',
              payload: body,
              headers: { ...bearer(purchaser), ...key },
            }),
          ),
        ]);
        expect([first.statusCode, repeat.statusCode].sort(), first.body).toEqual([200, 201]);
        const orderId = first.json<{ order: { _id: string } }>().order._id;
        expect(repeat.json().order._id).toBe(orderId);
        expect(repeat.json().redirect_url).toBe(first.json().redirect_url);
        const created = await t.db
          .select({ id: simulatedPayments.id })
          .from(simulatedPayments)
          .where(eq(simulatedPayments.orderId, orderId));
        expect(created, `run ${run}`).toHaveLength(1);
        const [row] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
        expect(row?.providerPaymentId).toBe(created[0]?.id);
      }
    } finally {
      await second.close();
      // The ten pending orders hold stock the next tests expect to find.
      for (const [i, id] of [battery, charger].entries()) {
        await t.db.update(products).set({ quantity: stockBefore[i] }).where(eq(products.id, id));
      }
    }
  });
});

describe('bank transfer and buy with one click', () => {
  it('waits for the transfer with the bank details until staff mark it paid', async () => {
    await fillCart();
    const response = await place({ delivery_address_id: home, payment_method: 'banktransfer' });
    expect(response.statusCode).toBe(201);
    const { order, redirect_url } = response.json();
    expect(redirect_url).toBeNull();
    expect(order).toMatchObject({
      delivery_days: 5,
      bank_account: { iban: 'NL91ABNA0417164300' },
      payments: [
        expect.objectContaining({ provider: 'bank_transfer', status: 'open', checkout_url: null }),
      ],
    });
    const [mail] = await t.mailsTo('purchaser@demo.test', 'order_placed_bank_transfer');
    expect(mail?.text).toContain('NL91ABNA0417164300');

    const url = `/api/admin/orders/${order._id}/mark-paid`;
    expect((await post(url, {}, purchaser)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const paid = await post(url, {}, admin);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'processing',
      progress: 'payment_received',
      bank_account: null,
      payments: [expect.objectContaining({ status: 'paid' })],
    });
    expect(paid.json().events.at(-1)).toMatchObject({
      from_status: 'pending',
      status: 'processing',
      actor: 'staff',
      by: { full_name: 'Sam Staff' },
    });
    expect(await t.mailsTo('purchaser@demo.test', 'order_paid')).toHaveLength(1);
    expect((await post(url, {}, admin)).statusCode).toBe(409);
  });

  it('buys with one click using the defaults and the last payment method', async () => {
    await fillCart();
    const response = await post('/api/orders/buy-with-one-click', {});
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({
      payment_method: 'banktransfer',
      delivery_address: { city: 'Rotterdam' },
      invoice_address: { company_name: 'Demo Energy BV', vat_number: 'NL123456789B01' },
    });
  });

  it('needs a default delivery address for one click', async () => {
    const [theirs] = await t.db.select().from(users).where(eq(users.email, 'owner@other.test'));
    await t.db.execute(
      sql`update delivery_addresses set is_default = false where company_id = ${theirs!.companyId}`,
    );
    await fillCart(other);
    const response = await post('/api/orders/buy-with-one-click', {}, other);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Add a default delivery address to buy with one click');
  });
});

describe('staff order moves', () => {
  it('completes and closes orders along the allowed moves only', async () => {
    const [paid] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'processing')))
      .limit(1);
    const url = `/api/admin/orders/${paid!.id}/status`;
    const put = (payload: object, token = admin) =>
      t.app.inject({ method: 'PUT', url, payload, headers: bearer(token) });
    expect((await put({ status: 'completed' }, owner)).statusCode).toBe(403);
    const completed = await put({ status: 'completed', tracking_number: '3SABCD1234567' });
    expect(completed.json()).toMatchObject({
      status: 'completed',
      tracking_number: '3SABCD1234567',
    });
    const back = await put({ status: 'canceled' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('An order cannot move from completed to canceled');
    expect((await put({ status: 'closed' })).json().status).toBe('closed');
    expect((await put({ status: 'pending' })).statusCode).toBe(400);
  });

  it('cancels a pending order and puts its stock back once', async () => {
    await fillCart();
    const { order } = (await place({ delivery_address_id: home, payment_method: 'ideal' })).json();
    const before = await stockOf(battery);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/status`,
      payload: { status: 'canceled', note: 'Customer called' },
      headers: bearer(admin),
    });
    expect(cancel.json()).toMatchObject({ status: 'canceled', can_restore_cart: true });
    expect(await stockOf(battery)).toBe((before ?? 0) + 2);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/status`,
      payload: { status: 'canceled' },
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(battery)).toBe((before ?? 0) + 2);
  });
});
