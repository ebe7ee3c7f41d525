import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  orderEvents,
  orders,
  payments,
  products,
  simulatedPayments,
} from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, putInCart, stockProduct } from '../../test/checkout';
import { reconcilePayments } from './reconcile';

let t: TestApp;
let purchaser: string;
let accountant: string;
let other: string;
let battery: string;
let home: string;

beforeAll(async () => {
  t = await createTestApp();
  [purchaser, accountant, other] = (await Promise.all(
    ['purchaser@demo.test', 'accountant@demo.test', 'owner@other.test'].map((e) => t.signIn(e)),
  )) as [string, string, string];
  battery = await stockProduct(t, 0, { priceCents: 5_000, quantity: 200 });
  home = await addAddress(t, purchaser, 'delivery');
});
afterAll(async () => {
  await t.close();
});

interface Placed {
  order: { _id: string; order_number: string; payments: { _id: string }[] };
  redirect_url: string;
}

/** Places an order of 5 batteries (310.91 € with shipping and VAT) paid online. */
async function placeOrder(method = 'ideal'): Promise<Placed & { providerId: string }> {
  await putInCart(t, purchaser, battery, 5);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { delivery_address_id: home, payment_method: method },
    headers: bearer(purchaser),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  const placed = response.json<Placed>();
  const providerId = placed.redirect_url.split('/').at(-1) as string;
  return { ...placed, providerId };
}

const path = (url: string) => url.replace('http://portal.test', '');
const statusOf = async (orderId: string) =>
  (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.s;
const stock = async () =>
  (await t.db.select({ q: products.quantity }).from(products).where(eq(products.id, battery)))[0]
    ?.q;
const decide = (providerId: string, outcome: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/simulated/${providerId}`,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const webhook = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/simulated',
    payload: `id=${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const paidMails = async (orderNumber: string) =>
  (await t.mailsTo('purchaser@demo.test', 'order_paid')).filter((m) =>
    m.subject.includes(orderNumber),
  );
const deps = () => ({ db: t.db, config: t.config, payments: t.app.payments, log: t.app.log });

describe('simulated payment page', () => {
  it('shows the payment with pay, fail and cancel in the buyer language', async () => {
    const { redirect_url } = await placeOrder();
    const page = await t.app.inject({
      url: path(redirect_url),
      headers: { 'accept-language': 'nl' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('<h1>Gesimuleerde betaling</h1>');
    expect(page.body).toMatch(/€\s310,91/);
    for (const outcome of ['paid', 'failed', 'canceled']) {
      expect(page.body).toContain(`name="outcome" value="${outcome}"`);
    }
    const unknown = await t.app.inject({ url: '/api/payments/simulated/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This payment does not exist.');
  });

  it('pays: the webhook moves the order to processing and the buyer lands on success', async () => {
    const { order, providerId } = await placeOrder();
    const paid = await decide(providerId, 'paid');
    expect(paid.statusCode).toBe(303);
    const back = paid.headers.location as string;
    expect(back).toBe(`http://portal.test/api/payments/return/${order.payments[0]!._id}`);
    expect(await statusOf(order._id)).toBe('processing');

    const landing = await t.app.inject({ url: path(back) });
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe(
      `http://portal.test/payment-successful?order_id=${order._id}`,
    );
    const view = await t.app.inject({
      url: `/api/orders/${order._id}`,
      headers: bearer(purchaser),
    });
    expect(view.json()).toMatchObject({
      status: 'processing',
      progress: 'payment_received',
      payments: [expect.objectContaining({ status: 'paid', checkout_url: null })],
    });
    expect(view.json().events.at(-1)).toMatchObject({
      from_status: 'pending',
      status: 'processing',
      actor: 'payment_provider',
      by: null,
    });
    expect(await paidMails(order.order_number)).toHaveLength(1);
    // The page now says it is paid and offers the way back.
    const again = await t.app.inject({ url: `/api/payments/simulated/${providerId}` });
    expect(again.body).toContain('This payment has been paid.');
  });

  it('fails: stock goes back, the buyer lands on failed and can restore the cart', async () => {
    const before = await stock();
    const { order, providerId } = await placeOrder();
    expect(await stock()).toBe((before ?? 0) - 5);
    const failed = await decide(providerId, 'failed');
    const landing = await t.app.inject({ url: path(failed.headers.location as string) });
    expect(landing.headers.location).toBe(
      `http://portal.test/payment-failed?order_id=${order._id}`,
    );
    expect(await statusOf(order._id)).toBe('failed');
    expect(await stock()).toBe(before);

    const restore = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/restore-cart`,
        headers: bearer(token),
      });
    expect((await restore(accountant)).statusCode).toBe(403);
    expect((await restore(other)).statusCode).toBe(404);
    const restored = await restore(purchaser);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().cart_item.items).toEqual([
      expect.objectContaining({ _id: battery, quantity: 5 }),
    ]);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/carts/clear-my-cart',
      headers: bearer(purchaser),
    });
  });

  it('cancels, and a pending order cannot be restored', async () => {
    const { order, providerId } = await placeOrder();
    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/restore-cart`,
      headers: bearer(purchaser),
    });
    expect(restore.statusCode).toBe(409);
    await decide(providerId, 'canceled');
    expect(await statusOf(order._id)).toBe('canceled');
  });
});

describe('webhook', () => {
  it('changes the order once when replayed 20 times at once', async () => {
    const { order, providerId } = await placeOrder();
    await t.app.payments.simulated.decide(providerId, 'paid');
    const replies = await Promise.all(Array.from({ length: 20 }, () => webhook(providerId)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await statusOf(order._id)).toBe('processing');
    const moves = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.status, 'processing')));
    expect(moves).toHaveLength(1);
    expect(await paidMails(order.order_number)).toHaveLength(1);
  });

  it('never moves a status back', async () => {
    const { order, providerId } = await placeOrder();
    await decide(providerId, 'paid');
    await t.db
      .update(simulatedPayments)
      .set({ status: 'failed' })
      .where(eq(simulatedPayments.id, providerId));
    await webhook(providerId);
    expect(await statusOf(order._id)).toBe('processing');
  });

  it('changes nothing for a spoofed id or a payment that does not match its order', async () => {
    expect((await webhook('tr_spoofed')).json()).toEqual({ received: true });
    expect((await webhook('00000000-0000-4000-8000-000000000000')).statusCode).toBe(200);

    const wrongAmount = await placeOrder();
    await t.db
      .update(simulatedPayments)
      .set({ amountCents: 1, status: 'paid' })
      .where(eq(simulatedPayments.id, wrongAmount.providerId));
    await webhook(wrongAmount.providerId);
    expect(await statusOf(wrongAmount.order._id)).toBe('pending');

    const foreign = await placeOrder();
    await t.db
      .update(simulatedPayments)
      .set({ orderId: wrongAmount.order._id, status: 'paid' })
      .where(eq(simulatedPayments.id, foreign.providerId));
    await webhook(foreign.providerId);
    expect(await statusOf(foreign.order._id)).toBe('pending');
    expect(await statusOf(wrongAmount.order._id)).toBe('pending');
  });

  it('takes only an id in the body', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/simulated',
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(empty.statusCode).toBe(400);
    const unknownProvider = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: { id: 'x' },
    });
    expect(unknownProvider.statusCode).toBe(400);
  });
});

