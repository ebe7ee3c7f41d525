import type {
  CartResponse,
  OrderHistoryDetail,
  OrderListQuery,
  OrderListResponse,
  OrderProgress,
  OrderStatus,
  PaymentMethod,
  ReorderResponse,
} from '@portal/contract';
import { ORDERS_MAX_LIMIT, ORDERS_PAGE_SIZE } from '@portal/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  boundariesStatement,
  pageId,
  pageIdsFromBoundary,
  pageIdsFromNearerEnd,
} from '../../db/paging';
import { prefixRange } from '../../db/prefix';
import { prepared } from '../../db/prepared';
import { boundariesFrom, newestUuidKey, pageBySeek } from '../../db/seek-index';
import {
  companyOrderCounts,
  invoices,
  orderEvents,
  orderLines,
  orders,
  products,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { fromCents } from '../../platform/money';
import { companyOf } from '../addresses/service';
import { availableQuantity, putLinesBack, type CartDeps } from '../cart/service';
import { findOrder } from '../orders/view';

/** Which filters an order list request uses: each combination is its own prepared statement. */
interface OrderListVariant {
  status: boolean;
  search: boolean;
  dateFrom: boolean;
  dateTo: boolean;
  /** Read from a remembered page boundary (seek-index.ts): only without a search or dates. */
  seek: boolean;
}

/**
 * The kept counts of the list (company_order_counts): the company's rows, or its row of the
 * placeholder `status`. Their sum is the list's total, the sum of their versions its version.
 */
const keptCountsOf = (byStatus: boolean) =>
  and(
    eq(companyOrderCounts.companyId, sql.placeholder('companyId')),
    byStatus ? eq(companyOrderCounts.status, sql.placeholder('status')) : undefined,
  );

/**
 * The order list as one statement: the company's count (kept in company_order_counts, or
 * counted when searching or between dates) left joined to the page's orders and their buyers,
 * so an empty page still answers the total. The page's ids come from the index alone
 * (orders_company_created_idx and the status and number indexes of the same order): a deep
 * OFFSET skips index entries, not order rows and their buyer.
 */
function orderListStatement(db: Executor, variant: OrderListVariant, name: string) {
  const companyId = sql.placeholder('companyId');
  const status = sql.placeholder('status');
  const where = and(
    eq(orders.companyId, companyId),
    variant.status ? eq(orders.status, status) : undefined,
    variant.search
      ? sql`${orders.orderNumber} ~>=~ ${sql.placeholder('searchFrom')}::text
        and ${orders.orderNumber} ~<~ ${sql.placeholder('searchTo')}::text`
      : undefined,
    variant.dateFrom ? gte(orders.createdAt, sql`${sql.placeholder('dateFrom')}::date`) : undefined,
    variant.dateTo
      ? lt(orders.createdAt, sql`(${sql.placeholder('dateTo')}::date + interval '1 day')`)
      : undefined,
  );
  const counted =
    variant.search || variant.dateFrom || variant.dateTo
      ? db
          .select({
            total: sql<number>`count(*)::int`.as('total'),
            version: sql<string | null>`null::text`.as('version'),
          })
          .from(orders)
          .where(where)
          .as('counted')
      : db
          .select({
            total: sql<number>`coalesce(sum(${companyOrderCounts.orders}), 0)::int`.as('total'),
            version: sql<string | null>`coalesce(sum(${companyOrderCounts.version}), 0)::text`.as(
              'version',
            ),
          })
          .from(companyOrderCounts)
          .where(keptCountsOf(variant.status))
          .as('counted');
  // Without a search or dates the page is read from the nearer end, the kept count telling.
  const keptCount = !variant.search && !variant.dateFrom && !variant.dateTo;
  const pageIds = variant.seek
    ? pageIdsFromBoundary({
        id: sql`${orders.id}`,
        from: sql`${orders}`,
        where: where ?? sql`true`,
        sortKey: sql`(${orders.createdAt}, ${orders.id})`,
        boundary: sql`(${sql.placeholder('seekAt')}::timestamptz, ${sql.placeholder('seekId')}::uuid)`,
        newestFirst: sql`${orders.createdAt} desc, ${orders.id} desc`,
        maxLimit: ORDERS_MAX_LIMIT,
      })
    : keptCount
      ? pageIdsFromNearerEnd({
          id: sql`${orders.id}`,
          from: sql`${orders}`,
          where: where ?? sql`true`,
          newestFirst: sql`${orders.createdAt} desc, ${orders.id} desc`,
          oldestFirst: sql`${orders.createdAt} asc, ${orders.id} asc`,
          total: sql`(select coalesce(sum(${companyOrderCounts.orders}), 0)::int
          from ${companyOrderCounts} where ${keptCountsOf(variant.status)})`,
          maxLimit: ORDERS_MAX_LIMIT,
        })
      : db
          .select({ id: orders.id })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .as('page_ids');
  return db
    .select({
      total: counted.total,
      version: counted.version,
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        totalCents: orders.totalCents,
        taxCents: orders.taxCents,
        shippingCents: orders.shippingCents,
        trackingNumber: orders.trackingNumber,
      },
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(counted)
    .leftJoin(pageIds, sql`true`)
    .leftJoin(orders, eq(orders.id, pageId))
    .leftJoin(users, eq(users.id, orders.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .prepare(name);
}

/**
 * The order list's page boundaries (seek-index.ts), with or without a status, as one statement:
 * the list's version (the kept counts' versions summed: each change moves at least one up) left
 * joined to every K-th order's sort key, from one scan of the list's index.
 */
function orderBoundariesStatement(db: Executor, status: boolean, name: string) {
  const companyId = sql.placeholder('companyId');
  const statusValue = sql.placeholder('status');
  const version = db
    .select({
      version: sql<string>`coalesce(sum(${companyOrderCounts.version}), 0)::text`.as('version'),
    })
    .from(companyOrderCounts)
    .where(keptCountsOf(status))
    .as('list_version');
  return boundariesStatement(db, name, {
    version,
    from: sql`${orders}`,
    where:
      and(eq(orders.companyId, companyId), status ? eq(orders.status, statusValue) : undefined) ??
      sql`true`,
    at: sql`${orders.createdAt}`,
    tie: sql`${orders.id}`,
    newestFirst: sql`${orders.createdAt} desc, ${orders.id} desc`,
  });
}

/** The company's orders, newest first, one page at a time (counted and paged in the database). */
export async function listOrders(
  db: Executor,
  ctx: RequestContext,
  query: OrderListQuery,
): Promise<OrderListResponse> {
  const limit = query.limit ?? ORDERS_PAGE_SIZE;
  const page = query.page ?? 1;
  const offset = (page - 1) * limit;
  const variant: OrderListVariant = {
    status: Boolean(query.status),
    search: Boolean(query.search),
    dateFrom: Boolean(query.date_from),
    dateTo: Boolean(query.date_to),
    seek: false,
  };
  const nameOf = (v: OrderListVariant) =>
    'order_list' +
    (v.status ? '_status' : '') +
    (v.search ? '_search' : '') +
    (v.dateFrom ? '_from' : '') +
    (v.dateTo ? '_to' : '') +
    (v.seek ? '_seek' : '');
  const statementOf = (v: OrderListVariant) => {
    const name = nameOf(v);
    return prepared(db, name, (executor) => orderListStatement(executor, v, name));
  };
  const companyId = companyOf(ctx);
  const search = query.search ? prefixRange(query.search) : undefined;
  const values = {
    companyId,
    status: query.status,
    // The order numbers starting with the search, as a range of orders_company_number_idx; an
    // empty range when no string follows the search's (only U+10FFFF: no order number, all
    // digits, starts with it).
    searchFrom: search?.from,
    searchTo: search ? (search.to ?? search.from) : undefined,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    limit,
    offset,
  };
  const plain = () => statementOf(variant).execute(values);
  const rows =
    variant.search || variant.dateFrom || variant.dateTo
      ? await plain()
      : await pageBySeek({
          db,
          list: `orders:${companyId}:${query.status ?? ''}`,
          offset,
          newest: newestUuidKey,
          plain,
          compute: async (every) => {
            const name = variant.status ? 'order_bounds_status' : 'order_bounds';
            return boundariesFrom(
              await prepared(db, name, (executor) =>
                orderBoundariesStatement(executor, variant.status, name),
              ).execute({ companyId, status: query.status, every }),
            );
          },
          seek: async (boundary, skip) => {
            const page = await statementOf({ ...variant, seek: true }).execute({
              ...values,
              seekAt: boundary.at,
              seekId: boundary.tie,
              skip,
            });
            return { page, version: page[0]?.version ?? null };
          },
        });
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.flatMap(({ order, firstName, lastName }) =>
      order
        ? [
            {
              _id: order.id,
              order_number: order.orderNumber,
              date: order.createdAt.toISOString(),
              status: order.status as OrderStatus,
              payment_method: order.paymentMethod as PaymentMethod,
              order_value: fromCents(order.totalCents),
              tax_amount: fromCents(order.taxCents),
              shipping_amount: fromCents(order.shippingCents),
              tracking_number: order.trackingNumber,
              placed_by: `${firstName} ${lastName}`,
            },
          ]
        : [],
    ),
    total,
    page,
    totalPage: Math.ceil(total / limit),
  };
}

/**
 * SPEC section 4's progress labels, each with the moment the order's history reached it:
 * placed and awaiting payment when created, payment received when paid, processing when it
 * moved there, shipping on the way when staff shipped it, shipped when completed.
 */
export async function orderProgress(
  db: Executor,
  ctx: RequestContext,
  orderId: string,
): Promise<OrderHistoryDetail> {
  const order = await findOrder(db, orderId, companyOf(ctx));
  const [events, [invoice]] = await Promise.all([
    db
      .select({ status: orderEvents.status, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({ id: invoices.id, number: invoices.invoiceNumber })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
  ]);
  const firstAt = (status: OrderStatus) =>
    events.find((event) => event.status === status)?.at.toISOString() ?? null;
  const placedAt = order.createdAt.toISOString();
  const progress: OrderProgress = [
    { step: 'order_placed', reached_at: placedAt },
    { step: 'awaiting_payment', reached_at: firstAt('pending') ?? placedAt },
    { step: 'payment_received', reached_at: order.paidAt?.toISOString() ?? null },
    { step: 'processing', reached_at: firstAt('processing') },
    { step: 'shipping_on_the_way', reached_at: order.shippedAt?.toISOString() ?? null },
    { step: 'shipped', reached_at: firstAt('completed') },
  ];
  return {
    progress_steps: progress,
    shipment:
      order.shippedAt && order.carrier && order.trackingNumber
        ? {
            carrier: order.carrier,
            tracking_number: order.trackingNumber,
            shipped_at: order.shippedAt.toISOString(),
          }
        : null,
    invoice: invoice ? { _id: invoice.id, invoice_number: invoice.number } : null,
  };
}

/**
 * Puts an order's lines back in the caller's cart at today's prices (the cart prices from the
 * catalog), each bounded by what is available now; lines that could not come back in full are
 * reported.
 */
export async function reorder(
  deps: CartDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<ReorderResponse> {
  const order = await findOrder(deps.db, orderId, companyOf(ctx));
  const lines = await deps.db
    .select({
      productId: orderLines.productId,
      quantity: orderLines.quantity,
      sku: orderLines.sku,
      title: orderLines.title,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const stock = await deps.db
    .select({
      id: products.id,
      isActive: products.isActive,
      isInStock: products.isInStock,
      quantity: products.quantity,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    );
  const cart: CartResponse = await putLinesBack(deps, ctx, lines);
  const unavailable = lines.flatMap((line) => {
    const product = stock.find((row) => row.id === line.productId);
    const added = product?.isActive ? Math.min(line.quantity, availableQuantity(product)) : 0;
    return added < line.quantity
      ? [{ sku: line.sku, title: line.title, requested: line.quantity, added }]
      : [];
  });
  return { cart, unavailable };
}
