import ExcelJS from 'exceljs';
import { ORDER_EXPORT_COLUMNS, ORDER_STATUSES } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, notifications, orders, products, users } from '../../db/schema';
import { seekSettings } from '../../db/seek-index';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, stockProduct } from '../../test/checkout';
import { markPaid, placeBankTransferOrder } from '../../test/orders';

// Page boundaries every 2 rows: the pages walked below are read from remembered boundaries.
seekSettings.every = 2;

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let battery: string;
let charger: string;
let home: string;
const placed: { id: string; orderNumber: string }[] = [];

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
  battery = await stockProduct(t, 0, { priceCents: 10_000, quantity: 100 });
  charger = await stockProduct(t, 1, { priceCents: 2_000, quantity: 100 });
  home = await addAddress(t, purchaser, 'delivery');
  for (let i = 0; i < 3; i++) {
    placed.push(await placeBankTransferOrder(t, purchaser, home, [[battery, 5 + i]]));
  }
  await markPaid(t, admin, placed[1]!.id);
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
const post = (url: string, token: string | undefined, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: token ? bearer(token) : {},
  });
const fieldsOf = (response: { json: () => { details: { field: string }[] } }) =>
  response.json().details.map((detail) => detail.field);

describe('GET /api/orders', () => {
  it('lists the company orders newest first for every role, paged in the database', async () => {
    for (const token of [owner, purchaser, accountant]) {
      const response = await get('/api/orders?limit=2', token);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 3, page: 1, totalPage: 2 });
      expect(body.items.map((o: { _id: string }) => o._id)).toEqual([placed[2]!.id, placed[1]!.id]);
      expect(body.items[0]).toMatchObject({
        status: 'pending',
        payment_method: 'banktransfer',
        placed_by: expect.any(String),
      });
    }
    const second = (await get('/api/orders?limit=2&page=2', owner)).json();
    expect(second.items.map((o: { _id: string }) => o._id)).toEqual([placed[0]!.id]);
  });

  it('filters by order number prefix, status and date range', async () => {
    const byNumber = (await get(`/api/orders?search=${placed[0]!.orderNumber}`, owner)).json();
    expect(byNumber.items.map((o: { _id: string }) => o._id)).toEqual([placed[0]!.id]);
    const processing = (await get('/api/orders?status=processing', owner)).json();
    expect(processing.items.map((o: { _id: string }) => o._id)).toEqual([placed[1]!.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/api/orders?date_from=${today}&date_to=${today}`, owner)).json().total).toBe(
      3,
    );
    expect((await get('/api/orders?date_to=2020-01-01', owner)).json().total).toBe(0);
    expect((await get('/api/orders?search=%25', owner)).json().total).toBe(0);
    // Every prefix finds exactly the orders whose number starts with it (a range of the index).
    const numbers = (await get('/api/orders?limit=50', owner))
      .json()
      .items.map((o: { order_number: string }) => o.order_number);
    for (const number of numbers) {
      for (let length = 1; length <= number.length; length++) {
        const prefix = number.slice(0, length);
        const found = (await get(`/api/orders?search=${prefix}&limit=50`, owner)).json();
        expect(found.items.map((o: { order_number: string }) => o.order_number).sort()).toEqual(
          numbers.filter((n: string) => n.startsWith(prefix)).sort(),
        );
      }
    }
    expect((await get('/api/orders?search=9999999999', owner)).json().total).toBe(0);
  });

  it('answers every page as the same slice of the newest-first list, filtered or not', async () => {
    for (const filter of ['', '&status=pending', `&search=${placed[0]!.orderNumber.slice(0, 6)}`]) {
      const all = (await get(`/api/orders?limit=50${filter}`, owner)).json();
      expect(all.total).toBeGreaterThan(0);
      // Pages of 1 and 3: the pages past the middle are read from the oldest end.
      for (const limit of [1, 3]) {
        const pages = Math.ceil(all.total / limit);
        for (let page = 1; page <= pages + 1; page++) {
          const one = (await get(`/api/orders?limit=${limit}&page=${page}${filter}`, owner)).json();
          expect(one).toMatchObject({ total: all.total, page, totalPage: pages });
          expect(one.items).toEqual(all.items.slice((page - 1) * limit, page * limit));
        }
      }
    }
  });

  it('shows another company nothing of ours', async () => {
    const response = await get('/api/orders', other);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ items: [], total: 0, totalPage: 0 });
  });

  it('refuses no token (401), staff (403) and bad input (400 naming the field)', async () => {
    expect((await get('/api/orders')).statusCode).toBe(401);
    expect((await get('/api/orders', admin)).statusCode).toBe(403);
    const bad = await get('/api/orders?status=lost&page=0&date_from=yesterday&x=1', owner, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('VALIDATION_ERROR');
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['status', 'page', 'date_from']));
    const reversed = await get('/api/orders?date_from=2026-02-01&date_to=2026-01-01', owner);
    expect(reversed.statusCode).toBe(400);
    expect(fieldsOf(reversed)).toEqual(['date_to']);
  });
});

describe('GET /api/orders/:id/progress', () => {
  it('derives the progress labels from the history, with the invoice once paid', async () => {
    const pending = (await get(`/api/orders/${placed[0]!.id}/progress`, accountant)).json();
    expect(pending.progress_steps.map((s: { step: string }) => s.step)).toEqual([
      'order_placed',
      'awaiting_payment',
      'payment_received',
      'processing',
      'shipping_on_the_way',
      'shipped',
    ]);
    expect(
      pending.progress_steps.map((s: { reached_at: string | null }) => !!s.reached_at),
    ).toEqual([true, true, false, false, false, false]);
    expect(pending).toMatchObject({ invoice: null });
    const paid = (await get(`/api/orders/${placed[1]!.id}/progress`, owner)).json();
    expect(paid.progress_steps.map((s: { reached_at: string | null }) => !!s.reached_at)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(paid.invoice).toMatchObject({ invoice_number: expect.stringMatching(/^\d{4}-\d{6}$/) });
  });

  it('answers 404 to another company, 401 without a token, 400 for a bad id', async () => {
    expect((await get(`/api/orders/${placed[0]!.id}/progress`, other)).statusCode).toBe(404);
    expect((await get(`/api/orders/${placed[0]!.id}/progress`)).statusCode).toBe(401);
    const bad = await get('/api/orders/nope/progress', owner);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['id']);
  });
});

describe('POST /api/orders/:id/reorder', () => {
  it("puts the lines back at today's prices and reports what is unavailable", async () => {
    const order = await placeBankTransferOrder(t, owner, home, [
      [battery, 2],
      [charger, 3],
    ]);
    await t.db.update(products).set({ priceCents: 11_000 }).where(eq(products.id, battery));
    await t.db.update(products).set({ quantity: 1 }).where(eq(products.id, charger));
    await t.app.inject({
      method: 'DELETE',
      url: '/api/carts/clear-my-cart',
      headers: bearer(purchaser),
    });
    const response = await post(`/api/orders/${order.id}/reorder`, purchaser);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const items = body.cart.cart_item.items as {
      quantity: number;
      price: number;
      product: { _id: string };
    }[];
    expect(items.find((i) => i.product._id === battery)).toMatchObject({ quantity: 2, price: 110 });
    expect(items.find((i) => i.product._id === charger)).toMatchObject({ quantity: 1 });
    expect(body.unavailable).toEqual([expect.objectContaining({ requested: 3, added: 1 })]);
    await t.db.update(products).set({ quantity: 100 }).where(eq(products.id, charger));
  });

  it('is refused to accountants (403), other companies (404) and without a token (401)', async () => {
    const url = `/api/orders/${placed[0]!.id}/reorder`;
    expect((await post(url, accountant)).statusCode).toBe(403);
    expect((await post(url, other)).statusCode).toBe(404);
    expect((await post(url, undefined)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/orders/:id/ship', () => {
  it('ships a paid order once: recorded, notified and mailed', async () => {
    const url = `/api/admin/orders/${placed[1]!.id}/ship`;
    const shipment = { carrier: 'DHL Parcel', tracking_numbers: ['JVGL0123456789'] };
    expect((await post(url, owner, shipment)).statusCode).toBe(403);
    expect((await post(url, undefined, shipment)).statusCode).toBe(401);
    const bad = await post(url, admin, { carrier: '', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['carrier', 'tracking_numbers']));

    const response = await post(url, admin, shipment);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tracking_number: 'JVGL0123456789',
      progress: 'shipping_on_the_way',
    });
    expect(response.json().events.at(-1)).toMatchObject({
      actor: 'staff',
      by: expect.objectContaining({ full_name: expect.any(String) }),
      note: 'DHL Parcel JVGL0123456789',
    });
    expect(response.json().shipments).toEqual([
      expect.objectContaining({ carrier: 'DHL Parcel', tracking_numbers: ['JVGL0123456789'] }),
    ]);
    const progress = (await get(`/api/orders/${placed[1]!.id}/progress`, purchaser)).json();
    expect(progress.progress_steps[4].reached_at).not.toBeNull();

    const [mail] = await t.mailsTo('purchaser@demo.test', 'order_shipped');
    expect(mail?.text).toContain('JVGL0123456789');
    // The owner hears of it by the notification mail; the buyer got the fuller mail only.
    expect(await t.mailsTo('owner@demo.test', 'notification_order_is_shipped')).toHaveLength(1);
    expect(await t.mailsTo('purchaser@demo.test', 'notification_order_is_shipped')).toHaveLength(0);
    const notified = await t.db
      .select({ email: users.email })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.type, 'order_is_shipped'));
    expect(notified.map((n) => n.email).sort()).toEqual(['owner@demo.test', 'purchaser@demo.test']);

    const again = await post(url, admin, shipment);
    expect(again.statusCode).toBe(409);
  });

  it('sends no shipping mail to a buyer who switched it off; the notification stays', async () => {
    const preferences = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update-notification-preferences',
      payload: {
        new_order: true,
        new_invoice: true,
        order_is_shipped: false,
        replacement_sent: true,
        new_creditmemo: true,
        approval_requested: true,
        approval_approved: true,
        approval_declined: true,
        quote_answered: true,
      },
      headers: bearer(purchaser),
    });
    expect(preferences.statusCode).toBe(200);
    const order = await placeBankTransferOrder(t, purchaser, home, [[battery, 5]]);
    await markPaid(t, admin, order.id);
    const mailsBefore = (await t.mailsTo('purchaser@demo.test', 'order_shipped')).length;
    const shipped = await post(`/api/admin/orders/${order.id}/ship`, admin, {
      carrier: 'PostNL',
      tracking_numbers: ['3SABCD1234567'],
    });
    expect(shipped.statusCode).toBe(200);
    expect((await t.mailsTo('purchaser@demo.test', 'order_shipped')).length).toBe(mailsBefore);
    const notified = await t.db
      .select({ detail: notifications.detail })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(
        and(eq(notifications.type, 'order_is_shipped'), eq(users.email, 'purchaser@demo.test')),
      );
    expect(notified.map((n) => n.detail.order?.order_number)).toContain(order.orderNumber);
  });

  it('refuses to ship an unpaid order and completes a shipped one', async () => {
    const unpaid = await post(`/api/admin/orders/${placed[0]!.id}/ship`, admin, {
      carrier: 'DHL',
      tracking_numbers: ['X1'],
    });
    expect(unpaid.statusCode).toBe(409);
    const completed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${placed[1]!.id}/status`,
      payload: { status: 'completed' },
      headers: bearer(admin),
    });
    expect(completed.statusCode).toBe(200);
    const progress = (await get(`/api/orders/${placed[1]!.id}/progress`, owner)).json();
    expect(progress.progress_steps[5].reached_at).not.toBeNull();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed[1]!.id));
    expect(row?.status).toBe('completed');
  });
});

