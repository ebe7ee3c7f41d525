import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Approval, BudgetList, CheckoutSummary } from '@portal/contract';
import { orders, products, users } from '../../db/schema';
import { bearer, createTestApp, type DEMO_ACCOUNTS, type TestApp } from '../../test/app';
import { addAddress, putInCart, stockProduct } from '../../test/checkout';

let t: TestApp;
let tokens: Record<keyof typeof DEMO_ACCOUNTS, string>;
let battery: string;
let charger: string;
let address: string;
let purchaserId: string;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signInEach();
  battery = await stockProduct(t, 0, { priceCents: 10_000, quantity: 1_000 });
  charger = await stockProduct(t, 1, { priceCents: 1_000, quantity: 100 });
  address = await addAddress(t, tokens.owner, 'delivery');
  const ids = await t.db.select({ id: users.id, email: users.email }).from(users);
  purchaserId = ids.find((row) => row.email === 'purchaser@demo.test')!.id;
  ownerId = ids.find((row) => row.email === 'owner@demo.test')!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db
    .update(users)
    .set({ orderLimitCents: null, monthlyBudgetCents: null })
    .where(eq(users.id, purchaserId));
  await clearCart(tokens.purchaser);
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: unknown, locale = 'en') =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload: payload as object | undefined,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
  });
const clearCart = (token: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/carts/clear-my-cart', headers: bearer(token) });
const checkout = { delivery_address_id: '', payment_method: 'banktransfer' };
const order = () => ({ ...checkout, delivery_address_id: address });
const setLimits = (orderLimit: number | null, monthlyBudget: number | null) =>
  call('PUT', `/budgets/${purchaserId}`, tokens.owner, {
    order_limit: orderLimit,
    monthly_budget: monthlyBudget,
  });
const cartCount = async () =>
  (await call('GET', '/carts/my-cart', tokens.purchaser)).json<{ item_count: number }>().item_count;
const stockOf = async (id: string) =>
  (await t.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;

/** The purchaser's cart of 10 batteries (1,000 € net) submitted above a 500 € order limit. */
async function submitted(): Promise<Approval> {
  expect((await setLimits(500, null)).statusCode).toBe(200);
  await putInCart(t, tokens.purchaser, battery, 10);
  const response = await call('POST', '/order-approvals', tokens.purchaser, order());
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Approval>();
}

describe('budgets', () => {
  it('lets owners set a purchaser’s limits, and everyone see what they may', async () => {
    const set = await setLimits(500, 2_000.5);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      member: { _id: purchaserId },
      order_limit: 500,
      monthly_budget: 2_000.5,
      budget_remaining: 2_000.5,
    });
    const byOwner = (await call('GET', '/budgets', tokens.owner)).json<BudgetList>();
    expect(byOwner.can_manage).toBe(true);
    expect(byOwner.items.map((item) => item.member._id)).toEqual([purchaserId]);
    const byAccountant = (await call('GET', '/budgets', tokens.accountant)).json<BudgetList>();
    expect(byAccountant).toMatchObject({ can_manage: false, items: [{ order_limit: 500 }] });
    const byPurchaser = (await call('GET', '/budgets', tokens.purchaser)).json<BudgetList>();
    expect(byPurchaser.items).toHaveLength(1);
    expect((await call('GET', '/budgets', tokens.other)).json<BudgetList>().items).toEqual([]);
  });

  it('refuses other roles, other companies, owners as targets and bad amounts', async () => {
    const body = { order_limit: 1, monthly_budget: null };
    expect((await call('GET', '/budgets')).statusCode).toBe(401);
    expect((await call('GET', '/budgets', tokens.admin)).statusCode).toBe(403);
    expect((await call('PUT', `/budgets/${purchaserId}`, tokens.purchaser, body)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/budgets/${purchaserId}`, tokens.accountant, body)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/budgets/${purchaserId}`, tokens.other, body)).statusCode).toBe(404);
    expect((await call('PUT', `/budgets/${randomUUID()}`, tokens.owner, body)).statusCode).toBe(
      404,
    );
    const owner = await call('PUT', `/budgets/${ownerId}`, tokens.owner, body);
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toBe('Spending limits are set for purchasers only');
    const bad = await call(
      'PUT',
      `/budgets/${purchaserId}`,
      tokens.owner,
      { order_limit: -1, monthly_budget: 1.234 },
      'de',
    );
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ details: { field: string }[] }>().details.map((d) => d.field);
    expect(fields.sort()).toEqual(['monthly_budget', 'order_limit']);
  });
});

