import type { Order, OrderStatusUpdate } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict } from '../../platform/errors';
import { applyPaymentStatus, type PaymentsDeps } from '../payments/sync';
import type { OrdersDeps } from './place-order';
import { moveOrder, releaseStock } from './status';
import { describeOrder, findOrder } from './view';

type StaffDeps = OrdersDeps & PaymentsDeps;

/** Staff record a received bank transfer: the order moves pending → processing, once. */
export async function markOrderPaid(
  deps: StaffDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<Order> {
  const order = await findOrder(deps.db, orderId, null);
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'bank_transfer')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (order.status !== 'pending' || !payment || payment.status !== 'open') {
    throw conflict('errors.order_status_transition', { from: order.status, to: 'processing' });
  }
  const outcome = await applyPaymentStatus(deps, payment, 'paid', {
    actor: 'staff',
    userId: ctx.userId,
  });
  if (outcome !== 'changed') {
    throw conflict('errors.order_status_transition', { from: order.status, to: 'processing' });
  }
  return describeOrder(
    deps.db,
    await findOrder(deps.db, orderId, null),
    await deps.checkoutSettings(),
  );
}

/**
 * Staff complete, close or cancel an order along the allowed moves; canceling an order whose
 * stock is still reserved puts it back.
 */
export async function updateOrderStatus(
  deps: StaffDeps,
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
    if (update.status !== 'canceled') return [];
    await tx
      .update(payments)
      .set({ status: 'canceled' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'open')));
    return releaseStock(tx, order.id);
  });
  if (released.length) deps.onStockChanged?.(released);
  return describeOrder(
    deps.db,
    await findOrder(deps.db, orderId, null),
    await deps.checkoutSettings(),
  );
}
