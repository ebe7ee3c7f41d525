import { createHash, randomUUID } from 'node:crypto';
import type {
  CheckoutSettings,
  Locale,
  Order,
  PaymentMethod,
  ProductSettings,
} from '@portal/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { rowFromJson, type JsonRow } from '../../db/json-rows';
import {
  carts,
  idempotencyKeys,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, invalid, serviceUnavailable } from '../../platform/errors';
import type { OutgoingMail } from '../../platform/mail/outbox';
import { mailStaffAlert } from '../../platform/mail/staff-alerts';
import { formatEuros, lineCents } from '../../platform/money';
import type { Payments } from '../../platform/payments';
import { appUrl, webUrl } from '../../platform/urls';
import { companyOf, snapshotOf } from '../addresses';
import { availableQuantity, cartIdOf, emptiedCart } from '../cart';
import { productLabelsQuery, type StockChangeCause } from '../catalog';
import { companyName } from '../companies';
import {
  blockerError,
  checkSpending,
  checkoutDefaults,
  deliveryDaysOf,
  draftCheckout,
  quoteNeedsOwner,
  readShop,
  type Shop,
  vatMentionOf,
  type CheckoutDraft,
  type Spending,
} from '../checkout';
import { notifyCompany } from '../notifications';
import type { PriceBooks } from '../pricing';
import { markQuoteAccepted, quoteOrderLines } from '../quotes';
import type { OrderRow } from './status';
import { describeOrder, findOrder, orderView } from './view';

export interface OrdersDeps {
  db: Db;
  config: Config;
  payments: Payments;
  productSettings: () => Promise<ProductSettings>;
  checkoutSettings: () => Promise<CheckoutSettings>;
  log: FastifyBaseLogger;
  /** Price lists' books (issue 24): a company's buyers order at their prices. */
  priceBooks?: Pick<PriceBooks, 'forCompany'>;
  /** Told which products' stock changed, after the change is committed (the catalog index). */
  onStockChanged?: (productIds: string[]) => void;
}

export interface PlaceOrderInput {
  deliveryAddressId: string;
  invoiceAddressId: string | null;
  paymentMethod: PaymentMethod;
  comment: string | null;
  /** Accepts this quote: its lines at its prices instead of the cart (issue 24). */
  quoteId?: string | null;
  /** The total in cents the buyer saw: another one today refuses the order (prices changed). */
  expectedTotalCents?: number | null;
}

/** The buyer saw another total than the order would have now: nothing is placed. */
function refuseChangedTotal(input: PlaceOrderInput, draft: CheckoutDraft, ctx: RequestContext) {
  const expected = input.expectedTotalCents;
  if (expected === null || expected === undefined || expected === draft.totals.totalCents) return;
  throw conflict('errors.order_total_changed', {
    total: formatEuros(draft.totals.totalCents, ctx.locale),
  });
}

/** An Idempotency-Key and the request it came with (a repeat must send the same). */
export interface Idempotency {
  key: string;
  request: unknown;
}

export interface PlacedOrder {
  order: Order;
  /** The provider's page; null for bank transfer. */
  redirectUrl: string | null;
  /** True when an Idempotency-Key repeat answered an earlier order. */
  replayed: boolean;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** An earlier order under the same key; refused when the key came with another request. */
async function replayOf(
  db: Executor,
  userId: string,
  key: string,
  requestHash: string,
): Promise<string | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== requestHash) throw conflict('errors.idempotency_key_reused');
  return row.orderId;
}

/**
 * Takes the units of each line from stock, as a relation of the ids of the products whose units
 * were taken, for the statement that writes the order (the database's `reserve_stock`, migration
 * 0052). The rows are locked in one fixed order (by id), so concurrent orders of the same
 * products queue instead of deadlocking, with the lock an UPDATE of stock takes. The order lines'
 * foreign keys are checked at the end of that statement, on rows this order holds already: had
 * they been checked before, on rows another order held, each would have made a multixact of the
 * lockers (2.5 ms of PostgreSQL's CPU per order of 3 lines at 32 buyers at once). Stock only:
 * products.updated_at stays, so the catalog index is not rebuilt for it.
 */