describe('an order above the limits', () => {
  it('is told at checkout and cannot be placed; the cart stays', async () => {
    await setLimits(500, null);
    await putInCart(t, tokens.purchaser, battery, 10);
    const summary = await call('POST', '/checkout/summary', tokens.purchaser, {
      delivery_address_id: address,
    });
    expect(summary.json<CheckoutSummary>().spending).toMatchObject({
      required: true,
      reason: 'order_limit',
      order_limit: 500,
    });
    const placed = await call('POST', '/orders', tokens.purchaser, order(), 'fr');
    expect(placed.statusCode).toBe(409);
    expect(placed.json().message).toMatch(
      /^Cette commande dépasse votre limite de commande de 500,00/,
    );
    expect(await cartCount()).toBe(10);
  });

  it('is placed directly within the limits, and owners have none', async () => {
    await setLimits(5_000, null);
    await putInCart(t, tokens.purchaser, charger, 20);
    expect((await call('POST', '/orders', tokens.purchaser, order())).statusCode).toBe(201);
    await putInCart(t, tokens.owner, battery, 60);
    expect((await call('POST', '/orders', tokens.owner, order())).statusCode).toBe(201);
  });

  it('counts the month’s orders against the budget: the second order waits for approval', async () => {
    const spent = await t.db
      .select({ total: orders.totalCents })
      .from(orders)
      .where(eq(orders.userId, purchaserId));
    const before = spent.reduce((sum, row) => sum + row.total, 0) / 100;
    await setLimits(null, before + 1_500);
    await putInCart(t, tokens.purchaser, battery, 10);
    expect((await call('POST', '/orders', tokens.purchaser, order())).statusCode).toBe(201);
    await putInCart(t, tokens.purchaser, battery, 10);
    const second = await call('POST', '/orders', tokens.purchaser, order());
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/monthly budget/);
  });

  it('lets only one of two concurrent checkouts of the same cart pass the budget', async () => {
    const spent = await t.db
      .select({ total: orders.totalCents })
      .from(orders)
      .where(eq(orders.userId, purchaserId));
    await setLimits(null, spent.reduce((sum, row) => sum + row.total, 0) / 100 + 1_500);
    await putInCart(t, tokens.purchaser, battery, 10);
    const [a, b] = await Promise.all([
      call('POST', '/orders', tokens.purchaser, order()),
      call('POST', '/orders', tokens.purchaser, { ...order(), comment: 'again' }),
    ]);
    // The second waits for the first, then finds the cart empty or the budget spent.
    expect([a.statusCode, b.statusCode].filter((status) => status === 201)).toHaveLength(1);
  });
});

