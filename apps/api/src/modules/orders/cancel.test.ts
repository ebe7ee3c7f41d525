import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder } from '@portal/contract';
import {
  auditLog,
  creditNotes,
  notifications,
  orders,
  payments,
  products,
  simulatedPayments,
} from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, putInCart, stockProduct } from '../../test/checkout';
import { markPaid, placeBankTransferOrder } from '../../test/orders';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let operator: string;
let battery: string;
let home: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, purchaser, accountant, other, admin, operator } = await t.signInEach());
  battery = await stockProduct(t, 0, { priceCents: 10_000, quantity: 100 });
  home = await addAddress(t, purchaser, 'delivery');
});
afterAll(async () => {
  await t.close();
});

const cancel = (orderId: string, token?: string, payload: object = { status: 'canceled' }) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/status`,
    payload,
    headers: token ? bearer(token) : {},
  });
const stock = async () =>
  (await t.db.select({ q: products.quantity }).from(products).where(eq(products.id, battery)))[0]
    ?.q;
const creditNotesOf = (orderId: string) =>
  t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));

/** A paid online order: placed with iDEAL, paid on the simulated provider's page. */
async function paidOnlineOrder(quantity: number) {
  await putInCart(t, purchaser, battery, quantity);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { delivery_address_id: home, payment_method: 'ideal' },
    headers: bearer(purchaser),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, redirect_url } = placed.json<{
    order: { _id: string; order_number: string; order_value: number };
    redirect_url: string;
  }>();
  const providerId = redirect_url.split('/').at(-1) as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/simulated/${providerId}`,
    payload: 'outcome=paid',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBeLessThan(400);
  const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
  expect(row?.status).toBe('processing');
  return { id: order._id, orderNumber: order.order_number, providerId };
}