describe('pay again and reconciliation', () => {
  it('answers the open payment page again, and refuses orders past pending', async () => {
    const { order, redirect_url, providerId } = await placeOrder();
    const pay = (token = purchaser) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${order._id}/pay`, headers: bearer(token) });
    expect((await pay()).json().redirect_url).toBe(redirect_url);
    expect((await pay(accountant)).statusCode).toBe(403);
    expect((await pay(other)).statusCode).toBe(404);
    await decide(providerId, 'paid');
    expect((await pay()).statusCode).toBe(409);
  });

  it('cancels orders whose payment expired or never reached the provider', async () => {
    const before = await stock();
    const expired = await placeOrder();
    const neverStarted = await placeOrder('creditcard');
    await t.db
      .update(payments)
      .set({ providerPaymentId: null, checkoutUrl: null })
      .where(eq(payments.orderId, neverStarted.order._id));
    const fresh = await placeOrder();

    // Nothing is old enough yet.
    expect(await reconcilePayments(deps(), 15)).toEqual({ checked: 0, changed: 0 });

    await t.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '20 minutes'` })
      .where(sql`${payments.orderId} in (${expired.order._id}, ${neverStarted.order._id})`);
    await t.db
      .update(simulatedPayments)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(simulatedPayments.id, expired.providerId));
    expect(await reconcilePayments(deps(), 15)).toEqual({ checked: 2, changed: 2 });
    expect(await statusOf(expired.order._id)).toBe('canceled');
    expect(await statusOf(neverStarted.order._id)).toBe('canceled');
    expect(await statusOf(fresh.order._id)).toBe('pending');
    expect(await stock()).toBe((before ?? 0) - 5);
    // A second run finds nothing left to do.
    expect(await reconcilePayments(deps(), 15)).toEqual({ checked: 0, changed: 0 });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'order_paid'));
    expect(mails.every((m) => !m.subject.includes(expired.order.order_number))).toBe(true);
  });

  it('asks about open payments in turn: those still open at the provider do not starve newer ones', async () => {
    const placed = [await placeOrder(), await placeOrder(), await placeOrder()];
    for (const [i, { order }] of placed.entries()) {
      await t.db
        .update(payments)
        .set({ createdAt: sql`now() - make_interval(mins => ${60 - i})` })
        .where(eq(payments.orderId, order._id));
    }
    const checks = async () =>
      Promise.all(
        placed.map(
          async ({ order }) =>
            (
              await t.db
                .select({ n: payments.reconcileChecks })
                .from(payments)
                .where(eq(payments.orderId, order._id))
            )[0]?.n,
        ),
      );
    // Batches of two: the two oldest are asked first and are still open at the provider...
    expect(await reconcilePayments(deps(), 15, 2)).toEqual({ checked: 2, changed: 0 });
    expect(await checks()).toEqual([1, 1, 0]);
    // ...so the next run asks about the third instead of the same two again.
    expect(await reconcilePayments(deps(), 15, 2)).toEqual({ checked: 1, changed: 0 });
    expect(await checks()).toEqual([1, 1, 1]);
    // Each is due again later: 15 minutes after its first check.
    expect(await reconcilePayments(deps(), 15, 2)).toEqual({ checked: 0, changed: 0 });
    for (const { order } of placed) expect(await statusOf(order._id)).toBe('pending');
  });
});
