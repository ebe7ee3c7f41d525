import type { Locale, Order, ShipOrderRequest } from '@portal/contract';
import { asc, eq, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import {
  orderEvents,
  orderLines,
  orderShipmentLines,
  orderShipments,
  orders,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { webUrl } from '../../platform/urls';
import { RequestValidationError } from '../../platform/validation';
import { recordAudit } from '../audit';
import { notifyCompany, wantsMail } from '../notifications';
import type { OrdersDeps } from './place-order';
import type { OrderRow } from './status';
import { forgetTabCounts } from './staff-orders';
import { describeOrder, findOrder } from './view';

interface ParcelLine {
  lineId: string;
  sku: string;
  quantity: number;
}

/** Each line of the order with how many of it no parcel holds yet, in the order's line order. */
async function linesLeftToShip(tx: Tx, orderId: string) {
  const [lines, shipped] = await Promise.all([
    tx
      .select({ id: orderLines.id, sku: orderLines.sku, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position)),
    tx
      .select({
        lineId: orderShipmentLines.orderLineId,
        quantity: sum(orderShipmentLines.quantity),
      })
      .from(orderShipmentLines)
      .innerJoin(orderShipments, eq(orderShipments.id, orderShipmentLines.shipmentId))
      .where(eq(orderShipments.orderId, orderId))
      .groupBy(orderShipmentLines.orderLineId),
  ]);
  const shippedOf = new Map(shipped.map((row) => [row.lineId, Number(row.quantity ?? 0)]));
  return lines.map((line) => ({ ...line, left: line.quantity - (shippedOf.get(line.id) ?? 0) }));
}

/**
 * What this parcel holds: the lines asked (each known to the order and within what is left),
 * or everything left when none are named. A 400 names each line that does not fit.
 */
function parcelOf(
  left: Awaited<ReturnType<typeof linesLeftToShip>>,
  asked: ShipOrderRequest['lines'],
): ParcelLine[] {
  if (!asked) {
    return left
      .filter((line) => line.left > 0)
      .map((line) => ({ lineId: line.id, sku: line.sku, quantity: line.left }));
  }
  const byId = new Map(left.map((line) => [line.id, line]));
  const issues: z.core.$ZodIssue[] = [];
  asked.forEach((line, index) => {
    const known = byId.get(line.line_id);
    if (!known) {
      issues.push({
        code: 'invalid_value',
        values: [],
        path: ['lines', index, 'line_id'],
        message: 'validation.invalid_choice',
        input: line.line_id,
      });
    } else if (line.quantity > known.left) {
      issues.push({
        code: 'too_big',
        origin: 'number',
        maximum: known.left,
        inclusive: true,
        path: ['lines', index, 'quantity'],
        message: '',
        input: line.quantity,
      });
    }
  });
  if (issues.length) throw new RequestValidationError(issues);
  return asked.map((line) => ({
    lineId: line.line_id,
    sku: byId.get(line.line_id)?.sku ?? '',
    quantity: line.quantity,
  }));
}

/**
 * Staff send a parcel of a paid order (processing, not fully shipped): its carrier, one or more
 * tracking numbers and the lines it holds. The order row stays locked while the parcel is
 * written, so two staff members shipping the same lines at once cannot both succeed: the second
 * sees what the first sent. The order is shipped when every line has left; each parcel is
 * recorded with who and when, the company notified (order_is_shipped) and the buyer mailed
 * unless the buyer switched that mail off.
 */
export async function shipOrder(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
  request: ShipOrderRequest,
): Promise<Order> {
  const found = await findOrder(deps.db, orderId, null);
  await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
    if (!order || order.status !== 'processing' || order.shippedAt) {
      throw conflict('errors.order_not_shippable', { status: order?.status ?? found.status });
    }
    const left = await linesLeftToShip(tx, order.id);
    const parcel = parcelOf(left, request.lines);
    const [shipment] = await tx
      .insert(orderShipments)
      .values({
        orderId: order.id,
        carrier: request.carrier,
        trackingNumbers: request.tracking_numbers,
        staffUserId: ctx.userId,
      })
      .returning({ id: orderShipments.id });
    if (!shipment) throw new Error('shipment not inserted');
    await tx.insert(orderShipmentLines).values(
      parcel.map((line) => ({
        shipmentId: shipment.id,
        orderLineId: line.lineId,
        quantity: line.quantity,
      })),
    );
    const parcelOfLine = new Map(parcel.map((line) => [line.lineId, line.quantity]));
    const complete = left.every((line) => line.left - (parcelOfLine.get(line.id) ?? 0) === 0);
    // The order's own carrier and tracking number (SPEC's order fields) are its first parcel's.
    await tx
      .update(orders)
      .set({
        carrier: order.carrier ?? request.carrier,
        trackingNumber: order.trackingNumber ?? request.tracking_numbers[0],
        ...(complete ? { shippedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'order.ship',
      entityType: 'order',
      entityId: order.id,
      entityLabel: order.orderNumber,
      after: {
        carrier: request.carrier,
        tracking_numbers: request.tracking_numbers,
        lines: parcel.map((line) => ({ sku: line.sku, quantity: line.quantity })),
        fully_shipped: complete,
      },
    });
    const trackingNumbers = request.tracking_numbers.join(', ');
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: 'processing',
      status: 'processing',
      actor: 'staff',
      userId: ctx.userId,
      note: `${request.carrier} ${trackingNumbers}`,
    });
    await tellCustomer(deps, tx, order, { carrier: request.carrier, trackingNumbers });
  });
  forgetTabCounts(deps.db);
  return describeOrder(
    deps.db,
    await findOrder(deps.db, orderId, null),
    await deps.checkoutSettings(),
  );
}

/** A parcel left: the company's notification, and the buyer's mail unless switched off. */
async function tellCustomer(
  deps: OrdersDeps,
  tx: Tx,
  order: OrderRow,
  parcel: { carrier: string; trackingNumbers: string },
) {
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!buyer) throw new Error('buyer vanished');
  await notifyCompany(
    tx,
    deps.config,
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
      carrier: parcel.carrier,
      tracking_number: parcel.trackingNumbers,
      order_url: webUrl(deps.config, locale, '/orders'),
    },
  });
}
