import {
  isClaimable,
  type ClaimKind,
  type EligibilityOutcome,
  type OrderStatus,
} from '@portal/contract';
import { and, eq, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { claimItems, orderEvents, orderLines, orders, products } from '../../db/schema';

/** Orders whose goods the customer has: completed, or closed after completion. */
const COMPLETED_STATUSES: readonly OrderStatus[] = ['completed', 'closed'];

export interface EligibilityInput {
  kind: ClaimKind;
  order: { status: OrderStatus; date: Date; deliveredAt: Date | null } | null;
  productExists: boolean;
  /** The order's line of the product: quantity bought and quantity earlier claims took. */
  line: { quantity: number; claimed: number } | null;
  warrantyMonths: number | null;
  quantity: number;
  returnWindowDays: number;
  today: Date;
}

/** A UTC calendar day as YYYY-MM-DD. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** `date` plus whole months, the day clamped to the target month (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** Warranty and returns run from delivery, or from the order date when delivery is not known. */
export const startOf = (order: { date: Date; deliveredAt: Date | null }) =>
  order.deliveredAt ?? order.date;

/** Last day under warranty (null: the product has no warranty months on record). */
export function warrantyUntil(
  order: { date: Date; deliveredAt: Date | null },
  months: number | null,
): string | null {
  return months && months > 0 ? dayOf(addMonths(startOf(order), months)) : null;
}

export function returnUntil(order: { date: Date; deliveredAt: Date | null }, days: number): string {
  return dayOf(addDays(startOf(order), days));
}

/**
 * The eligibility of one claimed item (SPEC section 4's outcomes), checked in this order: the
 * order (found in the caller's company, completed), the product (exists, on the order), the
 * quantity (not more than bought minus earlier claims), then the return window or warranty.
 */
export function decideEligibility(input: EligibilityInput): EligibilityOutcome {
  const { order, line } = input;
  if (!order) return 'order_not_found';
  if (!COMPLETED_STATUSES.includes(order.status)) return 'order_not_completed';
  if (!input.productExists) return 'product_not_found';
  if (!line) return 'product_not_found_in_order';
  if (input.quantity > line.quantity - line.claimed) return 'exceed';
  const today = dayOf(input.today);
  if (input.kind === 'return') {
    return today <= returnUntil(order, input.returnWindowDays)
      ? 'return_eligible'
      : 'expired_return';
  }
  const until = warrantyUntil(order, input.warrantyMonths);
  if (until === null) return 'unknown';
  return today <= until ? 'under_warranty' : 'expired';
}

export interface ClaimOrderLineRow {
  productId: string;
  sku: string;
  title: string;
  quantity: number;
  warrantyMonths: number | null;
  /** Taken by earlier claims (items not rejected). */
  claimed: number;
}

export interface ClaimOrderRow {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  date: Date;
  deliveredAt: Date | null;
  /** Lines by sku (one line per product on an order). */
  lines: Map<string, ClaimOrderLineRow>;
}

/**
 * The caller's company's orders among `orderNumbers`, with their lines, warranty months, the
 * delivery date (completion, else shipping) and what earlier claims took. Another company's
 * order is simply absent: it answers order_not_found like an unknown number.
 */
export async function loadClaimOrders(
  db: Executor,
  companyId: string,
  orderNumbers: string[],
): Promise<Map<string, ClaimOrderRow>> {
  const found = new Map<string, ClaimOrderRow>();
  if (orderNumbers.length === 0) return found;
  const orderRows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      date: orders.createdAt,
      shippedAt: orders.shippedAt,
    })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.orderNumber, orderNumbers)));
  if (orderRows.length === 0) return found;
  const ids = orderRows.map((row) => row.id);
  const [lineRows, completions, claimedRows] = await Promise.all([
    db
      .select({
        orderId: orderLines.orderId,
        productId: orderLines.productId,
        sku: orderLines.sku,
        title: orderLines.title,
        quantity: orderLines.quantity,
        warrantyMonths: products.warrantyMonths,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(inArray(orderLines.orderId, ids))
      .orderBy(orderLines.orderId, orderLines.position),
    db
      .select({ orderId: orderEvents.orderId, at: max(orderEvents.createdAt) })
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.status, 'completed')))
      .groupBy(orderEvents.orderId),
    db
      .select({
        orderId: claimItems.orderId,
        productId: claimItems.productId,
        claimed: sql<number>`sum(${claimItems.quantity})::int`,
      })
      .from(claimItems)
      .where(
        and(
          inArray(claimItems.orderId, ids),
          or(isNull(claimItems.decision), ne(claimItems.decision, 'rejected')),
        ),
      )
      .groupBy(claimItems.orderId, claimItems.productId),
  ]);
  const completedAt = new Map(completions.map((row) => [row.orderId, row.at]));
  const claimed = new Map(
    claimedRows.map((row) => [`${row.orderId}:${row.productId}`, Number(row.claimed)]),
  );
  const byId = new Map<string, ClaimOrderRow>();
  for (const row of orderRows) {
    const order: ClaimOrderRow = {
      id: row.id,
      orderNumber: row.orderNumber,
      status: row.status as OrderStatus,
      date: row.date,
      deliveredAt: completedAt.get(row.id) ?? row.shippedAt ?? null,
      lines: new Map(),
    };
    found.set(row.orderNumber, order);
    byId.set(row.id, order);
  }
  for (const line of lineRows) {
    const order = byId.get(line.orderId);
    if (!order) continue;
    const existing = order.lines.get(line.sku);
    const taken = claimed.get(`${line.orderId}:${line.productId}`) ?? 0;
    order.lines.set(line.sku, {
      productId: line.productId,
      sku: line.sku,
      title: line.title,
      quantity: (existing?.quantity ?? 0) + line.quantity,
      warrantyMonths: line.warrantyMonths > 0 ? line.warrantyMonths : null,
      claimed: taken,
    });
  }
  return found;
}

