import {
  canMoveOrder,
  type Locale,
  STAFF_ORDER_EXPORT_COLUMNS,
  STAFF_ORDERS_MAX_LIMIT,
  ORDER_STATUSES,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type StaffOrder,
  type StaffOrderList,
  type StaffOrderExportQuery,
  type StaffOrderListQuery,
  type StaffOrderRow,
  type StaffOrderSort,
  type StaffOrderTab,
} from '@portal/contract';
import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { escapeLike, prefixRange } from '../../db/prefix';
import { preparedSql } from '../../db/prepared';
import {
  companies,
  companyOrderCounts,
  creditNotes,
  invoices,
  orderNotes,
  orders,
  payments,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import {
  AMOUNT_FORMAT,
  csvExport,
  MOMENT_FORMAT,
  xlsxExport,
  type ExportCell,
  type ExportColumn,
} from '../../platform/exports';
import { formatEuros, fromCents } from '../../platform/money';
import { webUrl } from '../../platform/urls';
import { recordAudit } from '../audit';
import { confirmationMail, type OrdersDeps } from './place-order';
import type { OrderRow } from './status';
import { describeOrder, findOrder } from './view';

/** Where an order stands for staff: a tab of the list. */
export function tabOf(
  order: Pick<OrderRow, 'status' | 'shippedAt'>,
): Exclude<StaffOrderTab, 'all'> {
  switch (order.status as OrderStatus) {
    case 'pending':
      return 'awaiting_payment';
    case 'processing':
      return order.shippedAt ? 'shipped' : 'to_ship';
    case 'completed':
    case 'closed':
      return 'completed';
    default:
      return 'canceled';
  }
}

/** The orders of a tab, as a condition (tabOf's other side). */
function inTab(tab: StaffOrderTab): SQL | undefined {
  switch (tab) {
    case 'all':
      return undefined;
    case 'awaiting_payment':
      return eq(orders.status, 'pending');
    case 'to_ship':
      return sql`${orders.status} = 'processing' and ${orders.shippedAt} is null`;
    case 'shipped':
      return sql`${orders.status} = 'processing' and ${orders.shippedAt} is not null`;
    case 'completed':
      return inArray(orders.status, ['completed', 'closed']);
    case 'canceled':
      // Written out, not as parameters: a prepared statement's generic plan uses the tab's
      // partial index (orders_canceled_idx) only when its condition is the index's own.
      return sql`${orders.status} in ('canceled', 'failed')`;
  }
}

/** The status of an order's newest payment (null: none), as a scalar subquery. */
const newestPaymentStatus = sql<PaymentStatus | null>`(select p.status from ${payments} p
  where p.order_id = ${orders}.id order by p.created_at desc, p.id desc limit 1)`;

/**
 * What `q` finds: an order number by its start (digits), a buyer by the start of their e-mail
 * (with an @), otherwise a company by a part of its name.
 */
function searchCondition(q: string): SQL {
  if (/^\d+$/.test(q)) {
    const { from, to } = prefixRange(q);
    return sql`${orders.orderNumber} ~>=~ ${from}::text${
      to === undefined ? sql`` : sql` and ${orders.orderNumber} ~<~ ${to}::text`
    }`;
  }
  if (q.includes('@')) {
    const escaped = escapeLike(q);
    return inArray(
      orders.userId,
      sql`(select u.id from ${users} u where lower(u.email) like lower(${escaped}) || '%')`,
    );
  }
  return inArray(orders.companyId, companiesNamed(q));
}

/** The ids of the companies whose name holds `q`, as a subquery. */
const companiesNamed = (q: string) =>
  sql`(select c.id from ${companies} c where c.name ilike '%' || ${escapeLike(q)} || '%')`;

/**
 * The statuses of a tab in the kept per-company counts (company_order_counts); to ship and shipped
 * split one status by shipment and are not kept.
 */
const KEPT_STATUSES: Record<
  Exclude<StaffOrderTab, 'to_ship' | 'shipped'>,
  readonly OrderStatus[]
> = {
  all: ORDER_STATUSES,
  awaiting_payment: ['pending'],
  completed: ['completed', 'closed'],
  canceled: ['canceled', 'failed'],
};

const keptStatusesOf = (tab: StaffOrderTab) =>
  tab === 'to_ship' || tab === 'shipped' ? undefined : KEPT_STATUSES[tab];

/**
 * How many orders of these statuses the companies whose name holds `q` have: their kept counts
 * added up, instead of counting their orders (a common word matches most of them).
 */
async function companyNameCount(db: Db, q: string, statuses: readonly OrderStatus[]) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${companyOrderCounts.orders}), 0)::int` })
    .from(companyOrderCounts)
    .where(
      and(
        inArray(companyOrderCounts.companyId, companiesNamed(q)),
        inArray(companyOrderCounts.status, [...statuses]),
      ),
    );
  return row?.total ?? 0;
}

const SORTS = {
  date_desc: [desc(orders.createdAt), desc(orders.id)],
  date_asc: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.totalCents), desc(orders.id)],
  total_asc: [asc(orders.totalCents), asc(orders.id)],
} as const;

/**
 * How long this process reuses the tab counts. Counting the orders to ship takes about 15 ms at
 * 1,000,000 orders (150,000 of them to ship): once per request it was most of the list's cost
 * (docs/benchmarks.md). A customer's new order shows in the counts a little after this time; a
 * staff action of this process shows at once (forgetTabCounts).
 */
const TAB_COUNTS_TTL_MS = 2000;
type TabCounts = Record<StaffOrderTab, number>;
interface KeptTabCounts {
  /** When the counts being used were asked for. */
  at: number;
  /** The counts being used: the last answer, or the first count while it runs. */
  counts: Promise<TabCounts>;
  /** A newer count running while the older answer is still used. */
  refreshing?: Promise<TabCounts>;
}
const tabCountsOf = new WeakMap<Db, KeptTabCounts>();

/**
 * The tab counts this process uses. Past TAB_COUNTS_TTL_MS they are counted again in the
 * background while requests keep the last answer: every request that arrived during the count
 * used to wait for it (15-20 ms, longer under load), which was the list's slowest percent.
 */
function cachedTabCounts(db: Db): Promise<TabCounts> {
  const kept = tabCountsOf.get(db);
  const now = Date.now();
  if (!kept) {
    const counts = tabCounts(db);
    tabCountsOf.set(db, { at: now, counts });
    // A failed count is not kept: the next request asks again.
    counts.catch(() => {
      if (tabCountsOf.get(db)?.counts === counts) tabCountsOf.delete(db);
    });
    return counts;
  }
  if (now - kept.at >= TAB_COUNTS_TTL_MS && !kept.refreshing) {
    const refreshing = tabCounts(db);
    kept.refreshing = refreshing;
    refreshing.then(
      () => {
        if (tabCountsOf.get(db) === kept) tabCountsOf.set(db, { at: now, counts: refreshing });
      },
      () => {
        // Keep the last answer; the next request past the time tries again.
        if (kept.refreshing === refreshing) kept.refreshing = undefined;
      },
    );
  }
  return kept.counts;
}

/** Staff moved an order: the next list counts its tabs again. */
export function forgetTabCounts(db: Db): void {
  tabCountsOf.delete(db);
}

/**
 * How many orders each tab holds: the kept per-company counts by status (count triggers,
 * migration 0008) summed, and the paid orders not shipped yet counted in their partial index.
 */
async function tabCounts(db: Db): Promise<Record<StaffOrderTab, number>> {
  const [byStatus, [toShip]] = await Promise.all([
    db
      .select({
        status: companyOrderCounts.status,
        orders: sql<number>`coalesce(sum(${companyOrderCounts.orders}), 0)::int`,
      })
      .from(companyOrderCounts)
      .groupBy(companyOrderCounts.status),
    db.select({ orders: count() }).from(orders).where(inTab('to_ship')),
  ]);
  const of = (statuses: readonly OrderStatus[]) =>
    byStatus
      .filter((row) => statuses.includes(row.status as OrderStatus))
      .reduce((sum, row) => sum + row.orders, 0);
  const toShipCount = toShip?.orders ?? 0;
  return {
    all: of(KEPT_STATUSES.all),
    awaiting_payment: of(KEPT_STATUSES.awaiting_payment),
    to_ship: toShipCount,
    shipped: of(['processing']) - toShipCount,
    completed: of(KEPT_STATUSES.completed),
    canceled: of(KEPT_STATUSES.canceled),
  };
}

/** The orders the staff's filters keep (the list's and the export's). */
function staffOrderWhere(query: StaffOrderExportQuery): SQL | undefined {
  return and(
    inTab(query.tab),
    query.q ? searchCondition(query.q) : undefined,
    query.payment_method ? eq(orders.paymentMethod, query.payment_method) : undefined,
    query.payment_status ? sql`${newestPaymentStatus} = ${query.payment_status}` : undefined,
    query.country ? sql`${orders.deliveryAddress}->>'country' = ${query.country}` : undefined,
    query.date_from ? gte(orders.createdAt, sql`${query.date_from}::date`) : undefined,
    query.date_to
      ? lt(orders.createdAt, sql`(${query.date_to}::date + interval '1 day')`)
      : undefined,
  );
}

/** What a staff order row is read with: the order, its company and its buyer. */
const staffOrderColumns = {
  order: {
    id: orders.id,
    orderNumber: orders.orderNumber,
    createdAt: orders.createdAt,
    status: orders.status,
    shippedAt: orders.shippedAt,
    paymentMethod: orders.paymentMethod,
    totalCents: orders.totalCents,
    country: sql<string>`${orders.deliveryAddress}->>'country'`,
    paymentStatus: newestPaymentStatus,
  },
  company: { id: companies.id, name: companies.name },
  buyer: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
};

/** The ids of one page of the list, as a FROM item named "page". */
function pageIds(db: Db, where: SQL | undefined, query: StaffOrderListQuery) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...SORTS[query.sort])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
}

type StaffListRow = Awaited<ReturnType<typeof filteredPage>>[number];

/** A page of a filtered list (a search, a filter): the query built for these values. */
function filteredPage(db: Db, where: SQL | undefined, query: StaffOrderListQuery) {
  // The page's ids first (from the indexes alone where they can), then only its rows are joined
  // to their company, buyer and newest payment: not the rows an OFFSET skips.
  return db
    .select(staffOrderColumns)
    .from(pageIds(db, where, query))
    .innerJoin(orders, eq(orders.id, sql`"page"."id"`))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(users, eq(users.id, orders.userId))
    .orderBy(...SORTS[query.sort]);
}

/** A row of the tab page statement, as the driver gives it (timestamps as text on PostgreSQL). */
interface TabPageRow {
  id: string;
  order_number: string;
  created_at: string | Date;
  status: string;
  shipped_at: string | Date | null;
  payment_method: string;
  total_cents: number;
  country: string;
  payment_status: PaymentStatus | null;
  company_id: string;
  company_name: string;
  buyer_id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** Narrowed: how many orders of the tab the narrowing keeps. */
  total: number | null;
}

const SORT_SQL: Record<StaffOrderSort, SQL> = {
  date_desc: sql`${orders.createdAt} desc, ${orders.id} desc`,
  date_asc: sql`${orders.createdAt} asc, ${orders.id} asc`,
  total_desc: sql`${orders.totalCents} desc, ${orders.id} desc`,
  total_asc: sql`${orders.totalCents} asc, ${orders.id} asc`,
};

/**
 * What narrows a tab's prepared page: the start of an order number (as a range of the number
 * index), or the few companies whose name holds the words searched.
 */
type Narrowing =
  { kind: 'number'; from: string; to: string } | { kind: 'companies'; ids: string[] };

/** The most companies a name may match to be read by their ids (a common word: the built query). */
const FEW_COMPANIES = 50;

const numberInRange = sql`${orders.orderNumber} ~>=~ ${sql.placeholder('numberFrom')}::text
  and ${orders.orderNumber} ~<~ ${sql.placeholder('numberTo')}::text`;
const companyIds = sql`${sql.placeholder('companyIds')}::uuid[]`;

const narrowed = (kind: Narrowing['kind']) =>
  kind === 'number' ? numberInRange : sql`${orders.companyId} = any(${companyIds})`;

const narrowingValues = (narrowing: Narrowing | null) =>
  narrowing?.kind === 'number'
    ? { numberFrom: narrowing.from, numberTo: narrowing.to }
    : narrowing
      ? { companyIds: narrowing.ids }
      : {};

/**
 * How many orders of a tab a narrowing keeps: counted in the number index, or the companies' kept
 * per-status counts added up (to ship and shipped, which they do not keep, counted).
 */
function narrowedCount(tab: StaffOrderTab, kind: Narrowing['kind']): SQL {
  const statuses = keptStatusesOf(tab);
  if (kind === 'companies' && statuses) {
    return sql`select coalesce(sum(${companyOrderCounts.orders}), 0)::int as "total"
      from ${companyOrderCounts} where ${companyOrderCounts.companyId} = any(${companyIds})
      and ${inArray(companyOrderCounts.status, [...statuses])}`;
  }
  return sql`select count(*)::int as "total" from ${orders}
    where ${and(inTab(tab), narrowed(kind))}`;
}

/**
 * The companies whose name holds `q`, when they are few (FEW_COMPANIES); undefined when more
 * match (a common word), whose orders the built query walks by date instead.
 */
async function fewCompaniesNamed(db: Db, q: string): Promise<string[] | undefined> {
  const statement = preparedSql<{ id: string }>(
    db,
    'staff_orders_companies_named',
    () => sql`select ${companies.id} from ${companies}
      where ${companies.name} ilike '%' || ${sql.placeholder('name')}::text || '%'
      limit ${sql.raw(String(FEW_COMPANIES + 1))}`,
  );
  const rows = await statement({ name: escapeLike(q) });
  return rows.length > FEW_COMPANIES ? undefined : rows.map((row) => row.id);
}

/**
 * A page of one tab in one order, without a filter (how staff open the list), with only the start
 * of an order number (how a bank transfer is matched) or with a few companies found by name: one
 * prepared statement per tab, sort and narrowing, parsed and planned once per pooled connection
 * (decision 007). The page's limit and offset are parameters; the constant outer LIMIT tells the
 * generic plan that the page is small, so it reads the page's ids from an index and looks up only
 * those rows, whatever the offset. Narrowed, each row also carries how many orders of the tab the
 * narrowing keeps (counted once, in the same round trip); without, the total is null (the tab's
 * count is known).
 */
async function preparedPage(
  db: Db,
  query: StaffOrderListQuery,
  narrowing: Narrowing | null,
): Promise<{ rows: StaffListRow[]; total: number | null }> {
  const kind = narrowing?.kind;
  const name = `staff_orders_${kind ? `${kind}_` : ''}${query.tab}_${query.sort}`;
  const statement = preparedSql<TabPageRow>(db, name, () => {
    const order = SORT_SQL[query.sort];
    const where = and(inTab(query.tab), kind ? narrowed(kind) : undefined) ?? sql`true`;
    return sql`select ${orders.id}, ${orders.orderNumber}, ${orders.createdAt}, ${orders.status},
        ${orders.shippedAt}, ${orders.paymentMethod}, ${orders.totalCents},
        ${orders.deliveryAddress}->>'country' as "country", ${newestPaymentStatus} as "payment_status",
        ${companies.id} as "company_id", ${companies.name} as "company_name",
        ${users.id} as "buyer_id", ${users.firstName}, ${users.lastName}, ${users.email},
        ${kind ? sql`(${narrowedCount(query.tab, kind)})` : sql`null::int`} as "total"
      from (select * from (select ${orders.id} from ${orders} where ${where}
          order by ${order} limit ${sql.placeholder('limit')}::int
          offset ${sql.placeholder('offset')}::int) as "ids"
        limit ${sql.raw(String(STAFF_ORDERS_MAX_LIMIT))}) as "page"
      join ${orders} on ${orders.id} = "page"."id"
      join ${companies} on ${companies.id} = ${orders.companyId}
      join ${users} on ${users.id} = ${orders.userId}
      order by ${order}`;
  });
  const rows = await statement({
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    ...narrowingValues(narrowing),
  });
  const page = rows.map((row) => ({
    order: {
      id: row.id,
      orderNumber: row.order_number,
      createdAt: new Date(row.created_at),
      status: row.status,
      shippedAt: row.shipped_at === null ? null : new Date(row.shipped_at),
      paymentMethod: row.payment_method,
      totalCents: row.total_cents,
      country: row.country,
      paymentStatus: row.payment_status,
    },
    company: { id: row.company_id, name: row.company_name },
    buyer: {
      id: row.buyer_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    },
  }));
  if (!narrowing) return { rows: page, total: null };
  // A page past the last has no row to carry the count: count then.
  const total =
    rows[0]?.total ?? (query.page > 1 ? await preparedCount(db, query.tab, narrowing) : 0);
  return { rows: page, total };
}

/** How many orders of a tab a narrowing keeps, alone (a page past the last). */
async function preparedCount(db: Db, tab: StaffOrderTab, narrowing: Narrowing): Promise<number> {
  const statement = preparedSql<{ total: number }>(
    db,
    `staff_orders_${narrowing.kind}_count_${tab}`,
    () => narrowedCount(tab, narrowing.kind),
  );
  const [row] = await statement(narrowingValues(narrowing));
  return row?.total ?? 0;
}

/** What narrows the search `q` to a prepared page: a number's start, a few companies, or nothing. */
async function narrowingOf(
  db: Db,
  q: string,
  digits: boolean,
  byName: boolean,
): Promise<Narrowing | null> {
  if (digits) {
    const { from, to } = prefixRange(q);
    return to === undefined ? null : { kind: 'number', from, to };
  }
  const ids = byName ? await fewCompaniesNamed(db, q) : undefined;
  return ids ? { kind: 'companies', ids } : null;
}

/** `GET /admin/orders`: a page of every company's orders, filtered, sorted, with tab counts. */
export async function listStaffOrders(db: Db, query: StaffOrderListQuery): Promise<StaffOrderList> {
  const filtered =
    Boolean(query.payment_method) ||
    Boolean(query.payment_status) ||
    Boolean(query.country) ||
    Boolean(query.date_from) ||
    Boolean(query.date_to);
  const digits = Boolean(query.q && /^\d+$/.test(query.q));
  const byName = Boolean(query.q) && !digits && !query.q?.includes('@');
  const narrowing = filtered || !query.q ? null : await narrowingOf(db, query.q, digits, byName);
  const built = filtered || (Boolean(query.q) && !narrowing);
  const keptStatuses = query.q && byName && !filtered ? keptStatusesOf(query.tab) : undefined;
  const builtPage = async () => {
    const where = staffOrderWhere(query);
    const countOrders = () => {
      if (query.q && keptStatuses) return companyNameCount(db, query.q, keptStatuses);
      return db
        .select({ total: count() })
        .from(orders)
        .where(where)
        .then(([row]) => row?.total ?? 0);
    };
    const [rows, total] = await Promise.all([filteredPage(db, where, query), countOrders()]);
    return { rows, total };
  };
  const [counts, { rows, total: counted }] = await Promise.all([
    cachedTabCounts(db),
    // Only a tab (its count is known), or narrowed: the page's prepared statement counts.
    built ? builtPage() : preparedPage(db, query, narrowing),
  ]);
  const total = counted ?? counts[query.tab];
  return {
    items: rows.map(({ order, company, buyer }): StaffOrderRow => ({
      _id: order.id,
      order_number: order.orderNumber,
      date: order.createdAt.toISOString(),
      status: order.status as OrderStatus,
      tab: tabOf(order),
      payment_method: order.paymentMethod as PaymentMethod,
      payment_status: order.paymentStatus,
      order_value: fromCents(order.totalCents),
      country: order.country,
      company: { _id: company.id, name: company.name },
      buyer: {
        _id: buyer.id,
        full_name: `${buyer.firstName} ${buyer.lastName}`,
        email: buyer.email,
      },
    })),
    total,
    page: query.page,
    totalPage: Math.ceil(total / query.limit),
    counts,
  };
}

/** `GET /admin/orders/{id}`: the order with its company, buyer, documents, notes and actions. */
export async function staffOrderDetail(deps: OrdersDeps, orderId: string): Promise<StaffOrder> {
  const db = deps.db;
  const order = await findOrder(db, orderId, null);
  const [described, [company], [buyer], invoiceRows, creditNoteRows, notes] = await Promise.all([
    describeOrder(db, order, await deps.checkoutSettings()),
    db.select().from(companies).where(eq(companies.id, order.companyId)),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, order.userId)),
    db
      .select({
        id: invoices.id,
        number: invoices.invoiceNumber,
        issuedAt: invoices.issuedAt,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
    db
      .select({
        id: creditNotes.id,
        number: creditNotes.creditNoteNumber,
        issuedAt: creditNotes.issuedAt,
        totalCents: creditNotes.totalCents,
      })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id))
      .orderBy(asc(creditNotes.issuedAt)),
    orderNotesOf(db, order.id),
  ]);
  if (!company || !buyer) throw new Error(`order ${order.id} lost its company or buyer`);
  const status = order.status as OrderStatus;
  const openBankTransfer = described.payments.some(
    (payment) => payment.provider === 'bank_transfer' && payment.status === 'open',
  );
  return {
    ...described,
    company: {
      _id: company.id,
      name: company.name,
      vat_number: company.vatNumber,
      country: company.country,
      status: company.status,
    },
    buyer: {
      _id: order.userId,
      full_name: `${buyer.firstName} ${buyer.lastName}`,
      email: buyer.email,
    },
    carrier: order.carrier,
    shipped_at: order.shippedAt?.toISOString() ?? null,
    documents: [
      ...invoiceRows.map((row) => ({ ...row, kind: 'invoice' as const })),
      ...creditNoteRows.map((row) => ({ ...row, kind: 'credit_note' as const })),
    ].map((row) => ({
      _id: row.id,
      kind: row.kind,
      number: row.number,
      issued_at: row.issuedAt.toISOString(),
      total: fromCents(row.totalCents),
    })),
    notes,
    actions: {
      mark_paid: status === 'pending' && openBankTransfer,
      ship: status === 'processing' && !order.shippedAt,
      complete: canMoveOrder(status, 'completed'),
      // Until a parcel leaves; a paid order is credited and its money goes back.
      cancel: status === 'pending' || (status === 'processing' && described.shipments.length === 0),
      resend_invoice: invoiceRows.length > 0,
    },
  };
}

async function orderNotesOf(db: Executor, orderId: string): Promise<StaffOrder['notes']> {
  const rows = await db
    .select({ note: orderNotes, firstName: users.firstName, lastName: users.lastName })
    .from(orderNotes)
    .innerJoin(users, eq(users.id, orderNotes.staffUserId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  return rows.map(({ note, firstName, lastName }) => ({
    _id: note.id,
    note: note.note,
    created_at: note.createdAt.toISOString(),
    by: { _id: note.staffUserId, full_name: `${firstName} ${lastName}` },
  }));
}

/** `POST /admin/orders/{id}/notes`: an internal note, recorded in the audit log. */
export async function addOrderNote(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
  note: string,
): Promise<StaffOrder> {
  const order = await findOrder(deps.db, orderId, null);
  await deps.db.transaction(async (tx) => {
    await tx.insert(orderNotes).values({ orderId: order.id, staffUserId: ctx.userId, note });
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'order.note',
      entityType: 'order',
      entityId: order.id,
      entityLabel: order.orderNumber,
      after: { note },
    });
  });
  return staffOrderDetail(deps, order.id);
}

/** Rows per query of the exports: their memory stays that of one page, however many orders. */
const EXPORT_PAGE_SIZE = 1000;

/**
 * Every order the filters keep, in the list's order, as rows of `STAFF_ORDER_EXPORT_COLUMNS`,
 * pulled page by page (keyset on the sort key and the id, read at full precision), so the
 * process holds one page at a time whatever the size of the export.
 */
async function* staffOrderExportPages(
  db: Db,
  query: StaffOrderExportQuery,
  pageSize: number,
): AsyncGenerator<ExportCell[][]> {
  const where = staffOrderWhere(query);
  const byTotal = query.sort === 'total_desc' || query.sort === 'total_asc';
  const descending = query.sort === 'date_desc' || query.sort === 'total_desc';
  const sortKey = byTotal ? sql`${orders.totalCents}` : sql`${orders.createdAt}`;
  const sortKeyText = byTotal
    ? sql<string>`${orders.totalCents}::text`
    : sql<string>`${orders.createdAt}::text`;
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const boundary = after
      ? byTotal
        ? sql`(${after.key}::int, ${after.id}::uuid)`
        : sql`(${after.key}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const seek = boundary
      ? descending
        ? sql`(${sortKey}, ${orders.id}) < ${boundary}`
        : sql`(${sortKey}, ${orders.id}) > ${boundary}`
      : undefined;
    const rows = await db
      .select({
        ...staffOrderColumns,
        key: sortKeyText,
        vatNumber: companies.vatNumber,
        amounts: {
          subtotalCents: orders.subtotalCents,
          shippingCents: orders.shippingCents,
          taxCents: orders.taxCents,
        },
        shipment: { carrier: orders.carrier, trackingNumber: orders.trackingNumber },
      })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(where, seek))
      .orderBy(...SORTS[query.sort])
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((row) => [
      row.order.orderNumber,
      row.order.createdAt,
      row.order.status,
      row.company.name,
      row.vatNumber,
      `${row.buyer.firstName} ${row.buyer.lastName}`,
      row.buyer.email,
      row.order.country,
      row.order.paymentMethod,
      row.order.paymentStatus,
      fromCents(row.amounts.subtotalCents),
      fromCents(row.amounts.shippingCents),
      fromCents(row.amounts.taxCents),
      fromCents(row.order.totalCents),
      row.shipment.carrier,
      row.shipment.trackingNumber,
      row.order.shippedAt,
    ]);
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) return;
    after = { key: last.key, id: last.order.id };
  }
}

