import type { CartResponse, Order } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { orderLines } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict } from '../../platform/errors';
import { companyOf } from '../addresses';
import { putLinesBack } from '../cart';
import { startPayment, type OrdersDeps, type PlacedOrder } from './place-order';
import { describeOrder, findOrder } from './view';

/** One order of the caller's company (404 for another company's). */
export async function getOrder(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<Order> {
  const order = await findOrder(deps.db, orderId, companyOf(ctx));
  return describeOrder(deps.db, order, await deps.checkoutSettings());
}

/** Puts a failed or canceled order's lines back in the caller's cart, bounded by stock. */
export async function restoreCart(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<CartResponse> {
  const order = await findOrder(deps.db, orderId, companyOf(ctx));
  if (order.status !== 'failed' && order.status !== 'canceled') {
    throw conflict('errors.order_not_restorable');
  }
  const lines = await deps.db
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return putLinesBack(deps, ctx, lines);
}

/** The provider's page for a pending online order whose payment did not start or was left. */
export async function payOrder(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<PlacedOrder> {
  const order = await findOrder(deps.db, orderId, companyOf(ctx));
  if (order.status !== 'pending' || order.paymentMethod === 'banktransfer') {
    throw conflict('errors.order_not_payable');
  }
  const redirectUrl = await startPayment(deps, order);
  const fresh = await findOrder(deps.db, order.id, order.companyId);
  return {
    order: await describeOrder(deps.db, fresh, await deps.checkoutSettings()),
    redirectUrl,
    replayed: false,
  };
}