/** Which of `skus` exist in the catalog (to tell product_not_found from not on the order). */
export async function loadKnownSkus(db: Executor, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .where(inArray(products.sku, skus));
  return new Set(rows.map((row) => row.sku));
}

export interface ClaimRowInput {
  orderNumber: string;
  sku: string;
  quantity: number;
}

export interface EvaluatedRow {
  eligibility: EligibilityOutcome;
  order: ClaimOrderRow | null;
  line: ClaimOrderLineRow | null;
  /** What was left to claim before this row (for the quantity message). */
  claimable: number;
}

/**
 * Decides every row's eligibility in a few queries (a 10,000-row file included). Rows taken
 * earlier in the same request count as claimed for later rows of the same order and product.
 */
export async function evaluateRows(
  db: Executor,
  companyId: string,
  kind: ClaimKind,
  rows: ClaimRowInput[],
  returnWindowDays: number,
  today = new Date(),
): Promise<EvaluatedRow[]> {
  const [ordersByNumber, knownSkus] = await Promise.all([
    loadClaimOrders(db, companyId, [...new Set(rows.map((row) => row.orderNumber))]),
    loadKnownSkus(db, [...new Set(rows.map((row) => row.sku))]),
  ]);
  const takenHere = new Map<string, number>();
  return rows.map((row) => {
    const order = ordersByNumber.get(row.orderNumber) ?? null;
    const line = order?.lines.get(row.sku) ?? null;
    const key = `${row.orderNumber}:${row.sku}`;
    const already = (line?.claimed ?? 0) + (takenHere.get(key) ?? 0);
    const eligibility = decideEligibility({
      kind,
      order,
      productExists: knownSkus.has(row.sku),
      line: line ? { quantity: line.quantity, claimed: already } : null,
      warrantyMonths: line?.warrantyMonths ?? null,
      quantity: row.quantity,
      returnWindowDays,
      today,
    });
    if (line && isClaimable(eligibility))
      takenHere.set(key, (takenHere.get(key) ?? 0) + row.quantity);
    return { eligibility, order, line, claimable: Math.max(0, (line?.quantity ?? 0) - already) };
  });
}
