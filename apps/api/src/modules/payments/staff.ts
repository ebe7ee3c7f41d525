import type { Order } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict } from '../../platform/errors';
import { recordAudit } from '../audit';
import { describeOrder, findOrder, forgetTabCounts, type OrdersDeps } from '../orders';
import { applyPaymentStatus } from './sync';

/** Staff record a received bank transfer: the order moves pending → processing, once. */
export async function markOrderPaid(
  deps: OrdersDeps,
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
  const outcome = await applyPaymentStatus(
    deps,
    payment,
    'paid',
    { actor: 'staff', userId: ctx.userId },
    (tx) =>
      recordAudit(tx, {
        staffUserId: ctx.userId,
        action: 'order.mark_paid',
        entityType: 'order',
        entityId: order.id,
        entityLabel: order.orderNumber,
        before: { status: order.status, payment_status: payment.status },
        after: { status: 'processing', payment_status: 'paid' },
      }),
  );
  if (outcome !== 'changed') {
    throw conflict('errors.order_status_transition', { from: order.status, to: 'processing' });
  }
  forgetTabCounts(deps.db);
  return describeOrder(
    deps.db,
    await findOrder(deps.db, orderId, null),
    await deps.checkoutSettings(),
  );
}
