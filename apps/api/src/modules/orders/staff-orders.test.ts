import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  STAFF_ORDER_EXPORT_COLUMNS,
  type AuditLog,
  type StaffOrder,
  type StaffOrderList,
} from '@portal/contract';
import { auditLog, orderShipments, orders, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, deliveryAddress, stockProduct } from '../../test/checkout';
import { markPaid, placeBankTransferOrder } from '../../test/orders';
import { exportStaffOrders } from './staff-orders';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let operator: string;
let ours: { id: string; orderNumber: string };
let ourBelgian: { id: string; orderNumber: string };
let theirs: { id: string; orderNumber: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, purchaser, accountant, other, admin, operator } = await t.signInEach());
  const battery = await stockProduct(t, 0, { priceCents: 12_345, quantity: 50 });
  const charger = await stockProduct(t, 1, { priceCents: 1_999, quantity: 200 });
  const home = await addAddress(t, purchaser, 'delivery');
  const antwerp = await addAddress(
    t,
    purchaser,
    'delivery',
    deliveryAddress({ city: 'Antwerpen', zip_code: '2000', country: 'BE' }),
  );
  const theirHome = await addAddress(t, other, 'delivery');
  ours = await placeBankTransferOrder(t, purchaser, home, [[battery, 5]]);
  ourBelgian = await placeBankTransferOrder(t, purchaser, antwerp, [[charger, 80]]);
  theirs = await placeBankTransferOrder(t, other, theirHome, [
    [battery, 2],
    [charger, 3],
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

async function list(query: string, token = admin): Promise<StaffOrderList> {
  const response = await get(`/api/admin/orders${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffOrderList>();
}
const numbers = (page: StaffOrderList) => page.items.map((row) => row.order_number);

describe('the staff order list', () => {
  it("lists every company's orders, newest first, with company, buyer and tab counts", async () => {
    const page = await list('');
    expect(numbers(page)).toEqual([theirs.orderNumber, ourBelgian.orderNumber, ours.orderNumber]);
    expect(page.total).toBe(3);
    expect(page.counts).toEqual({
      all: 3,
      awaiting_payment: 3,
      to_ship: 0,
      shipped: 0,
      completed: 0,
      canceled: 0,
    });
    expect(page.items[0]).toMatchObject({
      status: 'pending',
      tab: 'awaiting_payment',
      payment_method: 'banktransfer',
      payment_status: 'open',
      country: 'NL',
      company: { name: 'Other Power GmbH' },
      buyer: { email: 'owner@other.test' },
    });
  });

  it('counts the tabs again in the background once 2 s old, answering the last counts meanwhile', async () => {
    const awaiting = async () =>
      (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'pending')))
        .length;
    const setStatus = (status: string) =>
      t.db.update(orders).set({ status }).where(eq(orders.id, theirs.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3_000);
      await list('');
      await vi.waitFor(async () =>
        expect((await list('')).counts.awaiting_payment).toBe(await awaiting()),
      );
      // Not a staff action of this process (nothing forgets the counts): a customer's doing.
      await setStatus('canceled');
      const now = await awaiting();
      // Within 2 s the kept counts answer; past them, the last counts answer at once while the
      // new count runs, and the next requests get it.
      expect((await list('')).counts.awaiting_payment).toBe(now + 1);
      vi.setSystemTime(Date.now() + 3_000);
      expect((await list('')).counts.awaiting_payment).toBe(now + 1);
      await vi.waitFor(async () => expect((await list('')).counts.awaiting_payment).toBe(now));
    } finally {
      await setStatus('pending');
      // The next tests read counts that are right again.
      vi.setSystemTime(Date.now() + 3_000);
      await vi.waitFor(async () =>
        expect((await list('')).counts.awaiting_payment).toBe(await awaiting()),
      );
      vi.useRealTimers();
    }
  });

  it('finds an order by the start of its number, a company by name, a buyer by e-mail', async () => {
    expect(numbers(await list(`?q=${ours.orderNumber}`))).toEqual([ours.orderNumber]);
    expect(numbers(await list(`?q=${ours.orderNumber.slice(0, 4)}`))).toHaveLength(3);
    expect(numbers(await list('?q=other%20power'))).toEqual([theirs.orderNumber]);
    expect(numbers(await list('?q=PURCHASER@demo'))).toEqual([
      ourBelgian.orderNumber,
      ours.orderNumber,
    ]);
    expect((await list('?q=%25')).total).toBe(0);
  });

  it('filters by country, payment and dates, and sorts by total', async () => {
    expect(numbers(await list('?country=BE'))).toEqual([ourBelgian.orderNumber]);
    expect((await list('?payment_method=creditcard')).total).toBe(0);
    expect((await list('?payment_status=open')).total).toBe(3);
    expect((await list('?date_from=2000-01-01&date_to=2000-01-31')).total).toBe(0);
    const byTotal = await list('?sort=total_asc');
    const totals = byTotal.items.map((row) => row.order_value);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const paged = await list('?limit=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2, totalPage: 2 });
    expect(paged.items).toHaveLength(1);
    // A tab alone, with a number's start or with the name of a few companies is read by its
    // prepared statement, a filtered list by the query built for it: the same rows, pages, order
    // and total, past the last page too (no row there to carry the narrowed count).
    for (const sort of ['date_desc', 'date_asc', 'total_desc', 'total_asc'] as const) {
      for (const page of [1, 2, 3]) {
        const prefix = ours.orderNumber.slice(0, 4);
        for (const tab of [
          `?tab=awaiting_payment&sort=${sort}&limit=2&page=${page}`,
          `?tab=all&q=${prefix}&sort=${sort}&limit=2&page=${page}`,
          `?tab=awaiting_payment&q=${prefix}&sort=${sort}&limit=2&page=${page}`,
          `?tab=all&q=demo&sort=${sort}&limit=2&page=${page}`,
          `?tab=awaiting_payment&q=energy&sort=${sort}&limit=1&page=${page}`,
        ]) {
          const prepared = await list(tab);
          const built = await list(`${tab}&payment_method=banktransfer`);
          expect(prepared.items, tab).toEqual(built.items);
          expect(prepared.total, tab).toBe(built.total);
        }
      }
    }
    // A company's name: its total from the kept per-company counts, the same as counted.
    for (const tab of ['all', 'awaiting_payment', 'to_ship', 'completed', 'canceled']) {
      for (const q of ['demo', 'power', 'nothing-like-it']) {
        const url = `?tab=${tab}&q=${q}`;
        expect((await list(url)).total, url).toBe(
          (await list(`${url}&payment_method=banktransfer`)).total,
        );
      }
    }
    expect((await list('?q=demo')).total).toBe(2);
  });

  it('refuses bad filters naming the field, in the language asked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders?tab=lost&date_from=2026-02-01&date_to=2026-01-01',
      headers: { ...bearer(admin), 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ details: { field: string }[] }>().details.map((d) => d.field);
    expect(fields).toContain('tab');
    expect((await get('/api/admin/orders?sort=price', admin)).statusCode).toBe(400);
    expect((await get('/api/admin/orders?limit=1000', admin)).statusCode).toBe(400);
  });
});

describe('the staff order export', () => {
  const csvRows = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));

  it('streams every order of the filters as CSV, for staff only', async () => {
    const response = await get('/api/admin/orders/export.csv?q=purchaser@demo.test', operator);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="orders-/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([...STAFF_ORDER_EXPORT_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual([ourBelgian.orderNumber, ours.orderNumber]);
    expect(rows[0]).toContain('BE');
    expect(rows[0]).toContain('Demo Energy BV');
    expect((await get('/api/admin/orders/export.csv', owner)).statusCode).toBe(403);
    expect((await get('/api/admin/orders/export.csv')).statusCode).toBe(401);
    const bad = await get('/api/admin/orders/export.csv?page=2', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('streams the same orders as an XLSX spreadsheet, amounts as numbers', async () => {
    const response = await get('/api/admin/orders/export.xlsx?q=purchaser@demo.test', operator);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/filename="orders-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders');
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual([...STAFF_ORDER_EXPORT_COLUMNS]);
    expect(rows.slice(1).map((row) => row[1])).toEqual([ourBelgian.orderNumber, ours.orderNumber]);
    const total = STAFF_ORDER_EXPORT_COLUMNS.indexOf('total') + 1;
    const date = STAFF_ORDER_EXPORT_COLUMNS.indexOf('date') + 1;
    expect(typeof rows[1]?.[total]).toBe('number');
    expect(rows[1]?.[date]).toBeInstanceOf(Date);
    expect((await get('/api/admin/orders/export.xlsx', purchaser)).statusCode).toBe(403);
    expect((await get('/api/admin/orders/export.xlsx')).statusCode).toBe(401);
    const bad = await get('/api/admin/orders/export.xlsx?date_from=yesterday', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('date_from');
  });

  it('pages by the sort key and the id, so equal dates or totals lose no order', async () => {
    // Two orders placed in the same microsecond, and with the same total.
    await t.db.execute(
      sql`update orders set created_at = '2026-01-01T10:00:00.123456Z' where id in (${ours.id}, ${ourBelgian.id})`,
    );
    const everyOrder = async (sort: 'date_desc' | 'date_asc' | 'total_desc' | 'total_asc') => {
      let text = '';
      for await (const chunk of exportStaffOrders(t.db, { tab: 'all', sort }, 1)) text += chunk;
      return csvRows(text)
        .slice(1)
        .map((row) => row[0]);
    };
    for (const sort of ['date_desc', 'date_asc', 'total_desc', 'total_asc'] as const) {
      const numbers = await everyOrder(sort);
      expect(numbers.slice().sort(), sort).toEqual(
        [ours.orderNumber, ourBelgian.orderNumber, theirs.orderNumber].sort(),
      );
      const listed = (await list(`?sort=${sort}`)).items.map((row) => row.order_number);
      expect(numbers, sort).toEqual(listed);
    }
  });
});

describe('the staff order detail and its actions', () => {
  it('shows the order with company, buyer, payment and what may be done next', async () => {
    const response = await get(`/api/admin/orders/${ours.id}`, operator);
    expect(response.statusCode).toBe(200);
    const order = response.json<StaffOrder>();
    expect(order).toMatchObject({
      order_number: ours.orderNumber,
      company: { name: 'Demo Energy BV', country: 'NL' },
      buyer: { email: 'purchaser@demo.test' },
      payments: [{ provider: 'bank_transfer', status: 'open' }],
      documents: [],
      notes: [],
      actions: { mark_paid: true, ship: false, complete: false, cancel: true },
    });
    expect(JSON.stringify(order)).not.toMatch(/password|hash|session/i);
  });

  it('answers 404 for an unknown order and 400 naming the id for a malformed one', async () => {
    expect((await get(`/api/admin/orders/${randomUUID()}`, admin)).statusCode).toBe(404);
    const bad = await get('/api/admin/orders/1000000004', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('id');
  });

  it('marks a bank transfer paid once, issues the invoice and records who did it', async () => {
    const [first, second] = await Promise.all([
      post(`/api/admin/orders/${ours.id}/mark-paid`, {}, operator),
      post(`/api/admin/orders/${ours.id}/mark-paid`, {}, admin),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const order = (await get(`/api/admin/orders/${ours.id}`, admin)).json<StaffOrder>();
    expect(order.status).toBe('processing');
    expect(order.documents).toMatchObject([{ kind: 'invoice' }]);
    expect(order.actions).toEqual({
      mark_paid: false,
      ship: true,
      complete: true,
      cancel: true,
      resend_invoice: true,
    });
    const page = await list('?tab=to_ship');
    expect(numbers(page)).toEqual([ours.orderNumber]);
    expect(page.counts).toMatchObject({ awaiting_payment: 2, to_ship: 1 });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ours.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'order.mark_paid',
      entityType: 'order',
      entityLabel: ours.orderNumber,
      before: { status: 'pending' },
      after: { status: 'processing' },
    });
  });

  it('ships a paid order once and moves it to the shipped tab', async () => {
    const shipment = { carrier: 'DHL', tracking_numbers: ['JD0001'] };
    const [first, second] = await Promise.all([
      post(`/api/admin/orders/${ours.id}/ship`, shipment, admin),
      post(`/api/admin/orders/${ours.id}/ship`, shipment, operator),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const page = await list('?tab=shipped');
    expect(numbers(page)).toEqual([ours.orderNumber]);
    expect(page.counts).toMatchObject({ to_ship: 0, shipped: 1 });
    const order = (await get(`/api/admin/orders/${ours.id}`, admin)).json<StaffOrder>();
    expect(order).toMatchObject({ carrier: 'DHL', tracking_number: 'JD0001' });
    expect(order.shipped_at).not.toBeNull();
  });

  it('keeps internal notes from the customer', async () => {
    const response = await post(
      `/api/admin/orders/${ours.id}/notes`,
      { note: 'Customer called: deliver after 10:00' },
      operator,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<StaffOrder>().notes).toMatchObject([
      { note: 'Customer called: deliver after 10:00', by: { full_name: 'Olivia Operator' } },
    ]);
    const customerView = await get(`/api/orders/${ours.id}`, owner);
    expect(customerView.statusCode).toBe(200);
    expect(customerView.body).not.toContain('deliver after 10:00');
    const empty = await post(`/api/admin/orders/${ours.id}/notes`, { note: '  ' }, admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('note');
    const unknown = await post(`/api/admin/orders/${randomUUID()}/notes`, { note: 'x' }, admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('cancels a pending order with a record of before and after', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${theirs.id}/status`,
      payload: { status: 'canceled', note: 'customer asked' },
      headers: bearer(operator),
    });
    expect(response.statusCode).toBe(200);
    expect((await list('?tab=canceled')).items.map((row) => row._id)).toEqual([theirs.id]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, theirs.id));
    expect(entry).toMatchObject({
      action: 'order.cancel',
      before: { status: 'pending' },
      after: { status: 'canceled', note: 'customer asked' },
    });
  });
});

