import type { AuditAction, Order, OrderStatusUpdate } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict } from '../../platform/errors';
import { recordAudit } from '../audit';
import type { OrdersDeps } from './place-order';
import { moveOrder, releaseStock } from './status';
import { forgetTabCounts } from './staff-orders';
import { describeOrder, findOrder } from './view';

const AUDIT_ACTIONS_OF = {
  completed: 'order.complete',
  closed: 'order.close',
  canceled: 'order.cancel',
} as const satisfies Record<OrderStatusUpdate['status'], AuditAction>;

/**
 * Staff complete, close or cancel an order along the allowed moves; canceling an order whose
 * stock is still reserved puts it back.
 */
export async function updateOrderStatus(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
  update: OrderStatusUpdate,
): Promise<Order> {
  const order = await findOrder(deps.db, orderId, null);
  const released = await deps.db.transaction(async (tx) => {
    const moved = await moveOrder(
      tx,
      order.id,
      update.status,
      { actor: 'staff', userId: ctx.userId, note: update.note ?? null },
      { trackingNumber: update.tracking_number },
    );
    if (!moved) {
      throw conflict('errors.order_status_transition', { from: order.status, to: update.status });
    }
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: AUDIT_ACTIONS_OF[update.status],
      entityType: 'order',
      entityId: order.id,
      entityLabel: order.orderNumber,
      before: { status: order.status },
      after: { status: moved.status, ...(update.note ? { note: update.note } : {}) },
    });
    if (update.status !== 'canceled') return [];
    await tx
      .update(payments)
      .set({ status: 'canceled' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'open')));
    return releaseStock(tx, order.id);
  });
  forgetTabCounts(deps.db);
  if (released.length) deps.onStockChanged?.(released);
  return describeOrder(
    deps.db,
    await findOrder(deps.db, orderId, null),
    await deps.checkoutSettings(),
  );
}