describe('kept list counts', () => {
  it('follow new orders, payments, invoices and notifications, per list and status', async () => {
    const [demo] = await t.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    const companyId = demo!.companyId!;
    const counted = async () => {
      const byStatus = await t.db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.companyId, companyId))
        .groupBy(orders.status);
      const [invoiceCount] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(eq(invoices.companyId, companyId));
      const [notificationCount] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(eq(notifications.userId, demo!.id));
      return { byStatus, invoices: invoiceCount!.n, notifications: notificationCount!.n };
    };
    const check = async () => {
      const expected = await counted();
      const all = expected.byStatus.reduce((sum, row) => sum + row.n, 0);
      expect((await get('/api/orders', owner)).json().total).toBe(all);
      for (const status of ORDER_STATUSES) {
        const n = expected.byStatus.find((row) => row.status === status)?.n ?? 0;
        expect((await get(`/api/orders?status=${status}`, owner)).json().total).toBe(n);
      }
      expect((await get('/api/invoices', owner)).json().total).toBe(expected.invoices);
      const bell = (await get('/api/users/notifications?limit=1', owner)).json();
      expect(bell.totalPage).toBe(expected.notifications);
      return { all, ...expected };
    };
    const before = await check();
    const extra = await placeBankTransferOrder(t, purchaser, home, [[battery, 5]]);
    const placedOne = await check();
    expect(placedOne.all).toBe(before.all + 1);
    expect(placedOne.notifications).toBe(before.notifications + 1);
    await markPaid(t, admin, extra.id);
    const paid = await check();
    expect(paid.invoices).toBe(before.invoices + 1);
    expect((await get('/api/orders', other)).json().total).toBe(0);
  });
});