function stockTaken(lines: { productId: string; quantity: number }[], cause: StockChangeCause) {
  return sql`select reserve_stock(
      ${sql.param(lines.map((line) => line.productId))}::uuid[],
      ${sql.param(lines.map((line) => line.quantity))}::int[],
      ${cause.reason}, ${cause.userId ?? null}, ${cause.reference ?? null}) as id`;
}

/** Refuses the order when a line's units were not taken (`stockTaken`): everything rolls back. */
async function refuseShortLine(
  tx: Executor,
  lines: { productId: string; quantity: number }[],
  taken: string[],
  titleOf: (productId: string) => string,
) {
  const reserved = new Set(taken);
  const short = [...lines]
    .sort((a, b) => a.productId.localeCompare(b.productId))
    .find((line) => !reserved.has(line.productId));
  if (!short) return;
  const [now] = await tx
    .select({ quantity: products.quantity, isInStock: products.isInStock })
    .from(products)
    .where(eq(products.id, short.productId));
  const available = now ? availableQuantity(now) : 0;
  const title = titleOf(short.productId);
  throw available === 0
    ? conflict('errors.out_of_stock', { title })
    : conflict('errors.quantity_exceeds_stock', { available, title });
}

/** The order's mail to the buyer, in the buyer's language (staff may send it again). */
export function confirmationMail(
  config: Config,
  settings: CheckoutSettings,
  order: Pick<OrderRow, 'locale' | 'orderNumber' | 'totalCents' | 'deliveryDays' | 'paymentMethod'>,
  buyer: { email: string; firstName: string },
): OutgoingMail<'order_placed' | 'order_placed_bank_transfer'> {
  const locale = order.locale as Locale;
  const common = {
    first_name: buyer.firstName,
    order_number: order.orderNumber,
    order_value: formatEuros(order.totalCents, locale),
    delivery_days: order.deliveryDays,
    order_url: webUrl(config, locale, '/orders'),
  };
  return order.paymentMethod === 'banktransfer'
    ? {
        to: buyer.email,
        template: 'order_placed_bank_transfer',
        locale,
        vars: { ...common, ...settings.bank_account },
      }
    : { to: buyer.email, template: 'order_placed', locale, vars: common };
}

/** The answer to an order above the purchaser's limits: it can only be submitted for approval. */
function approvalRequired(spending: Spending, ctx: RequestContext) {
  return spending.reason === 'monthly_budget'
    ? conflict('errors.approval_required_monthly_budget', {
        remaining: formatEuros(spending.budgetRemainingCents ?? 0, ctx.locale),
      })
    : conflict('errors.approval_required_order_limit', {
        limit: formatEuros(spending.orderLimitCents ?? 0, ctx.locale),
      });
}

/** The rows an order's statement wrote, as JSON, and the products whose units it took. */
interface WrittenOrder {
  order: JsonRow | null;
  lines: JsonRow[] | null;
  event: JsonRow | null;
  payment: JsonRow | null;
  taken: string[];
}

/** The next order number, for a statement that reads it ahead of the order's (checkout's lock). */
const nextOrderNumber = sql<string>`nextval('order_number_seq')::text`;

async function takeOrderNumber(tx: Executor): Promise<string> {
  const taken = (await tx.execute(sql`select ${nextOrderNumber} as number`)) as unknown as {
    rows: { number: string }[];
  };
  const [row] = taken.rows;
  if (!row) throw new Error('no order number');
  return row.number;
}

