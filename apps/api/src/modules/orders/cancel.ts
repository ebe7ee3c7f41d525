import type { Locale, Order } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { invoices, orderShipments, orders, payments, users } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, notFound, serviceUnavailable } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { formatEuros } from '../../platform/money';
import { webUrl } from '../../platform/urls';
import { recordAudit } from '../audit';
import { creditInvoiceInFull } from '../claims';
import { notifyCompany } from '../notifications';
import type { OrdersDeps } from './place-order';
import { forgetTabCounts } from './staff-orders';
import { moveOrder, releaseStock, type OrderRow } from './status';
import { describeOrder, findOrder } from './view';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Staff cancel an order that has not left (no parcel yet): its stock goes back and an open
 * payment link dies. A paid order is also credited in full (a credit note against its invoice)
 * and its money goes back: an online payment is refunded through its provider, a bank transfer
 * is transferred back by the shop (the credit note and the buyer's mail say so).
 *
 * The provider's refund comes first, outside the transaction (a provider call never holds a
 * database connection or lock), with an idempotency key of the payment: when the provider
 * refuses or cannot be reached nothing changed (503) and staff try again; a retry, or a second
 * staff member at the same moment, gets the same refund, so money never goes back twice. Then
 * one transaction, with the order row locked, cancels it, puts the stock back, issues the credit
 * note and records the refund; of two staff members canceling at once the second gets CONFLICT.
 */
export async function cancelOrder(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
  note: string | null,
): Promise<Order> {
  const found = await findOrder(deps.db, orderId, null);
  await refuseShipped(deps.db, found.id);
  const online = found.status === 'processing' ? await onlinePayment(deps.db, found.id) : null;
  const refund = online ? await refundThroughProvider(deps, found, online) : null;
  let released: string[];
  try {
    released = await deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
      if (!order) throw notFound('errors.order_not_found');
      await refuseShipped(tx, order.id);
      const moved = await moveOrder(tx, order.id, 'canceled', {
        actor: 'staff',
        userId: ctx.userId,
        note,
      });
      if (!moved) {
        throw conflict('errors.order_status_transition', { from: order.status, to: 'canceled' });
      }
      await tx
        .update(payments)
        .set({ status: 'canceled' })
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'open')));
      const productIds = await releaseStock(tx, order.id, ctx.userId);
      const paidBack =
        order.status === 'processing' ? await payBack(deps, tx, order, online !== null) : null;
      if (online && refund) await recordRefund(tx, online, refund);
      await recordAudit(tx, {
        staffUserId: ctx.userId,
        action: 'order.cancel',
        entityType: 'order',
        entityId: order.id,
        entityLabel: order.orderNumber,
        before: { status: order.status },
        after: {
          status: 'canceled',
          ...(note ? { note } : {}),
          ...(paidBack
            ? {
                credit_note: paidBack.creditNoteNumber,
                refunded: online?.provider ?? 'bank_transfer',
                amount: paidBack.amountCents / 100,
              }
            : {}),
        },
      });
      return productIds;
    });
  } catch (error) {
    // Another staff member canceled or shipped it meanwhile: the refund still happened once
    // (same key), and the payment keeps it, so nobody refunds it by hand again.
    if (online && refund) {
      await recordRefund(deps.db, online, refund);
      deps.log.warn({ orderId: found.id }, 'order refunded by the provider, then not canceled');
    }
    throw error;
  }
  forgetTabCounts(deps.db);
  if (released.length) deps.onStockChanged?.(released);
  return describeOrder(
    deps.db,
    await findOrder(deps.db, orderId, null),
    await deps.checkoutSettings(),
  );
}

/** A parcel of the order left: too late to cancel (409). */
async function refuseShipped(db: Executor, orderId: string) {
  const [parcel] = await db
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .limit(1);
  if (parcel) throw conflict('errors.order_already_shipped');
}

/** The order's paid payment when a provider collected it (null for a bank transfer). */
async function onlinePayment(db: Executor, orderId: string): Promise<PaymentRow | null> {
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')));
  return paid && paid.provider !== 'bank_transfer' ? paid : null;
}

/**
 * A paid order's money back: the credit note crediting its invoice in full, the company's
 * notification (new_creditmemo) and the buyer's mail (refunded online, or transferred back).
 */
async function payBack(deps: OrdersDeps, tx: Tx, order: OrderRow, refundedOnline: boolean) {
  const [invoice] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, order.id));
  if (!invoice) throw conflict('errors.order_not_invoiced');
  const creditNote = await creditInvoiceInFull(tx, invoice.id);
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, order.userId));
  await notifyCompany(
    tx,
    deps.config,
    order.companyId,
    'new_creditmemo',
    {
      ...(buyer
        ? { buyer: { _id: order.userId, full_name: `${buyer.firstName} ${buyer.lastName}` } }
        : {}),
      order: { _id: order.id, order_number: order.orderNumber },
      invoice: { _id: invoice.id, invoice_number: creditNote.creditNoteNumber },
    },
    { document: { document: 'credit-note', id: creditNote.id } },
  );
  if (buyer) {
    const locale = order.locale as Locale;
    await enqueueMail(tx, {
      to: buyer.email,
      template: refundedOnline ? 'order_canceled_refunded' : 'order_canceled_credit_note',
      locale,
      vars: {
        first_name: buyer.firstName,
        order_number: order.orderNumber,
        amount: formatEuros(creditNote.totalCents, locale),
        credit_note_number: creditNote.creditNoteNumber,
        order_url: webUrl(deps.config, locale, '/orders'),
      },
    });
  }
  return { creditNoteNumber: creditNote.creditNoteNumber, amountCents: creditNote.totalCents };
}

/** The provider pays the order's value back on its payment: 503 when it does not. */
async function refundThroughProvider(deps: OrdersDeps, order: OrderRow, payment: PaymentRow) {
  const provider = deps.payments.byName(payment.provider);
  if (!provider || !payment.providerPaymentId) {
    throw new Error(`payment ${payment.id} has no provider to refund it`);
  }
  try {
    const refund = await provider.refundPayment({
      paymentId: payment.providerPaymentId,
      amountCents: payment.amountCents,
      currency: 'EUR',
      description: `Order ${order.orderNumber} canceled`,
      idempotencyKey: `refund-${payment.id}`,
    });
    return { id: refund.id, amountCents: payment.amountCents };
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'refund through the provider failed');
    throw serviceUnavailable('errors.refund_failed');
  }
}

/** The payment keeps what the provider paid back (status `refunded`). */
async function recordRefund(
  db: Executor,
  payment: PaymentRow,
  refund: { id: string; amountCents: number },
) {
  await db
    .update(payments)
    .set({
      status: 'refunded',
      refundedCents: refund.amountCents,
      providerRefundId: refund.id,
      refundedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')));
}