/** Widths and formats of the export's columns in a spreadsheet (amounts as numbers, moments as dates). */
const EXPORT_FORMATS: Record<
  (typeof STAFF_ORDER_EXPORT_COLUMNS)[number],
  Omit<ExportColumn, 'key'>
> = {
  order_number: { width: 14 },
  date: { width: 18, numFmt: MOMENT_FORMAT },
  status: { width: 12 },
  company: { width: 30 },
  vat_number: { width: 16 },
  buyer: { width: 22 },
  buyer_email: { width: 28 },
  country: { width: 8 },
  payment_method: { width: 14 },
  payment_status: { width: 14 },
  subtotal: { width: 12, numFmt: AMOUNT_FORMAT },
  shipping: { width: 12, numFmt: AMOUNT_FORMAT },
  vat: { width: 12, numFmt: AMOUNT_FORMAT },
  total: { width: 12, numFmt: AMOUNT_FORMAT },
  carrier: { width: 14 },
  tracking_number: { width: 20 },
  shipped_at: { width: 18, numFmt: MOMENT_FORMAT },
};
const EXPORT_COLUMNS = STAFF_ORDER_EXPORT_COLUMNS.map((key) => ({ key, ...EXPORT_FORMATS[key] }));

/** `GET /admin/orders/export.csv`: the export as CSV text, one chunk per page. */
export function exportStaffOrders(
  db: Db,
  query: StaffOrderExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  return csvExport(EXPORT_COLUMNS, staffOrderExportPages(db, query, pageSize));
}