describe('remembered page boundaries', () => {
  it('never answer a page from a stale boundary: new rows and status changes show at once', async () => {
    const ids = (items: { _id: string }[]) => items.map((item) => item._id);
    // Every page of 1 (each past the first read from a boundary) against the first page of 50.
    const walk = async (list: string, token: string) => {
      const all = (await get(`${list}limit=50`, token)).json();
      const items = all.items ?? all.notifications;
      for (let page = 1; page <= items.length + 1; page++) {
        const one = (await get(`${list}limit=1&page=${page}`, token)).json();
        expect(ids(one.items ?? one.notifications)).toEqual(ids(items.slice(page - 1, page)));
      }
      return ids(items);
    };
    const lists = [
      '/api/orders?',
      '/api/orders?status=pending&',
      '/api/invoices?',
      '/api/users/notifications?',
    ];
    for (let round = 0; round < 2; round++) {
      const before = await Promise.all(lists.map((list) => walk(list, owner)));
      // A new order (a new notification too), then paid: out of the pending list, a new invoice.
      const extra = await placeBankTransferOrder(t, purchaser, home, [[battery, 5]]);
      const placedOne = await Promise.all(lists.map((list) => walk(list, owner)));
      expect(placedOne[0]).toEqual([extra.id, ...before[0]!]);
      expect(placedOne[1]).toEqual([extra.id, ...before[1]!]);
      expect(placedOne[3]!.length).toBe(before[3]!.length + 1);
      await markPaid(t, admin, extra.id);
      const paid = await Promise.all(lists.map((list) => walk(list, owner)));
      expect(paid[1]).toEqual(before[1]);
      expect(paid[2]!.length).toBe(before[2]!.length + 1);
      // An older pending order paid: it leaves the pending list from the middle.
      const older = before[1]![1];
      if (round === 0 && older) {
        await markPaid(t, admin, older);
        expect(await walk(lists[1]!, owner)).toEqual(before[1]!.filter((id) => id !== older));
      }
    }
  });
});

