import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  CheckoutSummary,
  Order,
  Quote,
  QuotePage,
  StaffAlerts,
  StaffQuote,
  StaffQuotePage,
} from '@portal/contract';
import { auditLog, cartItems, notifications, products, quotes, users } from '../../db/schema';
import { bearer, createTestApp, type DEMO_ACCOUNTS, type TestApp } from '../../test/app';
import { addAddress, putInCart, stockProduct } from '../../test/checkout';

let t: TestApp;
let tokens: Record<keyof typeof DEMO_ACCOUNTS, string>;
let battery: string;
let charger: string;
let address: string;
let purchaserId: string;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signInEach();
  battery = await stockProduct(t, 0, { priceCents: 10_000, quantity: 1_000 });
  charger = await stockProduct(t, 1, { priceCents: 1_000, quantity: 100 });
  address = await addAddress(t, tokens.owner, 'delivery');
  const [purchaser] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'purchaser@demo.test'));
  purchaserId = purchaser!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db
    .update(users)
    .set({ orderLimitCents: null, monthlyBudgetCents: null })
    .where(eq(users.id, purchaserId));
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: unknown, locale = 'en') =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload: payload as object | undefined,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
  });
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const stockOf = async (id: string) =>
  (await t.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;

/** The purchaser asks for 200 batteries and 50 chargers. */
async function requested(token = tokens.purchaser): Promise<Quote> {
  const response = await call('POST', '/quotes', token, {
    lines: [
      { product_id: battery, quantity: 200 },
      { product_id: charger, quantity: 50 },
    ],
    message: 'Project in Utrecht, delivery in two parts is fine',
    wished_delivery_date: inDays(14),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Quote>();
}

/** Staff answer: 80 € per battery, 9.50 € per charger, valid for 30 days. */
async function answered(quote?: Quote): Promise<Quote> {
  const asked = quote ?? (await requested());
  const response = await call('POST', `/admin/quotes/${asked._id}/answer`, tokens.operator, {
    lines: [
      { product_id: battery, unit_price: 80 },
      { product_id: charger, unit_price: 9.5 },
    ],
    valid_until: inDays(30),
    message: 'Our best price for 200 units',
  });
  expect(response.statusCode, response.body).toBe(200);
  return (await call('GET', `/quotes/${asked._id}`, tokens.purchaser)).json<Quote>();
}

const order = (quoteId: string) => ({
  delivery_address_id: address,
  payment_method: 'banktransfer',
  quote_id: quoteId,
});

describe('asking for a quote', () => {
  it('keeps the lines at today’s list price, the message and the wished date', async () => {
    const quote = await requested();
    expect(quote).toMatchObject({
      status: 'requested',
      quote_number: expect.stringMatching(/^Q\d{6,}$/),
      requester: { _id: purchaserId, full_name: expect.any(String) },
      item_count: 250,
      line_count: 2,
      quoted_total: null,
      valid_until: null,
      wished_delivery_date: inDays(14),
      can_accept: false,
      can_respond: true,
      lines: [
        { product_id: battery, quantity: 200, list_price: 100, unit_price: null },
        { product_id: charger, quantity: 50, list_price: 10, unit_price: null },
      ],
      messages: [{ kind: 'request', from_staff: false, body: expect.stringContaining('Utrecht') }],
    });
    const alerts = (await call('GET', '/admin/alerts', tokens.admin)).json<StaffAlerts>();
    expect(alerts.quotes).toBeGreaterThanOrEqual(1);
  });

  it('mails staff who switched the quote alert on', async () => {
    await call('PUT', '/admin/alert-mails', tokens.admin, {
      registrations: false,
      bank_transfers: false,
      claims: false,
      messages: false,
      quotes: true,
    }).then((response) => expect(response.statusCode, response.body).toBe(200));
    const quote = await requested();
    const [mail] = await t.mailsTo('admin@demo.test', 'staff_alert_quote');
    expect(mail?.subject).toContain(quote.quote_number);
    expect(mail?.text).toContain(`/admin/quotes/${quote._id}`);
  });

  it('refuses bad input, naming the field in the caller’s language', async () => {
    const cases: [unknown, string][] = [
      [{ lines: [] }, 'lines'],
      [{ lines: [{ product_id: battery, quantity: 0 }] }, 'lines.0.quantity'],
      [
        {
          lines: [
            { product_id: battery, quantity: 1 },
            { product_id: battery, quantity: 2 },
          ],
        },
        'lines',
      ],
      [{ lines: [{ product_id: randomUUID(), quantity: 1 }] }, 'lines.0.product_id'],
      [
        { lines: [{ product_id: battery, quantity: 1 }], wished_delivery_date: yesterday() },
        'wished_delivery_date',
      ],
      [
        { lines: [{ product_id: battery, quantity: 1 }], wished_delivery_date: '2026-02-30' },
        'wished_delivery_date',
      ],
      [{ lines: [{ product_id: battery, quantity: 1 }], message: 'x'.repeat(2001) }, 'message'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/quotes', tokens.purchaser, body, 'fr');
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json<{ details: { field: string; message: string }[] }>();
      expect(error.details.map((detail) => detail.field)).toContain(field);
    }
    const past = await call(
      'POST',
      '/quotes',
      tokens.purchaser,
      { lines: [{ product_id: battery, quantity: 1 }], wished_delivery_date: yesterday() },
      'fr',
    );
    expect(past.json().details[0].message).toBe('La date ne peut pas être dans le passé');
  });

  it('lets owners and purchasers ask, every role of the company see, nobody else', async () => {
    const quote = await requested(tokens.owner);
    const body = { lines: [{ product_id: battery, quantity: 1 }] };
    expect((await call('POST', '/quotes', tokens.accountant, body)).statusCode).toBe(403);
    expect((await call('POST', '/quotes', tokens.admin, body)).statusCode).toBe(403);
    expect((await call('POST', '/quotes', undefined, body)).statusCode).toBe(401);
    for (const token of [tokens.owner, tokens.purchaser, tokens.accountant]) {
      const page = (await call('GET', '/quotes', token)).json<QuotePage>();
      expect(page.items.map((item) => item._id)).toContain(quote._id);
      expect((await call('GET', `/quotes/${quote._id}`, token)).statusCode).toBe(200);
    }
    const byAccountant = (
      await call('GET', `/quotes/${quote._id}`, tokens.accountant)
    ).json<Quote>();
    expect(byAccountant).toMatchObject({ can_respond: false, can_accept: false });
    expect((await call('GET', '/quotes', tokens.other)).json<QuotePage>().items).toEqual([]);
    for (const url of [`/quotes/${quote._id}`, `/quotes/${randomUUID()}`]) {
      expect((await call('GET', url, tokens.other)).statusCode).toBe(404);
    }
    const steps: [string, unknown][] = [
      [`/quotes/${quote._id}/ask-again`, { message: 'Cheaper?' }],
      [`/quotes/${quote._id}/decline`, {}],
    ];
    for (const [url, payload] of steps) {
      expect((await call('POST', url, tokens.other, payload)).statusCode).toBe(404);
      expect((await call('POST', url, tokens.accountant, payload)).statusCode).toBe(403);
      expect((await call('POST', url, undefined, payload)).statusCode).toBe(401);
    }
    expect((await call('GET', '/quotes', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/quotes/not-an-id', tokens.owner)).statusCode).toBe(400);
    expect((await call('GET', '/quotes?status=lost', tokens.owner)).statusCode).toBe(400);
  });
});

describe('staff answering', () => {
  it('lists, finds and opens any company’s quotes; buyers may not', async () => {
    const quote = await requested();
    const page = (
      await call('GET', '/admin/quotes?status=requested', tokens.operator)
    ).json<StaffQuotePage>();
    expect(page.items.map((item) => item._id)).toContain(quote._id);
    expect(page.items.every((item) => item.status === 'requested')).toBe(true);
    const byNumber = (
      await call('GET', `/admin/quotes?q=${quote.quote_number}`, tokens.admin)
    ).json<StaffQuotePage>();
    expect(byNumber.items.map((item) => item._id)).toEqual([quote._id]);
    const byCompany = (
      await call('GET', '/admin/quotes?q=demo%20energy', tokens.admin)
    ).json<StaffQuotePage>();
    expect(byCompany.items.map((item) => item._id)).toContain(quote._id);
    const one = (
      await call('GET', `/admin/quotes/${quote._id}`, tokens.operator)
    ).json<StaffQuote>();
    expect(one).toMatchObject({
      company: { name: expect.any(String) },
      can_answer: true,
      lines: [{ product_id: battery, stock: 1_000 }, { product_id: charger }],
    });
    for (const token of [tokens.owner, tokens.purchaser, tokens.accountant]) {
      expect((await call('GET', '/admin/quotes', token)).statusCode).toBe(403);
      expect((await call('GET', `/admin/quotes/${quote._id}`, token)).statusCode).toBe(403);
    }
    expect((await call('GET', `/admin/quotes/${randomUUID()}`, tokens.admin)).statusCode).toBe(404);
    expect((await call('GET', '/admin/quotes', undefined)).statusCode).toBe(401);
  });

  it('refuses an answer without a price for every line or with a past validity', async () => {
    const quote = await requested();
    const url = `/admin/quotes/${quote._id}/answer`;
    const oneLine = {
      lines: [{ product_id: battery, unit_price: 80 }],
      valid_until: tomorrow(),
    };
    const missing = await call('POST', url, tokens.admin, oneLine, 'de');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({ field: 'lines' });
    const past = await call('POST', url, tokens.admin, {
      lines: [
        { product_id: battery, unit_price: 80 },
        { product_id: charger, unit_price: 9 },
      ],
      valid_until: yesterday(),
    });
    expect(past.json().details[0]).toMatchObject({ field: 'valid_until' });
    const cents = await call('POST', url, tokens.admin, {
      ...oneLine,
      lines: [{ product_id: battery, unit_price: 1.001 }],
    });
    expect(cents.json().details[0]).toMatchObject({ field: 'lines.0.unit_price' });
    for (const token of [tokens.owner, tokens.purchaser]) {
      expect((await call('POST', url, token, oneLine)).statusCode).toBe(403);
    }
    const still = (await call('GET', `/quotes/${quote._id}`, tokens.purchaser)).json<Quote>();
    expect(still.status).toBe('requested');
  });

  it('prices the lines, keeps the offer in the conversation and tells the requester', async () => {
    const quote = await answered();
    expect(quote).toMatchObject({
      status: 'answered',
      quoted_total: 200 * 80 + 50 * 9.5,
      valid_until: inDays(30),
      can_accept: true,
      lines: [
        { unit_price: 80, line_total: 16_000 },
        { unit_price: 9.5, line_total: 475 },
      ],
    });
    expect(quote.messages.at(-1)).toMatchObject({
      kind: 'answer',
      from_staff: true,
      body: 'Our best price for 200 units',
      offer: { subtotal: 16_475, valid_until: inDays(30) },
    });
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.type, 'quote_answered'));
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((row) => row.userId === purchaserId)).toBe(true);
    const [mail] = await t.mailsTo('purchaser@demo.test', 'notification_quote_answered');
    expect(mail?.subject).toBe(`Your quote ${quote.quote_number} is answered`);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, quote._id));
    expect(audit).toMatchObject([{ action: 'quote.answer', entityLabel: quote.quote_number }]);
  });
});

describe('accepting a quote', () => {
  it('places the order at the quoted prices through the checkout, leaving the cart', async () => {
    const quote = await answered();
    await putInCart(t, tokens.purchaser, charger, 3);
    const summary = await call('POST', '/checkout/summary', tokens.purchaser, order(quote._id));
    expect(summary.statusCode, summary.body).toBe(200);
    const priced = summary.json<CheckoutSummary>();
    expect(priced.can_place_order).toBe(true);
    expect(priced.totals.subtotal).toBe(16_475);
    expect(priced.items.map((item) => item.quantity)).toEqual([200, 50]);

    const before = await stockOf(battery);
    const placed = await call('POST', '/orders', tokens.purchaser, order(quote._id));
    expect(placed.statusCode, placed.body).toBe(201);
    const { order: made } = placed.json<{ order: Order }>();
    expect(made.subtotal).toBe(16_475);
    expect(made.lines.map((line) => [line.quantity, line.price])).toEqual([
      [200, 80],
      [50, 9.5],
    ]);
    expect(await stockOf(battery)).toBe(before - 200);
    const cart = await t.db.select().from(cartItems);
    expect(cart.some((line) => line.productId === charger && line.quantity === 3)).toBe(true);

    const after = (await call('GET', `/quotes/${quote._id}`, tokens.owner)).json<Quote>();
    expect(after).toMatchObject({
      status: 'accepted',
      order: { _id: made._id },
      can_accept: false,
      can_respond: false,
    });
    expect(after.messages.at(-1)?.kind).toBe('accept');
    const again = await call('POST', '/orders', tokens.owner, order(quote._id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This quote has already been accepted');
    const answerAgain = await call('POST', `/admin/quotes/${quote._id}/answer`, tokens.admin, {
      lines: [
        { product_id: battery, unit_price: 1 },
        { product_id: charger, unit_price: 1 },
      ],
      valid_until: tomorrow(),
    });
    expect(answerAgain.statusCode).toBe(409);
  });

  it('refuses a quote not answered, expired, of another company, or to an accountant', async () => {
    const waiting = await requested();
    const notYet = await call('POST', '/orders', tokens.purchaser, order(waiting._id));
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('This quote has not been answered yet');

    const quote = await answered();
    await t.db.update(quotes).set({ validUntil: yesterday() }).where(eq(quotes.id, quote._id));
    const expired = (await call('GET', `/quotes/${quote._id}`, tokens.purchaser)).json<Quote>();
    expect(expired).toMatchObject({ status: 'expired', can_accept: false, can_respond: true });
    const listed = (await call('GET', '/quotes?status=expired', tokens.owner)).json<QuotePage>();
    expect(listed.items.map((item) => item._id)).toContain(quote._id);
    const stock = await stockOf(battery);
    for (const url of ['/checkout/summary', '/orders']) {
      const response = await call('POST', url, tokens.purchaser, order(quote._id), 'it');
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Questo preventivo è scaduto: richiedilo di nuovo');
    }
    expect(await stockOf(battery)).toBe(stock);

    const mine = await answered();
    for (const url of ['/checkout/summary', '/orders']) {
      expect((await call('POST', url, tokens.other, order(mine._id))).statusCode).toBe(404);
      expect((await call('POST', url, tokens.accountant, order(mine._id))).statusCode).toBe(403);
    }
  });

  it('sends a purchaser above their limit to an owner, who may accept it', async () => {
    const quote = await answered();
    await t.db.update(users).set({ orderLimitCents: 100_000 }).where(eq(users.id, purchaserId));
    const summary = (
      await call('POST', '/checkout/summary', tokens.purchaser, order(quote._id))
    ).json<CheckoutSummary>();
    expect(summary.can_place_order).toBe(false);
    expect(summary.blockers.map((blocker) => blocker.code)).toContain('quote_needs_owner');
    const refused = await call('POST', '/orders', tokens.purchaser, order(quote._id));
    expect(refused.statusCode).toBe(409);
    const byOwner = await call('POST', '/orders', tokens.owner, order(quote._id));
    expect(byOwner.statusCode, byOwner.body).toBe(201);
  });
});

describe('asking again and declining', () => {
  it('sends an answered or expired quote back to staff with other quantities', async () => {
    const quote = await answered();
    await t.db.update(quotes).set({ validUntil: yesterday() }).where(eq(quotes.id, quote._id));
    const response = await call('POST', `/quotes/${quote._id}/ask-again`, tokens.purchaser, {
      message: 'We now need 300',
      lines: [{ product_id: battery, quantity: 300 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Quote>()).toMatchObject({
      status: 'requested',
      valid_until: null,
      quoted_total: null,
      lines: [{ product_id: battery, quantity: 300, unit_price: null }],
    });
    const kinds = response.json<Quote>().messages.map((message) => message.kind);
    expect(kinds).toEqual(['request', 'answer', 'ask_again']);
    const empty = await call('POST', `/quotes/${quote._id}/ask-again`, tokens.purchaser, {
      message: ' ',
    });
    expect(empty.json().details[0]).toMatchObject({ field: 'message' });
  });

  it('declines for good', async () => {
    const quote = await answered();
    const declined = await call('POST', `/quotes/${quote._id}/decline`, tokens.owner, {
      message: 'Found it elsewhere',
    });
    expect(declined.json<Quote>()).toMatchObject({ status: 'declined', can_respond: false });
    expect(
      (await call('POST', `/quotes/${quote._id}/ask-again`, tokens.owner, { message: 'Hm' }))
        .statusCode,
    ).toBe(409);
    expect((await call('POST', '/orders', tokens.owner, order(quote._id))).statusCode).toBe(409);
  });
});
