import {
  APPROVALS_PAGE_SIZE,
  type Approval,
  type ApprovalApprove,
  type ApprovalListQuery,
  type ApprovalPage,
  type ApprovalReason,
  type ApprovalRequest,
  type ApprovalStatus,
  type ApprovalSummary,
  type Budget,
  type BudgetList,
  type BudgetUpdate,
  type Locale,
  type PaymentMethod,
  type Role,
  can,
} from '@portal/contract';
import { aliasedTable, and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { carts, orderApprovals, orders, users } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { fromCents, toCents } from '../../platform/money';
import { companyOf, findAddress, toAddress, type AddressRow } from '../addresses';
import {
  addLinesToCart,
  atBuyerPrices,
  cartIdOf,
  emptyCart,
  pricedProducts,
  type PricedLine,
} from '../cart';
import { findProductLabels } from '../catalog';
import {
  blockerError,
  checkSpending,
  draftCheckout,
  readShop,
  spentThisMonth,
  type Shop,
} from '../checkout';
import { notifyCompany } from '../notifications';
import { writeOrder, type OrdersDeps } from '../orders';

export type ApprovalDeps = OrdersDeps;

type ApprovalRow = typeof orderApprovals.$inferSelect;

const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');
const fullName = (table: typeof requester) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/**
 * Which approvals the caller sees: the company's (owners, accountants) or their own
 * (purchasers). Another company's, or a colleague's for a purchaser, are simply not there.
 */
function visibleTo(ctx: RequestContext): SQL {
  const companyId = companyOf(ctx);
  return ctx.role === 'purchaser'
    ? and(eq(orderApprovals.companyId, companyId), eq(orderApprovals.requestedBy, ctx.userId))!
    : eq(orderApprovals.companyId, companyId);
}

const summaryColumns = {
  row: orderApprovals,
  requesterName: fullName(requester),
  orderNumber: orders.orderNumber,
};

function toSummary(found: {
  row: ApprovalRow;
  requesterName: string;
  orderNumber: string | null;
}): ApprovalSummary {
  const { row } = found;
  return {
    _id: row.id,
    status: row.status as ApprovalStatus,
    reason: row.reason as ApprovalReason,
    requester: { _id: row.requestedBy, full_name: found.requesterName },
    requested_at: row.createdAt.toISOString(),
    total: fromCents(row.totalCents),
    item_count: row.lines.reduce((sum, line) => sum + line.quantity, 0),
    decided_at: row.decidedAt?.toISOString() ?? null,
    order:
      row.orderId && found.orderNumber
        ? { _id: row.orderId, order_number: found.orderNumber }
        : null,
  };
}

/** The approvals the caller sees, newest first, by status or all, paginated in the database. */
export async function listApprovals(
  db: Db,
  ctx: RequestContext,
  query: ApprovalListQuery,
): Promise<ApprovalPage> {
  const where = and(
    visibleTo(ctx),
    query.status ? eq(orderApprovals.status, query.status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orderApprovals)
      .innerJoin(requester, eq(requester.id, orderApprovals.requestedBy))
      .leftJoin(orders, eq(orders.id, orderApprovals.orderId))
      .where(where)
      .orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.id))
      .limit(APPROVALS_PAGE_SIZE)
      .offset((query.page - 1) * APPROVALS_PAGE_SIZE),
    db.select({ total: count() }).from(orderApprovals).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    items: rows.map(toSummary),
    total,
    page: query.page,
    totalPage: Math.max(1, Math.ceil(total / APPROVALS_PAGE_SIZE)),
  };
}

/** The request context an approval's order is placed under: the purchaser who asked. */
function requesterContext(row: ApprovalRow, role: string): RequestContext {
  return {
    userId: row.requestedBy,
    sessionId: '',
    companyId: row.companyId,
    role: role as Role,
    locale: row.locale as Locale,
  };
}

async function addressOrNull(
  db: Executor,
  kind: 'delivery' | 'invoice',
  companyId: string,
  id: string | null,
): Promise<AddressRow | null> {
  if (!id) return null;
  return findAddress(db, kind, companyId, id).catch(() => null);
}

/** The shop's settings and the company's prices a draft needs: read outside any transaction. */
const shopOf = (deps: ApprovalDeps, companyId: string) => readShop(deps, companyId);

/** An approval's lines at the buyer's prices and stock today (products no longer sold left out). */
const pricedToday = async (db: Executor, row: ApprovalRow, shop: Shop) =>
  atBuyerPrices(
    await pricedProducts(
      db,
      row.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    ),
    shop.book ?? null,
  );