describe('order approvals', () => {
  it('refuses a submission the limits do not ask for, and keeps the cart', async () => {
    await setLimits(50_000, null);
    await putInCart(t, tokens.purchaser, charger, 20);
    const response = await call('POST', '/order-approvals', tokens.purchaser, order());
    expect(response.statusCode).toBe(409);
    expect(await cartCount()).toBe(20);
  });

  it('submits the cart, empties it and notifies the owners', async () => {
    const approval = await submitted();
    expect(approval).toMatchObject({
      status: 'pending',
      reason: 'order_limit',
      item_count: 10,
      can_decide: false,
      can_withdraw: true,
      prices_changed: false,
      problems: [],
    });
    expect(approval.lines).toEqual([
      expect.objectContaining({ product_id: battery, quantity: 10, requested_price: 100 }),
    ]);
    expect(await cartCount()).toBe(0);
    const notifications = (await call('GET', '/users/notifications', tokens.owner)).json();
    expect(notifications.notifications[0]).toMatchObject({
      type: 'approval_requested',
      detail: { approval: { _id: approval._id } },
    });
    expect((await t.mailsTo('owner@demo.test', 'notification_approval_requested')).length).toBe(1);
    const list = (await call('GET', '/order-approvals?status=pending', tokens.accountant)).json();
    expect(list.items.map((item: { _id: string }) => item._id)).toContain(approval._id);
  });

  it('keeps approvals within the company (404) and decisions with owners (403)', async () => {
    const approval = await submitted();
    const id = approval._id;
    expect((await call('GET', `/order-approvals/${id}`)).statusCode).toBe(401);
    expect((await call('GET', `/order-approvals/${id}`, tokens.other)).statusCode).toBe(404);
    expect((await call('GET', `/order-approvals/${id}`, tokens.admin)).statusCode).toBe(403);
    expect((await call('GET', '/order-approvals', tokens.other)).json().items).toEqual([]);
    const decision = { expected_total: 1 };
    expect(
      (await call('POST', `/order-approvals/${id}/approve`, tokens.other, decision)).statusCode,
    ).toBe(404);
    for (const token of [tokens.purchaser, tokens.accountant]) {
      expect(
        (await call('POST', `/order-approvals/${id}/approve`, token, decision)).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/order-approvals/${id}/decline`, token, { comment: 'no' })).statusCode,
      ).toBe(403);
    }
    expect((await call('POST', `/order-approvals/${id}/withdraw`, tokens.owner)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/order-approvals/${randomUUID()}`, tokens.owner)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/order-approvals/not-an-id', tokens.owner)).statusCode).toBe(400);
  });

  it('places the order when an owner approves the total they saw, once', async () => {
    const approval = await submitted();
    const seen = (
      await call('GET', `/order-approvals/${approval._id}`, tokens.owner)
    ).json<Approval>();
    expect(seen.can_decide).toBe(true);
    const stock = await stockOf(battery);
    const stale = await call('POST', `/order-approvals/${approval._id}/approve`, tokens.owner, {
      expected_total: seen.totals!.total - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(await stockOf(battery)).toBe(stock);
    const approved = await call('POST', `/order-approvals/${approval._id}/approve`, tokens.owner, {
      expected_total: seen.totals!.total,
      comment: 'Fine for the Utrecht site',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const body = approved.json<Approval>();
    expect(body).toMatchObject({
      status: 'approved',
      decision_comment: 'Fine for the Utrecht site',
      decided_by: { _id: ownerId },
    });
    expect(await stockOf(battery)).toBe(stock - 10);
    const [placed] = await t.db.select().from(orders).where(eq(orders.id, body.order!._id));
    expect(placed).toMatchObject({
      userId: purchaserId,
      totalCents: Math.round(seen.totals!.total * 100),
    });
    const told = (await call('GET', '/users/notifications', tokens.purchaser)).json();
    expect(told.notifications.map((n: { type: string }) => n.type)).toContain('approval_approved');
    const again = await call('POST', `/order-approvals/${approval._id}/approve`, tokens.owner, {
      expected_total: seen.totals!.total,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request has already been decided');
  });

  it('lets two owners approve at once: one order', async () => {
    const approval = await submitted();
    const seen = (
      await call('GET', `/order-approvals/${approval._id}`, tokens.owner)
    ).json<Approval>();
    const body = { expected_total: seen.totals!.total };
    const url = `/order-approvals/${approval._id}/approve`;
    const results = await Promise.all([
      call('POST', url, tokens.owner, body),
      call('POST', url, tokens.owner, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('declines with a comment the purchaser sees', async () => {
    const approval = await submitted();
    const url = `/order-approvals/${approval._id}/decline`;
    const empty = await call('POST', url, tokens.owner, { comment: ' ' }, 'it');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: 'comment', message: expect.any(String) }]);
    const declined = await call('POST', url, tokens.owner, { comment: 'Too many this month' });
    expect(declined.json()).toMatchObject({ status: 'declined', order: null });
    const seen = (await call('GET', `/order-approvals/${approval._id}`, tokens.purchaser)).json();
    expect(seen).toMatchObject({ decision_comment: 'Too many this month', can_withdraw: false });
    expect((await t.mailsTo('purchaser@demo.test', 'notification_approval_declined')).length).toBe(
      1,
    );
  });

  it('lets the purchaser withdraw a pending request: the lines go back into the cart', async () => {
    const approval = await submitted();
    const response = await call(
      'POST',
      `/order-approvals/${approval._id}/withdraw`,
      tokens.purchaser,
    );
    expect(response.json()).toMatchObject({ status: 'withdrawn' });
    expect(await cartCount()).toBe(10);
  });
});
