import type { Locale, Order, ShipOrderRequest } from '@portal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { orderEvents, orders, users } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { enqueueMail } from '../../platform/mail/outbox';
import { conflict } from '../../platform/errors';
import { recordAudit } from '../audit';
import { webUrl } from '../../platform/urls';
import { wantsMail } from '../notifications';
import { notifyCompany } from '../notifications';
import type { OrdersDeps } from './place-order';
import { forgetTabCounts } from './staff-orders';
import { describeOrder, findOrder } from './view';

/**
 * Staff ship a paid order (processing, not shipped yet) with its carrier and tracking number:
 * recorded with who and when, the company is notified (order_is_shipped) and the buyer mailed
 * unless the buyer switched that mail off.
 */
export async function shipOrder(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
  shipment: ShipOrderRequest,
): Promise<Order> {
  const order = await findOrder(deps.db, orderId, null);
  await deps.db.transaction(async (tx) => {
    const [shipped] = await tx
      .update(orders)
      .set({
        carrier: shipment.carrier,
        trackingNumber: shipment.tracking_number,
        shippedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(orders.id, order.id), eq(orders.status, 'processing'), isNull(orders.shippedAt)),
      )
      .returning();
    if (!shipped) {
      throw conflict('errors.order_not_shippable', { status: order.status });
    }
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'order.ship',
      entityType: 'order',
      entityId: order.id,
      entityLabel: order.orderNumber,
      before: { carrier: null, tracking_number: null },
      after: { carrier: shipment.carrier, tracking_number: shipment.tracking_number },
    });
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: 'processing',
      status: 'processing',
      actor: 'staff',
      userId: ctx.userId,
      note: `${shipment.carrier} ${shipment.tracking_number}`,
    });
    const [buyer] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, order.userId));
    if (!buyer) throw new Error('buyer vanished');
    await notifyCompany(
      tx,
      order.companyId,
      'order_is_shipped',
      {
        buyer: { _id: order.userId, full_name: `${buyer.firstName} ${buyer.lastName}` },
        order: { _id: order.id, order_number: order.orderNumber },
      },
      { mailedApart: order.userId },
    );
    if (!(await wantsMail(tx, order.userId, 'order_is_shipped'))) return;
    const locale = order.locale as Locale;
    await enqueueMail(tx, {
      to: buyer.email,
      template: 'order_shipped',
      locale,
      vars: {
        first_name: buyer.firstName,
        order_number: order.orderNumber,
        carrier: shipment.carrier,
        tracking_number: shipment.tracking_number,
        order_url: webUrl(deps.config, locale, '/orders'),
      },
    });
  });
  forgetTabCounts(deps.db);
  return describeOrder(
    deps.db,
    await findOrder(deps.db, orderId, null),
    await deps.checkoutSettings(),
  );
}