/** `GET /admin/orders/export.xlsx`: the export as a spreadsheet, streamed. */
export function exportStaffOrdersXlsx(
  db: Db,
  query: StaffOrderExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): Readable {
  return xlsxExport('Orders', EXPORT_COLUMNS, staffOrderExportPages(db, query, pageSize));
}

/**
 * `POST /admin/orders/{id}/resend-confirmation`: the order's confirmation mail to its buyer
 * again, as it was first sent (with the bank details for a bank transfer), in the audit log.
 */
export async function resendConfirmation(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<void> {
  const order = await findOrder(deps.db, orderId, null);
  const [buyer] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!buyer) throw new Error(`order ${order.id} lost its buyer`);
  const settings = await deps.checkoutSettings();
  await deps.db.transaction(async (tx) => {
    await enqueueMail(tx, confirmationMail(deps.config, settings, order, buyer));
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'order.resend_confirmation',
      entityType: 'order',
      entityId: order.id,
      entityLabel: order.orderNumber,
      after: { to: buyer.email },
    });
  });
}

/**
 * `POST /admin/orders/{id}/resend-invoice`: tells the buyer again where the order's invoice is
 * (the portal's invoice page, with its PDF); 409 while the order has none.
 */
export async function resendInvoice(
  deps: OrdersDeps,
  ctx: RequestContext,
  orderId: string,
): Promise<void> {
  const order = await findOrder(deps.db, orderId, null);
  const [row] = await deps.db
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      totalCents: invoices.totalCents,
      email: users.email,
      firstName: users.firstName,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, order.userId))
    .where(eq(invoices.orderId, order.id));
  if (!row) throw conflict('errors.order_not_invoiced');
  const locale = order.locale as Locale;
  await deps.db.transaction(async (tx) => {
    await enqueueMail(tx, {
      to: row.email,
      template: 'invoice_available',
      locale,
      vars: {
        first_name: row.firstName,
        order_number: order.orderNumber,
        invoice_number: row.invoiceNumber,
        amount: formatEuros(row.totalCents, locale),
        invoice_url: webUrl(deps.config, locale, `/invoices/invoice-details/${row.invoiceId}`),
      },
    });
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'order.resend_invoice',
      entityType: 'order',
      entityId: order.id,
      entityLabel: order.orderNumber,
      after: { to: row.email, invoice: row.invoiceNumber },
    });
  });
}