/** An order to write: the checkout's choices, its priced draft and the buyer placing it. */
export interface OrderToWrite {
  input: PlaceOrderInput;
  draft: CheckoutDraft;
  buyer: { email: string; firstName: string; lastName: string };
  settings: CheckoutSettings;
  /** The Idempotency-Key the order is placed under, written with it. */
  idempotency?: { key: string; requestHash: string };
  /** The cart the order was drafted from, emptied in the statement that writes the order. */
  cartId?: string;
  /** Its number when already taken (`nextOrderNumber`); else taken here. */
  orderNumber?: string;
}

/**
 * Writes a priced order in the caller's transaction: the company's notification, the buyer's
 * mail and the staff alert, then in one statement the order with its snapshots and totals,
 * lines, first event and payment row, and the stock taken (a line that does not fit rolls
 * everything back). Its id and number are known before it is written, so the mails name it
 * and the stock comes last: the products' rows, which concurrent orders of them wait for, are
 * held from that statement to the commit only. Used by checkout and by an owner's approval
 * (issue 24).
 */
export async function writeOrder(
  tx: Executor,
  deps: OrdersDeps,
  ctx: RequestContext,
  { input, draft, buyer, settings, idempotency, cartId, orderNumber }: OrderToWrite,
) {
  const companyId = companyOf(ctx);
  const { totals } = draft;
  const online = input.paymentMethod !== 'banktransfer';
  const number = orderNumber ?? (await takeOrderNumber(tx));
  const announced = {
    id: randomUUID(),
    orderNumber: number,
    locale: ctx.locale,
    totalCents: totals.totalCents,
    deliveryDays: deliveryDaysOf(input.paymentMethod, settings),
    paymentMethod: input.paymentMethod,
  };
  // The buyer has the order's confirmation mail, queued with the members' notifications.
  await notifyCompany(
    tx,
    deps.config,
    companyId,
    'new_order',
    {
      buyer: { _id: ctx.userId, full_name: `${buyer.firstName} ${buyer.lastName}` },
      order: { _id: announced.id, order_number: number },
    },
    {
      mailedApart: ctx.userId,
      mails: [confirmationMail(deps.config, settings, announced, buyer)],
    },
  );
  if (!online) {
    // Named once, however many staff members get the alert.
    let company: Promise<string> | undefined;
    await mailStaffAlert(tx, 'bank_transfers', async (staffLocale, firstName) => ({
      first_name: firstName,
      order_number: number,
      company: await (company ??= companyName(tx, companyId)),
      amount: formatEuros(totals.totalCents, staffLocale),
      order_url: webUrl(deps.config, staffLocale, `/admin/orders/${announced.id}`),
    }));
  }
  const insertOrder = tx
    .insert(orders)
    .values({
      id: announced.id,
      orderNumber: number,
      companyId,
      userId: ctx.userId,
      paymentMethod: input.paymentMethod,
      subtotalCents: totals.subtotalCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      vatRateBp: totals.vatRateBp,
      vatMode: totals.vatMode,
      vatMention: vatMentionOf(draft, ctx),
      shippingMethod: settings.shipping_method,
      weightGrams: totals.weightGrams,
      deliveryDays: announced.deliveryDays,
      comment: input.comment || null,
      deliveryAddress: snapshotOf(draft.delivery),
      invoiceAddress: draft.invoice
        ? snapshotOf(draft.invoice)
        : { ...snapshotOf(draft.delivery), vat_number: draft.buyerVatNumber },
      deliveryAddressId: draft.delivery.id,
      invoiceAddressId: draft.invoice?.id ?? null,
      locale: ctx.locale,
    })
    .returning();
  const ids = draft.lines.map((line) => line.productId);
  const column = <T>(pick: (line: CheckoutDraft['lines'][number]) => T) =>
    sql.param(draft.lines.map(pick));
  const cause = { reason: 'sold' as const, userId: ctx.userId, reference: number };
  // The order, its lines (with the products' SKU and title in the order's language), its first
  // event, its payment row and its Idempotency-Key in one statement, the cart emptied and the
  // stock taken in it: six inserts, a read, the cart's delete and the stock's call were nine
  // round trips.
  const written = (await tx.execute(sql`
    with ${cartId ? sql`${emptiedCart(cartId)},` : sql``} labels as (${productLabelsQuery(tx, ids, ctx.locale).getSQL()}),
    placed as (${insertOrder.getSQL()}),
    placed_lines as (
      insert into ${orderLines} (order_id, product_id, position, sku, title, unit_price_cents,
        quantity, subtotal_cents, weight_grams)
      select placed.id, wanted.product_id, wanted.position - 1, coalesce(labels.sku, ''),
        coalesce(labels.title, ''), wanted.unit_price_cents, wanted.quantity,
        wanted.subtotal_cents, wanted.weight_grams
      from placed
      cross join unnest(${sql.param(ids)}::uuid[],
        ${column((line) => line.unitPriceCents)}::int[], ${column((line) => line.quantity)}::int[],
        ${column((line) => lineCents(line.unitPriceCents, line.quantity))}::int[],
        ${column((line) => line.weightGrams)}::int[])
        with ordinality as wanted (product_id, unit_price_cents, quantity, subtotal_cents,
          weight_grams, position)
      left join labels on labels.id = wanted.product_id
      returning *
    ),
    first_event as (
      insert into ${orderEvents} (order_id, from_status, status, actor, user_id)
      select placed.id, null, 'pending', 'customer', ${ctx.userId} from placed
      returning *
    ),
    first_payment as (
      insert into ${payments} (order_id, provider, method, amount_cents)
      select placed.id, ${online ? deps.payments.active.name : 'bank_transfer'},
        ${input.paymentMethod}, placed.total_cents from placed
      returning *
    ),${
      idempotency
        ? sql` keyed as (
      insert into ${idempotencyKeys} (user_id, key, request_hash, order_id)
      select ${ctx.userId}, ${idempotency.key}, ${idempotency.requestHash}, placed.id from placed
    ),`
        : sql``
    }
    taken as (${stockTaken(draft.lines, cause)})
    select (select to_jsonb(placed) from placed) as order,
      (select jsonb_agg(placed_lines order by position) from placed_lines) as lines,
      (select to_jsonb(first_event) from first_event) as event,
      (select to_jsonb(first_payment) from first_payment) as payment,
      (select coalesce(jsonb_agg(id), '[]'::jsonb) from taken) as taken`)) as unknown as {
    rows: WrittenOrder[];
  };
  const [row] = written.rows;
  if (!row?.order || !row.event || !row.payment) throw new Error('order not written');
  const order = rowFromJson(orders, row.order);
  const lines = (row.lines ?? []).map((line) => rowFromJson(orderLines, line));
  const event = rowFromJson(orderEvents, row.event);
  const payment = rowFromJson(payments, row.payment);
  const titles = new Map(lines.map((line) => [line.productId, line.title]));
  await refuseShortLine(tx, draft.lines, row.taken, (productId) => titles.get(productId) ?? '');
  return {
    order,
    lines,
    event: { event, firstName: buyer.firstName, lastName: buyer.lastName },
    payment,
    productIds: ids,
  };
}