describe('the audit log', () => {
  it('lists what staff did, newest first, filtered by staff member, entity and days', async () => {
    const response = await get('/api/admin/audit-log', admin);
    expect(response.statusCode).toBe(200);
    const log = response.json<AuditLog>();
    expect(log.items.map((entry) => entry.action)).toEqual([
      'order.cancel',
      'order.note',
      'order.ship',
      'order.mark_paid',
    ]);
    expect(log.items[0]?.staff).toMatchObject({ email: 'operator@demo.test' });
    const [operatorUser] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'operator@demo.test'));
    const byOperator = (
      await get(`/api/admin/audit-log?staff_user_id=${operatorUser!.id}`, admin)
    ).json<AuditLog>();
    expect(byOperator.items.every((entry) => entry.staff.email === 'operator@demo.test')).toBe(
      true,
    );
    const companies = (
      await get('/api/admin/audit-log?entity_type=company', admin)
    ).json<AuditLog>();
    expect(companies.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await get(`/api/admin/audit-log?date_from=${today}&date_to=${today}`, admin)
      ).json<AuditLog>().total,
    ).toBe(4);
    const bad = await get('/api/admin/audit-log?entity_type=invoice', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('entity_type');
  });

  it('records approving a registration and verifying a VAT number', async () => {
    const [pending] = await t.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, 'pending@demo.test'));
    const companyId = pending!.companyId!;
    expect(
      (await post(`/api/admin/registrations/${companyId}/approve`, {}, operator)).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/admin/companies/${companyId}/vat-verification`, { verified: true }, admin))
        .statusCode,
    ).toBe(200);
    const log = (await get('/api/admin/audit-log?entity_type=company', admin)).json<AuditLog>();
    expect(log.items).toMatchObject([
      { action: 'company.vat_verification', entity_label: 'Pending Solar BV' },
      {
        action: 'company.approve',
        before: { status: 'pending' },
        after: { status: 'active' },
        staff: { email: 'operator@demo.test' },
      },
    ]);
  });

  it('is never changed or deleted, not even by the database owner', async () => {
    /** What the database said when refusing (drizzle wraps its error in `cause`). */
    const refusal = (attempt: PromiseLike<unknown>) =>
      Promise.resolve(attempt).then(
        () => 'done',
        (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
      );
    expect(await refusal(t.db.update(auditLog).set({ action: 'order.ship' }))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.db.delete(auditLog))).toMatch(/append-only/);
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(row?.n).toBe(6);
  });
});

describe('the confirmation mail sent again', () => {
  it('mails the buyer the order confirmation again, for staff only, in the audit log', async () => {
    const before = await t.mailsTo('purchaser@demo.test', 'order_placed_bank_transfer');
    const response = await post(
      `/api/admin/orders/${ourBelgian.id}/resend-confirmation`,
      {},
      operator,
    );
    expect(response.statusCode).toBe(200);
    const after = await t.mailsTo('purchaser@demo.test', 'order_placed_bank_transfer');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.text).toContain(ourBelgian.orderNumber);
    expect(
      (await post(`/api/admin/orders/${ourBelgian.id}/resend-confirmation`, {}, owner)).statusCode,
    ).toBe(403);
    expect(
      (await post(`/api/admin/orders/${randomUUID()}/resend-confirmation`, {}, admin)).statusCode,
    ).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.resend_confirmation'));
    expect(entry).toMatchObject({
      entityLabel: ourBelgian.orderNumber,
      after: { to: 'purchaser@demo.test' },
    });
  });
});

describe('shipping in several parcels', () => {
  it('ships some lines now and the rest later; the order is shipped when all have left', async () => {
    const theirHome = await addAddress(t, other, 'delivery');
    const battery = await stockProduct(t, 2, { priceCents: 5_000, quantity: 40 });
    const charger = await stockProduct(t, 3, { priceCents: 900, quantity: 40 });
    const order = await placeBankTransferOrder(t, other, theirHome, [
      [battery, 4],
      [charger, 6],
    ]);
    await markPaid(t, admin, order.id);
    const url = `/api/admin/orders/${order.id}/ship`;
    const detail = (await get(`/api/admin/orders/${order.id}`, admin)).json<StaffOrder>();
    const [batteryLine, chargerLine] = detail.lines;

    const tooMany = await post(
      url,
      {
        carrier: 'DHL',
        tracking_numbers: ['A1'],
        lines: [
          { line_id: batteryLine!._id, quantity: 5 },
          { line_id: randomUUID(), quantity: 1 },
        ],
      },
      admin,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([
      { field: 'lines.0.quantity', message: expect.stringContaining('4') },
      { field: 'lines.1.line_id', message: expect.any(String) },
    ]);
    const repeated = await post(url, { carrier: 'DHL', tracking_numbers: ['A1', 'A1'] }, operator);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().details[0].field).toBe('tracking_numbers');
    expect(
      await t.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)),
    ).toHaveLength(0);

    const first = await post(
      url,
      {
        carrier: 'DHL',
        tracking_numbers: ['JD01', 'JD02'],
        lines: [
          { line_id: batteryLine!._id, quantity: 4 },
          { line_id: chargerLine!._id, quantity: 2 },
        ],
      },
      operator,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      progress: 'shipping_on_the_way',
      tracking_number: 'JD01',
      lines: [{ shipped_quantity: 4 }, { shipped_quantity: 2 }],
    });
    const partly = (await get(`/api/admin/orders/${order.id}`, admin)).json<StaffOrder>();
    expect(partly.shipped_at).toBeNull();
    expect(partly.actions.ship).toBe(true);
    expect((await list(`?tab=to_ship&q=${order.orderNumber}`)).total).toBe(1);

    const rest = await post(url, { carrier: 'PostNL', tracking_numbers: ['3S01'] }, admin);
    expect(rest.statusCode).toBe(200);
    const shipped = (await get(`/api/admin/orders/${order.id}`, admin)).json<StaffOrder>();
    expect(shipped.shipped_at).not.toBeNull();
    expect(shipped.actions.ship).toBe(false);
    expect(shipped.shipments).toMatchObject([
      {
        carrier: 'DHL',
        tracking_numbers: ['JD01', 'JD02'],
        lines: [{ quantity: 4 }, { quantity: 2 }],
      },
      {
        carrier: 'PostNL',
        tracking_numbers: ['3S01'],
        lines: [{ sku: chargerLine!.sku, quantity: 4 }],
      },
    ]);
    expect((await post(url, { carrier: 'DHL', tracking_numbers: ['X'] }, admin)).statusCode).toBe(
      409,
    );

    // The customer sees both parcels; no other company sees the order.
    const customer = await get(`/api/orders/${order.id}`, other);
    expect(customer.json().shipments).toHaveLength(2);
    expect((await get(`/api/orders/${order.id}`, owner)).statusCode).toBe(404);
    expect(await t.mailsTo('owner@other.test', 'order_shipped')).toHaveLength(2);
  });

  it('lets only one of two staff members ship the same lines at once', async () => {
    const theirHome = await addAddress(t, other, 'delivery');
    const battery = await stockProduct(t, 4, { priceCents: 5_000, quantity: 40 });
    const order = await placeBankTransferOrder(t, other, theirHome, [[battery, 6]]);
    await markPaid(t, admin, order.id);
    const detail = (await get(`/api/admin/orders/${order.id}`, admin)).json<StaffOrder>();
    const parcel = (who: string) => ({
      carrier: 'DHL',
      tracking_numbers: [who],
      lines: [{ line_id: detail.lines[0]!._id, quantity: 4 }],
    });
    const answers = await Promise.all([
      post(`/api/admin/orders/${order.id}/ship`, parcel('admin'), admin),
      post(`/api/admin/orders/${order.id}/ship`, parcel('operator'), operator),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const after = (await get(`/api/admin/orders/${order.id}`, admin)).json<StaffOrder>();
    expect(after.lines[0]!.shipped_quantity).toBe(4);
  });
});

describe('the invoice mail sent again', () => {
  it('mails the buyer where the invoice is, for staff only, once the order has one', async () => {
    const unpaid = await post(`/api/admin/orders/${theirs.id}/resend-invoice`, {}, operator);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('This order has no invoice to credit');
    const url = `/api/admin/orders/${ours.id}/resend-invoice`;
    for (const token of [owner, purchaser, accountant, other]) {
      expect((await post(url, {}, token)).statusCode).toBe(403);
    }
    expect(
      (await post(`/api/admin/orders/${randomUUID()}/resend-invoice`, {}, admin)).statusCode,
    ).toBe(404);
    const sent = await post(url, {}, operator);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('The invoice mail was sent again');
    const [mail] = await t.mailsTo('purchaser@demo.test', 'invoice_available');
    expect(mail?.subject).toContain(ours.orderNumber);
    expect(mail?.text).toMatch(/\/invoices\/invoice-details\/[0-9a-f-]{36}/);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.resend_invoice'));
    expect(entry).toMatchObject({ entityLabel: ours.orderNumber });
  });
});

describe('who may use the staff routes', () => {
  /** Every back-office route of the OpenAPI document, with ids that exist nowhere. */
  function staffRoutes(): { method: string; url: string }[] {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, randomUUID()),
        })),
      );
  }
  /** Routes only admins may use (and those under them): operators get 403. */
  const ADMIN_ONLY = [
    '/api/admin/audit-log',
    '/api/admin/staff',
    '/api/admin/products',
    '/api/admin/categories',
    '/api/admin/banner-pictures',
    '/api/admin/price-lists',
  ];
  /** A company's price list is given by admins, though operators keep the company otherwise. */
  const adminOnly = (url: string) =>
    ADMIN_ONLY.some((prefix) => url.startsWith(prefix)) || url.endsWith('/price-list');

  it('finds the staff routes in the OpenAPI document', () => {
    const urls = staffRoutes().map((route) => route.url);
    expect(urls).toContain('/api/admin/orders');
    expect(urls).toContain('/api/admin/audit-log');
    expect(urls.length).toBeGreaterThan(15);
  });

  it('refuses anonymous callers (401) and every customer role (403)', async () => {
    for (const route of staffRoutes()) {
      const anonymous = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const token of [owner, purchaser, accountant, other]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: bearer(token),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
  });

  it('lets operators use every staff route but the admin-only ones', async () => {
    for (const route of staffRoutes()) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: bearer(operator),
      });
      if (adminOnly(route.url))
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      else expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
    expect((await get('/api/admin/staff', admin)).json().items).toEqual([
      expect.objectContaining({ email: 'operator@demo.test', role: 'operator' }),
      expect.objectContaining({ email: 'admin@demo.test', role: 'admin' }),
    ]);
  });
});
