import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, orderLines, orders, payments, products, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, createBuyerCompany, putInCart, stockProduct } from '../../test/checkout';
import { startApi, stopApi } from '../../test/processes';
import type { ChildProcess } from 'node:child_process';

const placeOrder = (url: string, buyer: { token: string; address: string }) =>
  fetch(`${url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(buyer.token) },
    body: JSON.stringify({ delivery_address_id: buyer.address, payment_method: 'ideal' }),
  });

let t: TestApp;
const started: ChildProcess[] = [];

/** `count` buyers of new companies, each with a delivery address and `productId` in the cart. */
async function buyersWithCarts(count: number, productId: string, quantity = 1) {
  const buyers: { token: string; address: string; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const { email } = await createBuyerCompany(t);
    const token = await t.signIn(email);
    buyers.push({ token, email, address: await addAddress(t, token, 'delivery') });
  }
  await Promise.all(buyers.map((buyer) => putInCart(t, buyer.token, productId, quantity)));
  return buyers;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('several API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.signIn('admin@demo.test');
    const current = await t.app.inject({
      url: '/api/settings/code/product_settings',
      headers: bearer(admin),
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/code/product_settings',
      payload: { value: { ...current.json().value, min_cart_quantity: 1, min_cart_amount: 0 } },
      headers: bearer(admin),
    });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(started.map((child) => stopApi(child)));
    await t.close();
  });

  it('sells the last 10 units once to 50 buyers spread over two processes', async () => {
    const lastUnits = await stockProduct(t, 10, { priceCents: 49_900, quantity: 10 });
    const buyers = await buyersWithCarts(50, lastUnits);
    const [first, second] = await Promise.all([startApi(t), startApi(t)]);
    started.push(first.child, second.child);
    const results = await Promise.all(
      buyers.map((buyer, i) => placeOrder(i % 2 ? second.url : first.url, buyer)),
    );
    const bodies = await Promise.all(
      results.map((r) => r.json() as Promise<{ order: { order_number: string } }>),
    );
    const placed = bodies.filter((_, i) => results[i]?.status === 201);
    expect(placed).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(40);
    const numbers = placed.map((body) => body.order.order_number);
    expect(new Set(numbers).size).toBe(10);
    const [product] = await t.db.select().from(products).where(eq(products.id, lastUnits));
    expect(product?.quantity).toBe(0);
  }, 180_000);

  it('leaves a complete order or none when the process is killed while placing orders', async () => {
    const initial = 1_000;
    const productId = await stockProduct(t, 11, { priceCents: 2_500, quantity: initial });
    const buyers = await buyersWithCarts(30, productId, 3);
    const api = await startApi(t);
    started.push(api.child);
    const requests = buyers.map((buyer) => placeOrder(api.url, buyer).catch(() => null));
    // Kill -9 as soon as the first order is through: the others are somewhere in flight.
    await Promise.race(requests);
    await stopApi(api.child, 'SIGKILL');
    await Promise.all(requests);

    const buyerRows = await t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          buyers.map((b) => b.email),
        ),
      );
    const placed = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          buyerRows.map((u) => u.id),
        ),
      );
    expect(placed.length).toBeGreaterThan(0);
    for (const order of placed) {
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(lines).toEqual([expect.objectContaining({ productId, quantity: 3 })]);
      expect(await t.db.$count(payments, eq(payments.orderId, order.id))).toBe(1);
    }
    const [{ sold } = { sold: 0 }] = await t.db
      .select({ sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.productId, productId));
    const [product] = await t.db.select().from(products).where(eq(products.id, productId));
    expect((product?.quantity ?? 0) + sold).toBe(initial);
    // A buyer's cart is empty exactly when the buyer's order exists.
    for (const user of buyerRows) {
      const ordered = placed.some((order) => order.userId === user.id);
      const inCart = await t.db
        .select({ quantity: cartItems.quantity })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .where(eq(carts.userId, user.id));
      expect(inCart.length === 0).toBe(ordered);
    }
  }, 180_000);
});