/**
 * Places the caller's cart as an order in one transaction: checks the rules, reserves stock
 * with conditional updates (never below zero), snapshots lines, addresses and totals, takes
 * the next order number, empties the cart, notifies the company and queues the mail. Then
 * starts the online payment. With an Idempotency-Key a repeat answers the same order.
 */
export async function placeOrder(
  deps: OrdersDeps,
  ctx: RequestContext,
  input: PlaceOrderInput,
  idempotency?: Idempotency,
): Promise<PlacedOrder> {
  const companyId = companyOf(ctx);
  const keyed = idempotency
    ? { key: idempotency.key, requestHash: hashOf(idempotency.request ?? null) }
    : undefined;
  if (keyed) {
    const earlier = await replayOf(deps.db, ctx.userId, keyed.key, keyed.requestHash);
    if (earlier) return answerReplay(deps, companyId, earlier);
  }
  // Read before the transaction: a reader waiting for a pooled connection inside it could wait
  // for connections held by other checkouts waiting the same way.
  const shop = await readShop(deps, ctx.companyId);
  const settings = shop.checkout;
  if (!settings.payment_methods.includes(input.paymentMethod)) {
    throw invalid('errors.payment_method_unavailable');
  }

  const placed = await deps.db.transaction(async (tx) => {
    if (keyed) {
      // Serializes requests with the same key; the loser sees the winner's order.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`${ctx.userId}:${keyed.key}`}, 0))`,
      );
      const earlier = await replayOf(tx, ctx.userId, keyed.key, keyed.requestHash);
      if (earlier) return { kind: 'replay', orderId: earlier } as const;
    }
    if (input.quoteId) {
      const written = await placeQuote(tx, deps, ctx, input, input.quoteId, shop, keyed);
      return { kind: 'placed', ...written } as const;
    }
    // One checkout per cart at a time: a second one waits and then finds the cart empty. The
    // buyer (named in the notification and the mail) and the order's number come with it (a
    // checkout refused later leaves a gap in the order numbers, as a rolled-back insert would).
    const [locked] = await tx
      .select({
        id: carts.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        orderNumber: nextOrderNumber,
      })
      .from(carts)
      .innerJoin(users, eq(users.id, carts.userId))
      .where(eq(carts.userId, ctx.userId))
      .for('update', { of: carts });
    const cartId = locked?.id ?? (await cartIdOf(tx, ctx.userId));
    const draft = await draftCheckout(tx, shop, ctx, input, { cartId });
    const blocker = draft.blockers.find((b) => b.code !== 'insufficient_stock');
    if (blocker) throw blockerError(blocker);
    refuseChangedTotal(input, draft, ctx);

    const spending = await checkSpending(tx, ctx, draft.totals.totalCents, { hold: true });
    if (spending.required) throw approvalRequired(spending, ctx);
    // A buyer without a cart row has an empty cart: the draft's blocker answered above.
    const buyer = locked;
    if (!buyer) throw new Error('cart vanished');
    const written = await writeOrder(tx, deps, ctx, {
      input,
      draft,
      buyer,
      settings,
      idempotency: keyed,
      cartId,
      orderNumber: buyer.orderNumber,
    });
    return { kind: 'placed', ...written, buyer } as const;
  });

  if (placed.kind === 'replay') return answerReplay(deps, companyId, placed.orderId);
  deps.onStockChanged?.(placed.productIds);
  const online = placed.order.paymentMethod !== 'banktransfer';
  // Answered from what was just written, without reading the order back.
  const payment = online ? await openPayment(deps, placed.order, placed.payment) : placed.payment;
  return {
    order: orderView(
      placed.order,
      {
        lines: placed.lines,
        events: [placed.event],
        payments: [payment],
        placer: placed.buyer,
        shipments: [],
      },
      settings,
    ),
    redirectUrl: online ? payment.checkoutUrl : null,
    replayed: false,
  };
}

