import type {
  AddressSnapshot,
  CheckoutSettings,
  Order,
  OrderProgressStep,
  OrderStatus,
  PaymentMethod,
  PaymentProviderName,
  OrderShipment,
  PaymentStatus,
  VatMode,
} from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  orderEvents,
  orderLines,
  orderShipmentLines,
  orderShipments,
  orders,
  payments,
  users,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { fromCents } from '../../platform/money';
import type { OrderRow } from './status';

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`;

/** SPEC section 4's progress label for an order. */
function progressOf(order: OrderRow): OrderProgressStep {
  switch (order.status as OrderStatus) {
    case 'pending':
      return 'awaiting_payment';
    case 'processing':
      return order.trackingNumber ? 'shipping_on_the_way' : 'payment_received';
    case 'completed':
    case 'closed':
      return 'shipped';
    default:
      return 'order_placed';
  }
}

/** An order row of the company (or any company when `companyId` is null, for staff); 404 otherwise. */
export async function findOrder(
  db: Executor,
  orderId: string,
  companyId: string | null,
): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), companyId ? eq(orders.companyId, companyId) : undefined));
  if (!row) throw notFound('errors.order_not_found');
  return row;
}

/** The order as the contract answers it: lines, history with names, payments. */
export async function describeOrder(
  db: Executor,
  order: OrderRow,
  settings: CheckoutSettings,
): Promise<Order> {
  const [lines, events, orderPayments, [placer], shipments] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position)),
    db
      .select({ event: orderEvents, firstName: users.firstName, lastName: users.lastName })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.userId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.createdAt)),
    db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, order.userId)),
    shipmentsOf(db, order.id),
  ]);
  return orderView(order, { lines, events, payments: orderPayments, placer, shipments }, settings);
}

/** The order's parcels, oldest first, each with the lines it holds in the order's line order. */
export async function shipmentsOf(db: Executor, orderId: string): Promise<OrderShipment[]> {
  const rows = await db
    .select({
      shipment: orderShipments,
      lineId: orderShipmentLines.orderLineId,
      quantity: orderShipmentLines.quantity,
      sku: orderLines.sku,
      title: orderLines.title,
    })
    .from(orderShipments)
    .innerJoin(orderShipmentLines, eq(orderShipmentLines.shipmentId, orderShipments.id))
    .innerJoin(orderLines, eq(orderLines.id, orderShipmentLines.orderLineId))
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id), asc(orderLines.position));
  const shipments = new Map<string, OrderShipment>();
  for (const { shipment, lineId, quantity, sku, title } of rows) {
    let entry = shipments.get(shipment.id);
    if (!entry) {
      entry = {
        _id: shipment.id,
        carrier: shipment.carrier,
        tracking_numbers: shipment.trackingNumbers,
        shipped_at: shipment.createdAt.toISOString(),
        lines: [],
      };
      shipments.set(shipment.id, entry);
    }
    entry.lines.push({ line_id: lineId, sku, title, quantity });
  }
  return [...shipments.values()];
}

/** What an order's answer is made of besides the order row (what describeOrder reads). */
export interface OrderParts {
  lines: (typeof orderLines.$inferSelect)[];
  events: {
    event: typeof orderEvents.$inferSelect;
    firstName: string | null;
    lastName: string | null;
  }[];
  payments: (typeof payments.$inferSelect)[];
  placer: { firstName: string; lastName: string } | undefined;
  shipments: OrderShipment[];
}

/** The order as the contract answers it, from parts already at hand (just written, say). */
export function orderView(
  order: OrderRow,
  { lines, events, payments: orderPayments, placer, shipments }: OrderParts,
  settings: CheckoutSettings,
): Order {
  const status = order.status as OrderStatus;
  const shipped = new Map<string, number>();
  for (const shipment of shipments) {
    for (const line of shipment.lines) {
      shipped.set(line.line_id, (shipped.get(line.line_id) ?? 0) + line.quantity);
    }
  }
  const method = order.paymentMethod as PaymentMethod;
  return {
    _id: order.id,
    id: order.id,
    order_number: order.orderNumber,
    date: order.createdAt.toISOString(),
    status,
    progress: progressOf(order),
    payment_method: method,
    order_value: fromCents(order.totalCents),
    subtotal: fromCents(order.subtotalCents),
    tax_amount: fromCents(order.taxCents),
    vat_rate: order.vatRateBp / 100,
    vat_mode: order.vatMode as VatMode,
    vat_mention: order.vatMention,
    shipping_amount: fromCents(order.shippingCents),
    shipping_method: order.shippingMethod,
    weight: order.weightGrams,
    delivery_days: order.deliveryDays,
    comment: order.comment,
    tracking_number: order.trackingNumber,
    currency: 'EUR',
    delivery_address: order.deliveryAddress as AddressSnapshot,
    invoice_address: order.invoiceAddress as AddressSnapshot,
    lines: lines.map((line) => ({
      _id: line.id,
      product_id: line.productId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      price: fromCents(line.unitPriceCents),
      subtotal: fromCents(line.subtotalCents),
      weight: line.weightGrams,
      shipped_quantity: shipped.get(line.id) ?? 0,
    })),
    events: events.map(({ event, firstName, lastName }) => ({
      from_status: (event.fromStatus as OrderStatus | null) ?? null,
      status: event.status as OrderStatus,
      happened_at: event.createdAt.toISOString(),
      actor: event.actor as Order['events'][number]['actor'],
      by:
        event.userId && firstName !== null && lastName !== null
          ? { _id: event.userId, full_name: fullName({ firstName, lastName }) }
          : null,
      note: event.note,
    })),
    payments: orderPayments.map((payment) => ({
      _id: payment.id,
      provider: payment.provider as PaymentProviderName,
      method: payment.method as PaymentMethod,
      status: payment.status as PaymentStatus,
      amount: fromCents(payment.amountCents),
      currency: 'EUR',
      checkout_url: payment.status === 'open' ? payment.checkoutUrl : null,
      paid_at: payment.paidAt?.toISOString() ?? null,
      created_at: payment.createdAt.toISOString(),
    })),
    shipments,
    placed_by: { _id: order.userId, full_name: placer ? fullName(placer) : '' },
    bank_account: method === 'banktransfer' && status === 'pending' ? settings.bank_account : null,
    can_restore_cart: status === 'failed' || status === 'canceled',
  };
}
