import { canMoveOrder, type Locale, type OrderStatus } from '@portal/contract';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { orderEvents, orderLines, orders, products, users } from '../../db/schema';
import { enqueueMail } from '../../platform/mail/outbox';
import { formatEuros } from '../../platform/money';
import { explainStockChanges } from '../catalog';
import { issueInvoice } from '../invoices';
import { webUrl } from '../../platform/urls';

export type OrderRow = typeof orders.$inferSelect;
export type Actor = 'customer' | 'staff' | 'payment_provider' | 'system';

/**
 * Moves an order from one of `from` to `to` in a single conditional UPDATE: of concurrent
 * callers exactly one gets the row back, the others get null. Writes the status event.
 */
export async function moveOrder(
  tx: Executor,
  orderId: string,
  to: OrderStatus,
  by: { actor: Actor; userId?: string | null; note?: string | null },
  extra: { paidAt?: boolean; trackingNumber?: string; onlyIf?: SQL } = {},
): Promise<OrderRow | null> {
  const [before] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!before || !canMoveOrder(before.status as OrderStatus, to)) return null;
  const [moved] = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(extra.paidAt ? { paidAt: sql`now()` } : {}),
      ...(extra.trackingNumber ? { trackingNumber: extra.trackingNumber } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, before.status), extra.onlyIf))
    .returning();
  if (!moved) return null;
  await tx.insert(orderEvents).values({
    orderId,
    fromStatus: before.status,
    status: to,
    actor: by.actor,
    userId: by.userId ?? null,
    note: by.note ?? null,
  });
  return moved;
}

/**
 * Puts an order's reserved units back in stock, once (stock_released_at guards repeats); `userId`
 * is who canceled it (null: the payment provider's answer).
 */
export async function releaseStock(
  tx: Executor,
  orderId: string,
  userId: string | null,
): Promise<string[]> {
  const [claimed] = await tx
    .update(orders)
    .set({ stockReleasedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  if (!claimed) return [];
  await explainStockChanges(tx, {
    reason: 'order_canceled',
    userId,
    reference: claimed.orderNumber,
  });
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.productId);
  for (const line of lines) {
    // Stock only: products.updated_at stays, so the catalog index is not rebuilt for it.
    await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  return lines.map((line) => line.productId);
}

/**
 * What follows a payment: the products' buyer counts (a company counts once per product) and
 * the mail to the buyer.
 */
export async function afterPaid(tx: Executor, config: Config, order: OrderRow): Promise<void> {
  await issueInvoice(tx, config, order.id);
  await tx
    .update(products)
    .set({ buyers: sql`${products.buyers} + 1` })
    .where(
      and(
        inArray(
          products.id,
          tx
            .select({ id: orderLines.productId })
            .from(orderLines)
            .where(eq(orderLines.orderId, order.id)),
        ),
        sql`not exists (select 1 from ${orderLines} ol join ${orders} o on o.id = ol.order_id
          where ol.product_id = ${products.id} and o.company_id = ${order.companyId}
          and o.id <> ${order.id} and o.paid_at is not null)`,
      ),
    );
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!buyer) return;
  const locale = order.locale as Locale;
  await enqueueMail(tx, {
    to: buyer.email,
    template: 'order_paid',
    locale,
    vars: {
      first_name: buyer.firstName,
      order_number: order.orderNumber,
      order_value: formatEuros(order.totalCents, locale),
      delivery_days: order.deliveryDays,
      order_url: webUrl(config, locale, '/orders'),
    },
  });
}