/** An approval's lines priced today, to its addresses: what approving it would place. */
async function draftOf(
  db: Executor,
  shop: Shop,
  row: ApprovalRow,
  ctx: RequestContext,
  lines?: PricedLine[],
) {
  return draftCheckout(
    db,
    shop,
    ctx,
    { deliveryAddressId: row.deliveryAddressId, invoiceAddressId: row.invoiceAddressId },
    { lines: lines ?? (await pricedToday(db, row, shop)) },
  );
}

async function findVisible(db: Executor, ctx: RequestContext, id: string, lock = false) {
  const query = db
    .select(summaryColumns)
    .from(orderApprovals)
    .innerJoin(requester, eq(requester.id, orderApprovals.requestedBy))
    .leftJoin(orders, eq(orders.id, orderApprovals.orderId))
    .where(and(eq(orderApprovals.id, id), visibleTo(ctx)));
  const [found] = await (lock ? query.for('update', { of: orderApprovals }) : query);
  if (!found) throw notFound();
  return found;
}

/** One approval with its lines priced today, its addresses and who decided. */
export async function getApproval(
  db: Db,
  deps: ApprovalDeps,
  ctx: RequestContext,
  id: string,
): Promise<Approval> {
  const found = await findVisible(db, ctx, id);
  const { row } = found;
  const shop = await shopOf(deps, row.companyId);
  const [decidedBy] = row.decidedBy
    ? await db
        .select({ id: decider.id, name: fullName(decider) })
        .from(decider)
        .where(eq(decider.id, row.decidedBy))
    : [];
  const [delivery, invoice, labels, today] = await Promise.all([
    addressOrNull(db, 'delivery', row.companyId, row.deliveryAddressId),
    addressOrNull(db, 'invoice', row.companyId, row.invoiceAddressId),
    findProductLabels(
      db,
      row.lines.map((line) => line.product_id),
      ctx.locale,
    ),
    pricedToday(db, row, shop),
  ]);
  const priced = new Map(today.map((line) => [line.productId, line]));
  const pending = row.status === 'pending';
  const problems: string[] = [];
  let totals: Approval['totals'] = null;
  if (!delivery || (row.invoiceAddressId && !invoice)) {
    if (pending) problems.push(t(ctx.locale, 'errors.approval_address_gone'));
  } else {
    const draft = await draftOf(db, shop, row, { ...ctx, companyId: row.companyId }, today);
    if (pending) {
      problems.push(...draft.blockers.map((blocker) => t(ctx.locale, blocker.key, blocker.vars)));
    }
    totals = {
      subtotal: fromCents(draft.totals.subtotalCents),
      shipping_amount: fromCents(draft.totals.shippingCents),
      tax_amount: fromCents(draft.totals.taxCents),
      total: fromCents(draft.totals.totalCents),
      vat_rate: draft.totals.vatRateBp / 100,
      vat_mode: draft.totals.vatMode,
      vat_mention: null,
      weight: draft.totals.weightGrams,
      currency: 'EUR',
    };
  }
  if (pending && today.length < row.lines.length) {
    problems.push(t(ctx.locale, 'errors.approval_product_gone'));
  }
  return {
    ...toSummary(found),
    lines: row.lines.map((line) => {
      const now = priced.get(line.product_id);
      const label = labels.get(line.product_id);
      return {
        product_id: line.product_id,
        sku: label?.sku ?? '',
        title: label?.title ?? '',
        quantity: line.quantity,
        requested_price: fromCents(line.unit_price_cents),
        price: now ? fromCents(now.unitPriceCents) : null,
        available: now?.available ?? 0,
      };
    }),
    totals,
    prices_changed: totals !== null && toCents(totals.total) !== row.totalCents,
    shipping_method: shop.checkout.shipping_method,
    problems,
    payment_method: row.paymentMethod as PaymentMethod,
    delivery_address: delivery ? toAddress('delivery', delivery) : null,
    invoice_address: invoice ? toAddress('invoice', invoice) : null,
    comment: row.comment,
    decided_by: decidedBy ? { _id: decidedBy.id, full_name: decidedBy.name } : null,
    decision_comment: row.decisionComment,
    can_decide: pending && can(ctx.role, 'approvals.decide'),
    can_withdraw: pending && row.requestedBy === ctx.userId,
  };
}

/**
 * Submits the caller's cart for approval with the checkout's addresses and payment method: the
 * same rules as placing it (addresses, minimums, stock, VAT), and only when the caller's limits
 * ask for it. The cart is emptied and the company's owners are notified, in one transaction.
 */