describe('GET /api/orders/export.csv and .xlsx', () => {
  const csvRows = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));

  it("exports the history's filtered orders for owners and accountants, newest first", async () => {
    for (const token of [owner, accountant]) {
      const answer = await get('/api/orders/export.csv', token);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="orders-/);
      const [header, ...rows] = csvRows(answer.body);
      expect(header).toEqual([...ORDER_EXPORT_COLUMNS]);
      const listed = (await get('/api/orders?limit=50', owner)).json();
      expect(rows.map((row) => row[0])).toEqual(
        listed.items.map((order: { order_number: string }) => order.order_number),
      );
    }
    const processing = csvRows((await get('/api/orders/export.csv?status=processing', owner)).body);
    const listedProcessing = (await get('/api/orders?status=processing&limit=50', owner)).json();
    expect(processing.slice(1).map((row) => row[0])).toEqual(
      listedProcessing.items.map((order: { order_number: string }) => order.order_number),
    );
    const row = Object.fromEntries(ORDER_EXPORT_COLUMNS.map((key, i) => [key, processing[1]![i]]));
    const detail = (await get(`/api/orders/${listedProcessing.items[0]._id}`, owner)).json();
    expect(row).toMatchObject({
      status: 'processing',
      payment_method: 'banktransfer',
      placed_by: 'Peter Purchaser',
      total: detail.order_value.toFixed(2),
    });
    const one = csvRows(
      (await get(`/api/orders/export.csv?search=${placed[0]!.orderNumber}`, accountant)).body,
    );
    expect(one).toHaveLength(2);
    expect(csvRows((await get('/api/orders/export.csv?date_from=2999-01-01', owner)).body)).toEqual(
      [[...ORDER_EXPORT_COLUMNS]],
    );
    const theirs = csvRows((await get('/api/orders/export.csv', other)).body);
    const ours = new Set(placed.map((order) => order.orderNumber));
    expect(theirs.slice(1).some((r) => ours.has(r[0]!))).toBe(false);
  });

  it('streams the same rows as a spreadsheet', async () => {
    const answer = await get('/api/orders/export.xlsx?status=processing', accountant);
    expect(answer.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Orders')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...ORDER_EXPORT_COLUMNS]);
    const listed = (await get('/api/orders?status=processing&limit=50', owner)).json();
    expect(sheet.rowCount).toBe(listed.total + 1);
    expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(typeof sheet.getRow(2).getCell(9).value).toBe('number');
  });

  it('refuses purchasers and staff (403), no token (401) and bad filters (400 naming the field)', async () => {
    expect((await get('/api/orders/export.csv')).statusCode).toBe(401);
    expect((await get('/api/orders/export.xlsx', purchaser)).statusCode).toBe(403);
    expect((await get('/api/orders/export.csv', admin)).statusCode).toBe(403);
    const reversed = await get(
      '/api/orders/export.csv?date_from=2026-02-01&date_to=2026-01-01',
      owner,
      'it',
    );
    expect(reversed.statusCode).toBe(400);
    expect(fieldsOf(reversed)).toEqual(['date_to']);
    const bad = await get('/api/orders/export.csv?status=lost&page=2', owner);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('status');
  });
});