/**
 * Accepts a quote in the caller's transaction: the quote locked and checked (answered, valid,
 * every product still sold), its lines at the quoted prices; the cart is left as it is.
 */
async function placeQuote(
  tx: Executor,
  deps: OrdersDeps,
  ctx: RequestContext,
  input: PlaceOrderInput,
  quoteId: string,
  shop: Shop,
  idempotency: OrderToWrite['idempotency'],
) {
  const lines = await quoteOrderLines(tx, ctx, quoteId, true);
  const draft = await draftCheckout(tx, shop, ctx, input, { lines, quote: true });
  const blocker = draft.blockers.find((b) => b.code !== 'insufficient_stock');
  if (blocker) throw blockerError(blocker);
  refuseChangedTotal(input, draft, ctx);
  const spending = await checkSpending(tx, ctx, draft.totals.totalCents, { hold: true });
  if (spending.required) throw blockerError(quoteNeedsOwner);
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  if (!buyer) throw new Error('buyer vanished');
  const written = await writeOrder(tx, deps, ctx, {
    input,
    draft,
    buyer,
    settings: shop.checkout,
    idempotency,
  });
  await markQuoteAccepted(tx, ctx, quoteId, written.order.id);
  return { ...written, buyer };
}

async function answerReplay(
  deps: OrdersDeps,
  companyId: string,
  orderId: string,
): Promise<PlacedOrder> {
  const order = await findOrder(deps.db, orderId, companyId);
  const redirectUrl = await startPayment(deps, order);
  const settings = await deps.checkoutSettings();
  return { order: await describeOrder(deps.db, order, settings), redirectUrl, replayed: true };
}

