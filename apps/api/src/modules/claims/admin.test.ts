import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  documentCounters,
  creditNotes,
  invoices,
  notifications,
  products,
  users,
} from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, stockProduct } from '../../test/checkout';
import { box, claimableOrder, type PlacedOrder } from '../../test/claims';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let battery: string;
let panel: string;
let order: PlacedOrder;
let invoiceId: string;

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
  const ids = [
    await stockProduct(t, 0, { priceCents: 10_000, quantity: 10_000 }),
    await stockProduct(t, 1, { priceCents: 2_000, quantity: 10_000 }),
  ];
  const rows = await t.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.id, ids));
  [battery, panel] = ids.map((id) => rows.find((row) => row.id === id)!.sku) as [string, string];
  const address = await addAddress(t, purchaser, 'delivery');
  order = await claimableOrder(t, { buyer: purchaser, admin }, address, [
    [ids[0]!, 50],
    [ids[1]!, 50],
  ]);
  const [invoice] = await t.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, order.id));
  invoiceId = invoice!.id;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? bearer(token) : {},
  });

interface ClaimBody {
  _id: string;
  claim_number: string;
  request_status: string;
  items: { _id: string; item_status: string; [key: string]: unknown }[];
}

async function fileClaim(items: { sku: string; quantity: number }[], kind = 'return') {
  const response = await call('POST', '/api/claims', purchaser, {
    kind,
    order_number: order.orderNumber,
    items: items.map((item) => ({ ...item, reason: 'product_defect', demand_action: 'refund' })),
    boxes: [box],
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<ClaimBody>();
}

const itemUrl = (claim: ClaimBody, index: number, action: string) =>
  `/api/admin/claims/${claim._id}/items/${claim.items[index]!._id}/${action}`;

describe('staff actions', () => {
  it('puts received goods back into stock when staff say they are sellable', async () => {
    const claim = await fileClaim([{ sku: panel, quantity: 1 }]);
    const stockOf = async () =>
      (await t.db.select({ q: products.quantity }).from(products).where(eq(products.sku, panel)))[0]
        ?.q ?? 0;
    const before = await stockOf();
    await call('POST', itemUrl(claim, 0, 'approve'), admin, { action: 'refund' });
    const bad = await call('POST', itemUrl(claim, 0, 'receive'), admin, { restock: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('restock');
    expect(await stockOf()).toBe(before);
    const received = await call('POST', itemUrl(claim, 0, 'receive'), admin, {
      quantity: 1,
      restock: true,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().items[0]).toMatchObject({ received_quantity: 1, restocked_quantity: 1 });
    expect(await stockOf()).toBe(before + 1);
    // Received once: asking again changes neither the item nor the stock.
    const again = await call('POST', itemUrl(claim, 0, 'receive'), admin, { restock: true });
    expect(again.statusCode).toBe(409);
    expect(await stockOf()).toBe(before + 1);
  });

  it('approve, receive, replace: draft → approved, pending → processing → completed, notified', async () => {
    const claim = await fileClaim([{ sku: battery, quantity: 2 }]);
    const approved = await call('POST', itemUrl(claim, 0, 'approve'), admin, {
      action: 'replacement',
      comment: 'OK',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      request_status: 'approved',
      items: [
        {
          item_status: 'processing',
          decision: 'approved',
          action: 'replacement',
          staff_comment: 'OK',
        },
      ],
    });
    const received = await call('POST', itemUrl(claim, 0, 'receive'), admin, { quantity: 2 });
    expect(received.json().items[0]).toMatchObject({
      received_quantity: 2,
      received_at: expect.any(String),
    });
    expect((await call('POST', itemUrl(claim, 0, 'receive'), admin, {})).statusCode).toBe(409);
    const tooMany = await call('POST', itemUrl(claim, 0, 'replacement'), admin, {
      tracking_number: 'TR1',
      quantity: 3,
    });
    expect(tooMany.statusCode).toBe(400);
    const replaced = await call('POST', itemUrl(claim, 0, 'replacement'), admin, {
      tracking_number: 'TR1',
      carrier: 'DHL',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().items[0]).toMatchObject({
      item_status: 'completed',
      replacement_quantity: 2,
      tracking_number: 'TR1',
      carrier: 'DHL',
      issue_date: expect.any(String),
    });
    const notified = await t.db
      .select({ email: users.email, detail: notifications.detail })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.type, 'replacement_sent'));
    expect(notified.map((n) => n.email).sort()).toEqual(['owner@demo.test', 'purchaser@demo.test']);
    expect(notified[0]?.detail.order?.order_number).toBe(order.orderNumber);
    expect(await t.mailsTo('purchaser@demo.test', 'notification_replacement_sent')).toHaveLength(1);
    // A completed item takes no other action.
    expect((await call('POST', itemUrl(claim, 0, 'refund'), admin, { amount: 1 })).statusCode).toBe(
      409,
    );
    expect((await call('POST', itemUrl(claim, 0, 'approve'), admin, {})).statusCode).toBe(409);
    // Each step is in the audit log, refused ones not.
    const log = await t.db
      .select({ action: auditLog.action, label: auditLog.entityLabel, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, claim._id))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(log.map((entry) => entry.action)).toEqual([
      'claim.item_approve',
      'claim.item_receive',
      'claim.item_replacement',
    ]);
    expect(log[2]).toMatchObject({
      label: `${claim.claim_number} · ${battery}`,
      after: { item_status: 'completed', carrier: 'DHL', tracking_number: 'TR1', quantity: 2 },
    });
  });

  it('refund: a credit note against the invoice, notified to owner and accountant, listed on the invoice', async () => {
    const claim = await fileClaim([
      { sku: battery, quantity: 1 },
      { sku: panel, quantity: 1 },
    ]);
    expect(
      (await call('POST', itemUrl(claim, 0, 'refund'), admin, { amount: 10 })).statusCode,
    ).toBe(409);
    await call('POST', itemUrl(claim, 0, 'approve'), admin, {});
    const tooMuch = await call('POST', itemUrl(claim, 0, 'refund'), admin, { amount: 121.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details[0]).toMatchObject({ field: 'amount' });
    const nothing = await call('POST', itemUrl(claim, 0, 'refund'), admin, { amount: 0 });
    expect(nothing.statusCode).toBe(400);
    const refunded = await call('POST', itemUrl(claim, 0, 'refund'), admin, {
      amount: 121,
      shipping_amount: 5,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const year = new Date().getUTCFullYear();
    const item = refunded.json().items[0];
    expect(item).toMatchObject({
      item_status: 'completed',
      action: 'refund',
      refunded_amount: 121,
      refunded_shipping_amount: 5,
      credit_note_number: `CN-${year}-000001`,
      credit_note: {
        credit_note_number: `CN-${year}-000001`,
        amount: 121,
        shipping_amount: 5,
        total: 126,
      },
    });
    const notified = await t.db
      .select({ email: users.email, detail: notifications.detail })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.type, 'new_creditmemo'));
    expect(notified.map((n) => n.email).sort()).toEqual([
      'accountant@demo.test',
      'owner@demo.test',
    ]);
    expect(notified[0]?.detail.invoice).toEqual({
      _id: invoiceId,
      invoice_number: `CN-${year}-000001`,
    });
    expect(await t.mailsTo('accountant@demo.test', 'notification_new_creditmemo')).toHaveLength(1);

    const invoice = await call('GET', `/api/invoices/${invoiceId}`, accountant);
    expect(invoice.json().credit_notes).toEqual([item.credit_note]);
    const pdf = await call(
      'GET',
      `/api/invoices/credit-notes/${item.credit_note._id}/pdf`,
      accountant,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await call('GET', `/api/invoices/credit-notes/${item.credit_note._id}/pdf`, other))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/invoices/credit-notes/${item.credit_note._id}/pdf`)).statusCode,
    ).toBe(401);

    // As a structured e-invoice: a UBL CreditNote (381) that names the invoice it corrects.
    const ubl = await call(
      'GET',
      `/api/invoices/credit-notes/${item.credit_note._id}/e-invoice/ubl`,
      accountant,
    );
    expect(ubl.statusCode).toBe(200);
    expect(ubl.headers['content-disposition']).toBe(
      `attachment; filename="credit-note-CN-${year}-000001.xml"`,
    );
    const invoiceNumber = invoice.json().invoice_number as string;
    expect(ubl.body).toMatch(/<CreditNote[\s>]/);
    expect(ubl.body).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(ubl.body).toMatch(
      new RegExp(
        `<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoiceNumber}</cbc:ID>`,
      ),
    );
    expect(ubl.body).toContain('<cbc:PayableAmount currencyID="EUR">126.00</cbc:PayableAmount>');
    expect(
      (
        await call(
          'GET',
          `/api/invoices/credit-notes/${item.credit_note._id}/e-invoice/facturx`,
          other,
        )
      ).statusCode,
    ).toBe(404);

    // Issued once: the database refuses any change.
    await expect(t.db.update(creditNotes).set({ totalCents: 1 })).rejects.toThrow();
  });

  it('numbers credit notes without gaps under concurrent refunds', async () => {
    const claim = await fileClaim(Array.from({ length: 1 }, () => ({ sku: panel, quantity: 1 })));
    const more = await Promise.all(
      Array.from({ length: 7 }, () => fileClaim([{ sku: panel, quantity: 1 }])),
    );
    const all = [claim, ...more];
    for (const c of all) await call('POST', itemUrl(c, 0, 'approve'), admin, {});
    const results = await Promise.all(
      all.map((c) => call('POST', itemUrl(c, 0, 'refund'), admin, { amount: 10 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(all.map(() => 200));
    const rows = await t.db
      .select({ sequence: creditNotes.sequence })
      .from(creditNotes)
      .orderBy(creditNotes.sequence);
    expect(rows.map((row) => row.sequence)).toEqual(
      Array.from({ length: rows.length }, (_, i) => i + 1),
    );
    const [counter] = await t.db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.series, 'credit_note'));
    expect(counter?.lastNumber).toBe(rows.length);
  }, 60_000);

  it('reject: pending → failed, and the quantity can be claimed again', async () => {
    const before = await call('GET', `/api/claims/order/${order.orderNumber}?kind=return`, owner);
    const left = before
      .json()
      .lines.find((line: { sku: string }) => line.sku === battery).quantity_claimable;
    const claim = await fileClaim([{ sku: battery, quantity: 3 }]);
    const rejected = await call('POST', itemUrl(claim, 0, 'reject'), admin, { comment: 'Used' });
    expect(rejected.json()).toMatchObject({
      request_status: 'draft',
      items: [{ item_status: 'failed', decision: 'rejected', staff_comment: 'Used' }],
    });
    const after = await call('GET', `/api/claims/order/${order.orderNumber}?kind=return`, owner);
    expect(
      after.json().lines.find((line: { sku: string }) => line.sku === battery).quantity_claimable,
    ).toBe(left);
    expect((await call('POST', itemUrl(claim, 0, 'receive'), admin, {})).statusCode).toBe(409);
  });

  it('close: draft or approved → closed; nothing more after; refused twice', async () => {
    const claim = await fileClaim([{ sku: panel, quantity: 1 }]);
    const closed = await call('POST', `/api/admin/claims/${claim._id}/close`, admin);
    expect(closed.json()).toMatchObject({
      request_status: 'closed',
      closed_at: expect.any(String),
    });
    const again = await call('POST', `/api/admin/claims/${claim._id}/close`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      type: 'CONFLICT',
      message: 'A claim cannot move from closed to closed',
    });
    const late = await call('POST', itemUrl(claim, 0, 'approve'), admin, {});
    expect(late.json()).toMatchObject({ type: 'CONFLICT', message: 'This claim is closed' });
  });

  it('approves and rejects without a body', async () => {
    const claim = await fileClaim([
      { sku: panel, quantity: 1 },
      { sku: battery, quantity: 1 },
    ]);
    const approved = await t.app.inject({
      method: 'POST',
      url: itemUrl(claim, 0, 'approve'),
      headers: bearer(admin),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().items[0]).toMatchObject({ item_status: 'processing', action: 'refund' });
    const rejected = await t.app.inject({
      method: 'POST',
      url: itemUrl(claim, 1, 'reject'),
      headers: bearer(admin),
    });
    expect(rejected.json().items[1]).toMatchObject({ item_status: 'failed' });
  });

  it('takes the return window from the claim_settings staff edit', async () => {
    const setting = await call('GET', '/api/settings/code/claim_settings', owner);
    expect(setting.json()).toMatchObject({
      code: 'claim_settings',
      value: { return_window_days: 30 },
    });
    const lookup = () => call('GET', `/api/claims/order/${order.orderNumber}?kind=return`, owner);
    expect((await lookup()).json().lines[0].eligibility).not.toBe('expired_return');
    const put = (days: number, token = admin) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/code/claim_settings',
        payload: { value: { return_window_days: days } },
        headers: bearer(token),
      });
    expect((await put(0)).statusCode).toBe(400);
    expect((await put(5, owner)).statusCode).toBe(403);
    expect((await put(0.5)).statusCode).toBe(400);
    // The order was delivered a day ago: a 1-day window still holds, then none is left.
    expect((await put(1)).statusCode).toBe(200);
    const lines = (await lookup()).json().lines;
    expect(lines.every((line: { return_until: string }) => line.return_until)).toBe(true);
    await t.db.execute(
      sql`update order_events set created_at = now() - interval '3 days' where order_id = ${order.id} and status = 'completed'`,
    );
    expect((await lookup()).json().lines[0].eligibility).toBe('expired_return');
    expect((await put(30)).statusCode).toBe(200);
    expect((await lookup()).json().lines[0].eligibility).not.toBe('expired_return');
  });

  it('is for staff only; unknown ids are 404; bad bodies 400', async () => {
    const claim = await fileClaim([{ sku: panel, quantity: 1 }]);
    for (const token of [owner, purchaser, accountant]) {
      expect((await call('POST', itemUrl(claim, 0, 'approve'), token, {})).statusCode).toBe(403);
      expect((await call('POST', `/api/admin/claims/${claim._id}/close`, token)).statusCode).toBe(
        403,
      );
      expect((await call('GET', '/api/admin/claims', token)).statusCode).toBe(403);
    }
    expect((await call('POST', itemUrl(claim, 0, 'approve'))).statusCode).toBe(401);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/admin/claims/${missing}/close`, admin)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/admin/claims/${claim._id}/items/${missing}/approve`, admin, {}))
        .statusCode,
    ).toBe(404);
    const bad = await call('POST', itemUrl(claim, 0, 'replacement'), admin, {
      tracking_number: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(['tracking_number']);
    const list = await call('GET', '/api/admin/claims?kind=return&status=draft', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((c: { _id: string }) => c._id)).toContain(claim._id);
    expect((await call('GET', `/api/admin/claims/${claim._id}`, admin)).json()).toMatchObject({
      company: { name: 'Demo Energy BV' },
    });
  });
});