describe('staff cancel a paid bank-transfer order', () => {
  it('puts the stock back, credits the invoice in full and tells the buyer', async () => {
    const before = await stock();
    const order = await placeBankTransferOrder(t, purchaser, home, [[battery, 5]]);
    await markPaid(t, admin, order.id);
    const detail = (
      await t.app.inject({ url: `/api/admin/orders/${order.id}`, headers: bearer(operator) })
    ).json<StaffOrder>();
    expect(detail.actions.cancel).toBe(true);

    // Customers, other companies and anonymous callers cannot.
    expect((await cancel(order.id)).statusCode).toBe(401);
    for (const token of [owner, purchaser, accountant, other]) {
      expect((await cancel(order.id, token)).statusCode).toBe(403);
    }
    const bad = await cancel(order.id, operator, { status: 'refunded' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');

    const [first, second] = await Promise.all([
      cancel(order.id, operator, { status: 'canceled', note: 'Customer asked by phone' }),
      cancel(order.id, admin),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await stock()).toBe(before);

    const [note, ...more] = await creditNotesOf(order.id);
    expect(more).toHaveLength(0);
    expect(note).toMatchObject({ claimId: null, claimItemId: null });
    const [invoiceRow] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(note?.totalCents).toBe(invoiceRow?.totalCents);

    const staffView = (
      await t.app.inject({ url: `/api/admin/orders/${order.id}`, headers: bearer(admin) })
    ).json<StaffOrder>();
    expect(staffView.status).toBe('canceled');
    expect(staffView.actions.cancel).toBe(false);
    expect(staffView.documents.map((document) => document.kind)).toEqual([
      'invoice',
      'credit_note',
    ]);

    // Staff open both documents as PDF; customers use their own routes, other ids are 404.
    for (const document of staffView.documents) {
      const kind = document.kind === 'invoice' ? 'invoices' : 'credit-notes';
      const pdf = await t.app.inject({
        url: `/api/admin/${kind}/${document._id}/pdf`,
        headers: bearer(operator),
      });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const refused = await t.app.inject({
        url: `/api/admin/${kind}/${document._id}/pdf`,
        headers: bearer(owner),
      });
      expect(refused.statusCode).toBe(403);
      const unknown = await t.app.inject({
        url: `/api/admin/${kind}/${order.id}/pdf`,
        headers: bearer(operator),
      });
      expect(unknown.statusCode).toBe(404);
    }
    const customerNote = await t.app.inject({
      url: `/api/invoices/credit-notes/${note!.id}/pdf`,
      headers: bearer(owner),
    });
    expect(customerNote.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/api/invoices/credit-notes/${note!.id}/pdf`,
          headers: bearer(other),
        })
      ).statusCode,
    ).toBe(404);

    const [mail] = await t.mailsTo('purchaser@demo.test', 'order_canceled_credit_note');
    expect(mail?.text).toContain(order.orderNumber);
    expect(mail?.text).toContain(note!.creditNoteNumber);
    const notified = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'new_creditmemo'));
    expect(notified.map((row) => row.detail.order?.order_number)).toContain(order.orderNumber);
    // One cancel in the audit log: the operator's (with the note) or the admin's, whichever won.
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    const canceled = audits.filter((entry) => entry.action === 'order.cancel');
    expect(canceled).toHaveLength(1);
    expect(canceled[0]).toMatchObject({
      entityLabel: order.orderNumber,
      before: { status: 'processing' },
      after: {
        status: 'canceled',
        credit_note: note!.creditNoteNumber,
        refunded: 'bank_transfer',
        ...(first.statusCode === 200 ? { note: 'Customer asked by phone' } : {}),
      },
    });
  });

  it('refuses once a parcel has left, and leaves the order as it was', async () => {
    const order = await placeBankTransferOrder(t, purchaser, home, [[battery, 6]]);
    await markPaid(t, admin, order.id);
    const detail = (
      await t.app.inject({ url: `/api/admin/orders/${order.id}`, headers: bearer(admin) })
    ).json<StaffOrder>();
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/ship`,
      payload: {
        carrier: 'DHL',
        tracking_numbers: ['P1'],
        lines: [{ line_id: detail.lines[0]!._id, quantity: 2 }],
      },
      headers: bearer(admin),
    });
    expect(shipped.statusCode).toBe(200);
    const stockBefore = await stock();
    const refused = await cancel(order.id, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already left/);
    expect(await stock()).toBe(stockBefore);
    expect(await creditNotesOf(order.id)).toHaveLength(0);
  });
});

describe('staff cancel a paid online order', () => {
  it('refunds it through the provider once, with a credit note', async () => {
    const before = await stock();
    const order = await paidOnlineOrder(5);
    const response = await cancel(order.id, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payments).toMatchObject([{ status: 'refunded' }]);
    expect(await stock()).toBe(before);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const [note] = await creditNotesOf(order.id);
    expect(payment).toMatchObject({
      status: 'refunded',
      refundedCents: note!.totalCents,
      providerRefundId: `${order.providerId}-refund`,
    });
    const [simulated] = await t.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.id, order.providerId));
    expect(simulated?.refundedCents).toBe(note!.totalCents);
    const [mail] = await t.mailsTo('purchaser@demo.test', 'order_canceled_refunded');
    expect(mail?.text).toContain(order.orderNumber);
    expect((await cancel(order.id, admin)).statusCode).toBe(409);
  });

  it('changes nothing when the provider does not refund (503), and works when asked again', async () => {
    const order = await paidOnlineOrder(7);
    const stockBefore = await stock();
    // The provider refuses: this payment was refunded there under another key.
    await t.db
      .update(simulatedPayments)
      .set({ refundKey: 'someone-else' })
      .where(eq(simulatedPayments.id, order.providerId));
    const failed = await cancel(order.id, admin);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toMatch(/nothing was changed/);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('processing');
    expect(await stock()).toBe(stockBefore);
    expect(await creditNotesOf(order.id)).toHaveLength(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe('paid');

    await t.db
      .update(simulatedPayments)
      .set({ refundKey: null })
      .where(eq(simulatedPayments.id, order.providerId));
    expect((await cancel(order.id, admin)).statusCode).toBe(200);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });
});
