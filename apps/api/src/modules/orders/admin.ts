import type { AuditAction, Order, OrderStatusUpdate } from '@portal/contract';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict } from '../../platform/errors';
import { recordAudit } from '../audit';
import { cancelOrder } from './cancel';
import type { OrdersDeps } from './place-order';
import { moveOrder } from './status';
import { forgetTabCounts } from './staff-orders';
import { describeOrder, findOrder } from './view';

const AUDIT_ACTIONS_OF = {
  completed: 'order.complete',
  closed: 'order.close',
} as const satisfies Record<Exclude<OrderStatusUpdate['status'], 'canceled'>, AuditAction>;

/**
 * Staff complete, close or cancel an order along the allowed moves; canceling (stock back, a
 * paid order credited and refunded) is `cancelOrder`'s.
 */
export async function updateOrderStatus(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
  update: OrderStatusUpdate,
): Promise<Order> {
  if (update.status === 'canceled') {
    return cancelOrder(deps, ctx, orderId, update.note ?? null);
  }
  const to = update.status;
  const order = await findOrder(deps.db, orderId, null);
  await deps.db.transaction(async (tx) => {
    const moved = await moveOrder(
      tx,
      order.id,
      to,
      { actor: 'staff', userId: ctx.userId, note: update.note ?? null },
      { trackingNumber: update.tracking_number },
    );
    if (!moved) {
      throw conflict('errors.order_status_transition', { from: order.status, to });
    }
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: AUDIT_ACTIONS_OF[to],
      entityType: 'order',
      entityId: order.id,
      entityLabel: order.orderNumber,
      before: { status: order.status },
      after: { status: moved.status, ...(update.note ? { note: update.note } : {}) },
    });
  });
  forgetTabCounts(deps.db);
  return describeOrder(
    deps.db,
    await findOrder(deps.db, orderId, null),
    await deps.checkoutSettings(),
  );
}