/**
 * The provider's page for a pending online order: the open payment's, or a new payment at the
 * provider. Null for bank transfer and for orders past pending.
 */
export async function startPayment(deps: OrdersDeps, order: OrderRow): Promise<string | null> {
  if (order.paymentMethod === 'banktransfer' || order.status !== 'pending') return null;
  const [latest] = await deps.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return (await openPayment(deps, order, latest)).checkoutUrl;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * The order's open payment with its page at the provider: `latest` when it has one, else a
 * payment created at the provider (for `latest` when it is open and not there yet).
 */
async function openPayment(
  deps: OrdersDeps,
  order: OrderRow,
  latest: PaymentRow | undefined,
): Promise<PaymentRow> {
  if (latest?.status === 'open' && latest.checkoutUrl) return latest;
  const payment =
    latest?.status === 'open' && !latest.providerPaymentId
      ? latest
      : (
          await deps.db
            .insert(payments)
            .values({
              orderId: order.id,
              provider: deps.payments.active.name,
              method: order.paymentMethod,
              amountCents: order.totalCents,
            })
            .returning()
        )[0];
  if (!payment) throw new Error('payment not created');
  const provider = deps.payments.byName(payment.provider) ?? deps.payments.active;
  const base = appUrl(deps.config);
  let created: { id: string; checkoutUrl: string };
  try {
    created = await provider.createPayment({
      amountCents: payment.amountCents,
      currency: 'EUR',
      description: `Order ${order.orderNumber}`,
      orderId: order.id,
      method: order.paymentMethod as PaymentMethod,
      redirectUrl: `${base}/api/payments/return/${payment.id}`,
      webhookUrl: `${base}/api/payments/webhook/${provider.name}`,
      locale: order.locale,
      // Requests racing for this row (a repeated Idempotency-Key) get one provider payment.
      idempotencyKey: payment.id,
    });
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'payment provider refused the payment');
    throw serviceUnavailable('errors.payment_provider_unavailable');
  }
  const [opened] = await deps.db
    .update(payments)
    .set({
      provider: provider.name,
      providerPaymentId: created.id,
      checkoutUrl: created.checkoutUrl,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!opened) throw new Error('payment vanished');
  return opened;
}

/** Buy with one click: the company's default addresses and the caller's last payment method. */
export async function buyWithOneClick(
  deps: OrdersDeps,
  ctx: RequestContext,
  comment: string | null,
  idempotencyKey?: string,
): Promise<PlacedOrder> {
  const settings = await deps.checkoutSettings();
  const { delivery, invoice, paymentMethod } = await checkoutDefaults(deps.db, ctx, settings);
  if (!delivery) throw invalid('errors.no_default_delivery_address');
  return placeOrder(
    deps,
    ctx,
    {
      deliveryAddressId: delivery.id,
      invoiceAddressId: invoice?.id ?? null,
      paymentMethod,
      comment,
    },
    idempotencyKey ? { key: idempotencyKey, request: { one_click: true, comment } } : undefined,
  );
}