export async function submitApproval(
  deps: ApprovalDeps,
  ctx: RequestContext,
  input: ApprovalRequest,
): Promise<string> {
  const companyId = companyOf(ctx);
  const shop = await shopOf(deps, companyId);
  if (!shop.checkout.payment_methods.includes(input.payment_method)) {
    throw invalid('errors.payment_method_unavailable');
  }
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: carts.id, firstName: users.firstName, lastName: users.lastName })
      .from(carts)
      .innerJoin(users, eq(users.id, carts.userId))
      .where(eq(carts.userId, ctx.userId))
      .for('update', { of: carts });
    const cartId = locked?.id ?? (await cartIdOf(tx, ctx.userId));
    const draft = await draftCheckout(
      tx,
      shop,
      ctx,
      {
        deliveryAddressId: input.delivery_address_id,
        invoiceAddressId: input.invoice_address_id ?? null,
      },
      { cartId },
    );
    const [blocker] = draft.blockers;
    if (blocker) throw blockerError(blocker);
    const spending = await checkSpending(tx, ctx, draft.totals.totalCents);
    if (!spending.required || !spending.reason || !locked) {
      throw conflict('errors.approval_not_needed');
    }
    const [approval] = await tx
      .insert(orderApprovals)
      .values({
        companyId,
        requestedBy: ctx.userId,
        reason: spending.reason,
        lines: draft.lines.map((line) => ({
          product_id: line.productId,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
        })),
        totalCents: draft.totals.totalCents,
        deliveryAddressId: input.delivery_address_id,
        invoiceAddressId: input.invoice_address_id ?? null,
        paymentMethod: input.payment_method,
        comment: input.comment || null,
        locale: ctx.locale,
      })
      .returning({ id: orderApprovals.id });
    if (!approval) throw new Error('approval not created');
    await emptyCart(tx, cartId);
    await notifyCompany(tx, deps.config, companyId, 'approval_requested', {
      buyer: { _id: ctx.userId, full_name: `${locked.firstName} ${locked.lastName}` },
      approval: { _id: approval.id },
    });
    return approval.id;
  });
}

/** Locks a pending approval the caller may decide on; anything else decided already is 409. */
async function lockPending(tx: Executor, ctx: RequestContext, id: string) {
  const found = await findVisible(tx, ctx, id, true);
  if (found.row.status !== 'pending') throw conflict('errors.approval_already_decided');
  return found.row;
}

/**
 * An owner approves: the approval's lines are placed as the purchaser's order at today's prices,
 * taking the stock now, provided today's total is the one the owner saw (else 409, nothing
 * placed). Two owners approving at once: the second finds it decided (409).
 */
export async function approve(
  deps: ApprovalDeps,
  ctx: RequestContext,
  id: string,
  body: ApprovalApprove,
): Promise<void> {
  // Read before the transaction: waiting for another pooled connection inside it could wait for
  // connections held by others waiting the same way (one connection on embedded PGlite).
  const shop = await shopOf(deps, companyOf(ctx));
  const productIds = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, ctx, id);
    const [buyer] = await tx
      .select({
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        status: users.status,
      })
      .from(users)
      .where(eq(users.id, row.requestedBy));
    if (!buyer || buyer.status !== 'active') throw conflict('errors.approval_requester_inactive');
    const buyerCtx = requesterContext(row, buyer.role);
    const [delivery, invoice] = await Promise.all([
      addressOrNull(tx, 'delivery', row.companyId, row.deliveryAddressId),
      addressOrNull(tx, 'invoice', row.companyId, row.invoiceAddressId),
    ]);
    if (!delivery || (row.invoiceAddressId && !invoice)) {
      throw conflict('errors.approval_address_gone');
    }
    const draft = await draftOf(tx, shop, row, buyerCtx);
    if (draft.lines.length < row.lines.length) throw conflict('errors.approval_product_gone');
    const blocker = draft.blockers.find((b) => b.code !== 'insufficient_stock');
    if (blocker) throw blockerError(blocker);
    if (draft.totals.totalCents !== toCents(body.expected_total)) {
      throw conflict('errors.approval_total_changed');
    }
    // Waits for the purchaser's own orders being placed (their monthly budget's lock).
    await checkSpending(tx, buyerCtx, draft.totals.totalCents, { hold: true });
    const written = await writeOrder(tx, deps, buyerCtx, {
      input: {
        deliveryAddressId: row.deliveryAddressId,
        invoiceAddressId: row.invoiceAddressId,
        paymentMethod: row.paymentMethod as PaymentMethod,
        comment: row.comment,
      },
      draft,
      buyer,
      settings: shop.checkout,
    });
    await tx
      .update(orderApprovals)
      .set({
        status: 'approved',
        decidedBy: ctx.userId,
        decidedAt: sql`now()`,
        decisionComment: body.comment || null,
        orderId: written.order.id,
      })
      .where(eq(orderApprovals.id, row.id));
    await notifyCompany(
      tx,
      deps.config,
      row.companyId,
      'approval_approved',
      {
        approval: { _id: row.id },
        order: { _id: written.order.id, order_number: written.order.orderNumber },
      },
      { recipient: row.requestedBy },
    );
    return written.productIds;
  });
  deps.onStockChanged?.(productIds);
}

/** An owner declines with a comment; the purchaser is told. */
export async function decline(
  deps: ApprovalDeps,
  ctx: RequestContext,
  id: string,
  comment: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, ctx, id);
    await tx
      .update(orderApprovals)
      .set({
        status: 'declined',
        decidedBy: ctx.userId,
        decidedAt: sql`now()`,
        decisionComment: comment,
      })
      .where(eq(orderApprovals.id, row.id));
    await notifyCompany(
      tx,
      deps.config,
      row.companyId,
      'approval_declined',
      { approval: { _id: row.id } },
      { recipient: row.requestedBy },
    );
  });
}

/**
 * The purchaser who asked takes a pending request back; its lines go back into their cart
 * (quantities add up), those the stock still covers.
 */
export async function withdraw(deps: ApprovalDeps, ctx: RequestContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, ctx, id);
    if (row.requestedBy !== ctx.userId) throw forbidden();
    await tx
      .update(orderApprovals)
      .set({ status: 'withdrawn', decidedBy: ctx.userId, decidedAt: sql`now()` })
      .where(eq(orderApprovals.id, row.id));
    await addLinesToCart(
      tx,
      ctx.userId,
      row.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    );
  });
}

/** At most this many purchasers in the budgets table (a wholesale customer has a handful). */
const BUDGETS_MAX = 200;

/** Purchasers' limits and this month's orders: every purchaser's, or a purchaser's own. */
export async function listBudgets(db: Db, ctx: RequestContext): Promise<BudgetList> {
  const companyId = companyOf(ctx);
  const members = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      orderLimit: users.orderLimitCents,
      monthlyBudget: users.monthlyBudgetCents,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.role, 'purchaser'),
        ne(users.status, 'deleted'),
        ctx.role === 'purchaser' ? eq(users.id, ctx.userId) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(BUDGETS_MAX);
  const ids = members.map((member) => member.id);
  const [spent, pending] = await Promise.all([
    spentThisMonth(db, ids),
    ids.length
      ? db
          .select({ userId: orderApprovals.requestedBy, n: count() })
          .from(orderApprovals)
          .where(
            and(
              eq(orderApprovals.companyId, companyId),
              inArray(orderApprovals.requestedBy, ids),
              eq(orderApprovals.status, 'pending'),
            ),
          )
          .groupBy(orderApprovals.requestedBy)
      : Promise.resolve([]),
  ]);
  const pendingOf = new Map(pending.map((row) => [row.userId, row.n]));
  return {
    items: members.map((member) =>
      budgetOf(member, spent.get(member.id) ?? 0, pendingOf.get(member.id) ?? 0),
    ),
    can_manage: can(ctx.role, 'budgets.manage'),
  };
}

function budgetOf(
  member: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    orderLimit: number | null;
    monthlyBudget: number | null;
  },
  spentCents: number,
  pendingApprovals: number,
): Budget {
  return {
    member: {
      _id: member.id,
      full_name: `${member.firstName} ${member.lastName}`.trim(),
      email: member.email,
    },
    order_limit: member.orderLimit === null ? null : fromCents(member.orderLimit),
    monthly_budget: member.monthlyBudget === null ? null : fromCents(member.monthlyBudget),
    spent_this_month: fromCents(spentCents),
    budget_remaining:
      member.monthlyBudget === null
        ? null
        : fromCents(Math.max(0, member.monthlyBudget - spentCents)),
    pending_approvals: pendingApprovals,
  };
}

/** An owner sets a purchaser's order limit and monthly budget (null: none). */
export async function setBudget(
  db: Db,
  ctx: RequestContext,
  memberId: string,
  body: BudgetUpdate,
): Promise<Budget> {
  const companyId = companyOf(ctx);
  const [member] = await db
    .select({ role: users.role })
    .from(users)
    .where(
      and(eq(users.id, memberId), eq(users.companyId, companyId), ne(users.status, 'deleted')),
    );
  if (!member) throw notFound();
  if (member.role !== 'purchaser') throw conflict('errors.budget_purchasers_only');
  const [updated] = await db
    .update(users)
    .set({
      orderLimitCents: body.order_limit === null ? null : toCents(body.order_limit),
      monthlyBudgetCents: body.monthly_budget === null ? null : toCents(body.monthly_budget),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, memberId))
    .returning({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      orderLimit: users.orderLimitCents,
      monthlyBudget: users.monthlyBudgetCents,
    });
  if (!updated) throw notFound();
  const [spent, [pending]] = await Promise.all([
    spentThisMonth(db, [memberId]),
    db
      .select({ n: count() })
      .from(orderApprovals)
      .where(and(eq(orderApprovals.requestedBy, memberId), eq(orderApprovals.status, 'pending'))),
  ]);
  return budgetOf(updated, spent.get(memberId) ?? 0, pending?.n ?? 0);
}
