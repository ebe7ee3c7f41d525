import {
  QUOTES_PAGE_SIZE,
  STAFF_ROLES,
  can,
  type Locale,
  type Quote,
  type QuoteAnswer,
  type QuoteAskAgain,
  type QuoteDecline,
  type QuoteLine,
  type QuoteListQuery,
  type QuoteMessage,
  type QuoteMessageKind,
  type QuotePage,
  type QuoteRequest,
  type QuoteStatus,
  type QuoteSummary,
  type StaffQuote,
  type StaffQuoteListQuery,
  type StaffQuotePage,
} from '@portal/contract';
import { aliasedTable, and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import {
  companies,
  orders,
  products,
  quoteLines,
  quoteMessages,
  quotes,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { mailStaffAlert } from '../../platform/mail/staff-alerts';
import { fromCents, lineCents, toCents } from '../../platform/money';
import { webUrl } from '../../platform/urls';
import { companyOf } from '../addresses';
import { recordAudit } from '../audit';
import { atBuyerPrices, availableQuantity, pricedProducts, type PricedLine } from '../cart';
import { findProductLabels } from '../catalog';
import { notifyCompany } from '../notifications';
import type { PriceBook, PriceBooks } from '../pricing';

export interface QuotesDeps {
  db: Db;
  config: Config;
  /** Price lists' books: a line's list price is the buyer's price when they ask. */
  priceBooks?: Pick<PriceBooks, 'forCompany'>;
}

type QuoteRow = typeof quotes.$inferSelect;

const requester = aliasedTable(users, 'requester');
const fullName = (table: typeof users) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/** What the buyer sees: an answered quote past its last day is expired (not stored). */
const statusOf = sql<QuoteStatus>`case when ${quotes.status} = 'answered'
  and ${quotes.validUntil} < current_date then 'expired' else ${quotes.status} end`;

function statusIs(status: QuoteStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'expired') {
    return and(eq(quotes.status, 'answered'), sql`${quotes.validUntil} < current_date`);
  }
  if (status === 'answered') {
    return and(eq(quotes.status, 'answered'), sql`${quotes.validUntil} >= current_date`);
  }
  return eq(quotes.status, status);
}

/**
 * Units, lines and the quoted total of each quote, in the same statement as the page (named in
 * full: inside a subquery an unqualified "id" would be the subquery table's own).
 */
const lineTotals = {
  itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int
    from quote_lines l where l.quote_id = "quotes"."id")`,
  lineCount: sql<number>`(select count(*)::int from quote_lines l where l.quote_id = "quotes"."id")`,
  quotedCents: sql<number | null>`(select case when bool_and(l.unit_price_cents is not null)
      then sum(l.unit_price_cents::bigint * l.quantity)::bigint end
    from quote_lines l where l.quote_id = "quotes"."id")`,
};

const summaryColumns = {
  row: quotes,
  status: statusOf,
  requesterName: fullName(requester),
  orderNumber: orders.orderNumber,
  ...lineTotals,
};

interface SummaryFound {
  row: QuoteRow;
  status: QuoteStatus;
  requesterName: string;
  orderNumber: string | null;
  itemCount: number;
  lineCount: number;
  quotedCents: number | string | null;
}

function toSummary(found: SummaryFound): QuoteSummary {
  const { row } = found;
  return {
    _id: row.id,
    quote_number: row.quoteNumber,
    status: found.status,
    requester: { _id: row.requestedBy, full_name: found.requesterName },
    requested_at: row.createdAt.toISOString(),
    item_count: found.itemCount,
    line_count: found.lineCount,
    quoted_total: found.quotedCents === null ? null : fromCents(Number(found.quotedCents)),
    valid_until: row.validUntil,
    order:
      row.orderId && found.orderNumber
        ? { _id: row.orderId, order_number: found.orderNumber }
        : null,
  };
}

function pageOf<T>(items: T[], total: number, page: number) {
  return { items, total, page, totalPage: Math.max(1, Math.ceil(total / QUOTES_PAGE_SIZE)) };
}

/** Today in the database's calendar, the one `expired` is decided by. */
async function today(db: Executor): Promise<string> {
  const result = (await db.execute(sql`select current_date::text as day`)) as unknown as {
    rows: { day: string }[];
  };
  return result.rows[0]?.day ?? new Date().toISOString().slice(0, 10);
}

/** `GET /quotes`: the company's quotes, newest first. */
export async function listQuotes(
  db: Db,
  ctx: RequestContext,
  query: QuoteListQuery,
): Promise<QuotePage> {
  const where = and(eq(quotes.companyId, companyOf(ctx)), statusIs(query.status));
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(quotes)
      .innerJoin(requester, eq(requester.id, quotes.requestedBy))
      .leftJoin(orders, eq(orders.id, quotes.orderId))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(QUOTES_PAGE_SIZE)
      .offset((query.page - 1) * QUOTES_PAGE_SIZE),
    db.select({ total: count() }).from(quotes).where(where),
  ]);
  return pageOf(rows.map(toSummary), totals?.total ?? 0, query.page);
}

/** `GET /admin/quotes`: every company's quotes, newest first; q: a quote number or a company. */
export async function listStaffQuotes(db: Db, query: StaffQuoteListQuery): Promise<StaffQuotePage> {
  const text = query.q?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    statusIs(query.status),
    text
      ? or(ilike(quotes.quoteNumber, `${text}%`), ilike(companies.name, `%${text}%`))
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...summaryColumns, companyName: companies.name })
      .from(quotes)
      .innerJoin(requester, eq(requester.id, quotes.requestedBy))
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .leftJoin(orders, eq(orders.id, quotes.orderId))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(QUOTES_PAGE_SIZE)
      .offset((query.page - 1) * QUOTES_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .where(where),
  ]);
  return pageOf(
    rows.map((found) => ({
      ...toSummary(found),
      company: { _id: found.row.companyId, name: found.companyName },
    })),
    totals?.total ?? 0,
    query.page,
  );
}

/** A quote by id, of this company (another company's is not there), locked when asked. */
async function findQuote(db: Executor, id: string, companyId: string | null, lock = false) {
  const query = db
    .select({ ...summaryColumns, companyName: companies.name })
    .from(quotes)
    .innerJoin(requester, eq(requester.id, quotes.requestedBy))
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(and(eq(quotes.id, id), companyId ? eq(quotes.companyId, companyId) : undefined));
  const [found] = await (lock ? query.for('update', { of: quotes }) : query);
  if (!found) throw notFound('errors.quote_not_found');
  return found;
}

/** The quote's lines with titles in `locale` and the stock now. */
async function linesOf(db: Executor, quoteId: string, locale: Locale) {
  const rows = await db
    .select({
      productId: quoteLines.productId,
      quantity: quoteLines.quantity,
      listPriceCents: quoteLines.listPriceCents,
      unitPriceCents: quoteLines.unitPriceCents,
      stock: products.quantity,
      isInStock: products.isInStock,
    })
    .from(quoteLines)
    .innerJoin(products, eq(products.id, quoteLines.productId))
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  const labels = await findProductLabels(
    db,
    rows.map((row) => row.productId),
    locale,
  );
  return rows.map((row) => ({
    product_id: row.productId,
    sku: labels.get(row.productId)?.sku ?? '',
    title: labels.get(row.productId)?.title ?? '',
    quantity: row.quantity,
    list_price: fromCents(row.listPriceCents),
    unit_price: row.unitPriceCents === null ? null : fromCents(row.unitPriceCents),
    line_total:
      row.unitPriceCents === null ? null : fromCents(lineCents(row.unitPriceCents, row.quantity)),
    stock: availableQuantity({ isInStock: row.isInStock, quantity: row.stock }),
  }));
}

/** The conversation, oldest first; staff are named as the shop's. */
async function messagesOf(db: Executor, quoteId: string): Promise<QuoteMessage[]> {
  const rows = await db
    .select({ message: quoteMessages, name: fullName(users), role: users.role })
    .from(quoteMessages)
    .innerJoin(users, eq(users.id, quoteMessages.authorId))
    .where(eq(quoteMessages.quoteId, quoteId))
    .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id));
  return rows.map(({ message, name, role }) => ({
    _id: message.id,
    kind: message.kind as QuoteMessageKind,
    from_staff: (STAFF_ROLES as readonly string[]).includes(role),
    author: { _id: message.authorId, full_name: name },
    body: message.body,
    offer: message.offer
      ? {
          subtotal: fromCents(message.offer.subtotal_cents),
          valid_until: message.offer.valid_until,
          lines: message.offer.lines.map((line) => ({
            product_id: line.product_id,
            quantity: line.quantity,
            unit_price: fromCents(line.unit_price_cents),
          })),
        }
      : null,
    created_at: message.createdAt.toISOString(),
  }));
}

/** `GET /quotes/:id`: the quote, its lines and conversation, and what the caller may do. */
export async function getQuote(db: Executor, ctx: RequestContext, id: string): Promise<Quote> {
  const found = await findQuote(db, id, companyOf(ctx));
  const [lines, messages] = await Promise.all([linesOf(db, id, ctx.locale), messagesOf(db, id)]);
  const { status } = found;
  return {
    ...toSummary(found),
    wished_delivery_date: found.row.wishedDeliveryDate,
    lines: lines.map(({ stock: _stock, ...line }): QuoteLine => line),
    messages,
    can_accept:
      status === 'answered' && can(ctx.role, 'quotes.request') && can(ctx.role, 'orders.place'),
    can_respond:
      ['requested', 'answered', 'expired'].includes(status) && can(ctx.role, 'quotes.request'),
  };
}

/** `GET /admin/quotes/:id`: any company's quote, with the stock of each line. */
export async function getStaffQuote(
  db: Executor,
  ctx: RequestContext,
  id: string,
): Promise<StaffQuote> {
  const found = await findQuote(db, id, null);
  const [lines, messages] = await Promise.all([linesOf(db, id, ctx.locale), messagesOf(db, id)]);
  return {
    ...toSummary(found),
    company: { _id: found.row.companyId, name: found.companyName },
    wished_delivery_date: found.row.wishedDeliveryDate,
    lines,
    messages,
    can_answer: ['requested', 'answered', 'expired'].includes(found.status),
  };
}

/**
 * The products asked for at the buyer's prices now (`book`: their price list, read before the
 * transaction); an unknown or inactive one is refused on its line.
 */
async function wantedLines(
  db: Executor,
  ctx: RequestContext,
  lines: { product_id: string; quantity: number }[],
  book: PriceBook | null,
): Promise<PricedLine[]> {
  const priced = atBuyerPrices(
    await pricedProducts(
      db,
      lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    ),
    book,
  );
  const found = new Set(priced.map((line) => line.productId));
  const missing = lines.findIndex((line) => !found.has(line.product_id));
  if (missing >= 0) {
    throw fieldError(ctx.locale, `lines.${missing}.product_id`, 'errors.product_not_found');
  }
  return priced;
}

async function writeLines(tx: Executor, quoteId: string, lines: PricedLine[]) {
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  await tx.insert(quoteLines).values(
    lines.map((line, position) => ({
      quoteId,
      productId: line.productId,
      position,
      quantity: line.quantity,
      listPriceCents: line.unitPriceCents,
    })),
  );
}

async function addMessage(
  tx: Executor,
  quoteId: string,
  authorId: string,
  kind: QuoteMessageKind,
  body: string | null | undefined,
  offer?: typeof quoteMessages.$inferInsert.offer,
) {
  await tx
    .insert(quoteMessages)
    .values({ quoteId, authorId, kind, body: body || null, offer: offer ?? null });
}

/** Tells staff who asked for it that a quote waits for their answer. */
async function alertStaff(tx: Executor, deps: QuotesDeps, quote: QuoteRow) {
  let company: Promise<string> | undefined;
  await mailStaffAlert(tx, 'quotes', async (locale, firstName) => ({
    first_name: firstName,
    quote_number: quote.quoteNumber,
    company: await (company ??= tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, quote.companyId))
      .then(([row]) => row?.name ?? '')),
    quote_url: webUrl(deps.config, locale, `/admin/quotes/${quote.id}`),
  }));
}

/** `POST /quotes`: asks the shop for prices on these products and quantities. */
export async function requestQuote(
  deps: QuotesDeps,
  ctx: RequestContext,
  body: QuoteRequest,
): Promise<Quote> {
  const companyId = companyOf(ctx);
  const book = (await deps.priceBooks?.forCompany(companyId)) ?? null;
  const id = await deps.db.transaction(async (tx) => {
    if (body.wished_delivery_date && body.wished_delivery_date < (await today(tx))) {
      throw fieldError(ctx.locale, 'wished_delivery_date', 'validation.date_in_past');
    }
    const lines = await wantedLines(tx, ctx, body.lines, book);
    const [quote] = await tx
      .insert(quotes)
      .values({
        companyId,
        requestedBy: ctx.userId,
        wishedDeliveryDate: body.wished_delivery_date ?? null,
        locale: ctx.locale,
      })
      .returning();
    if (!quote) throw new Error('quote not created');
    await writeLines(tx, quote.id, lines);
    await addMessage(tx, quote.id, ctx.userId, 'request', body.message);
    await alertStaff(tx, deps, quote);
    return quote.id;
  });
  return getQuote(deps.db, ctx, id);
}

/** The quote locked for a buyer's step: refused once accepted or declined. */
async function lockOpen(tx: Executor, ctx: RequestContext, id: string) {
  const found = await findQuote(tx, id, companyOf(ctx), true);
  if (found.status === 'accepted') throw conflict('errors.quote_already_accepted');
  if (found.status === 'declined') throw conflict('errors.quote_declined');
  return found;
}

/** `POST /quotes/:id/ask-again`: back to staff with a message, and other quantities if given. */
export async function askAgain(
  deps: QuotesDeps,
  ctx: RequestContext,
  id: string,
  body: QuoteAskAgain,
): Promise<Quote> {
  const book = (await deps.priceBooks?.forCompany(ctx.companyId)) ?? null;
  await deps.db.transaction(async (tx) => {
    const found = await lockOpen(tx, ctx, id);
    if (body.lines) await writeLines(tx, id, await wantedLines(tx, ctx, body.lines, book));
    else
      await tx.update(quoteLines).set({ unitPriceCents: null }).where(eq(quoteLines.quoteId, id));
    await tx
      .update(quotes)
      .set({ status: 'requested', validUntil: null, updatedAt: sql`now()` })
      .where(eq(quotes.id, id));
    await addMessage(tx, id, ctx.userId, 'ask_again', body.message);
    if (found.status !== 'requested') await alertStaff(tx, deps, found.row);
  });
  return getQuote(deps.db, ctx, id);
}

/** `POST /quotes/:id/decline`: the buyer does not want it. */
export async function declineQuote(
  deps: QuotesDeps,
  ctx: RequestContext,
  id: string,
  body: QuoteDecline,
): Promise<Quote> {
  await deps.db.transaction(async (tx) => {
    await lockOpen(tx, ctx, id);
    await tx
      .update(quotes)
      .set({ status: 'declined', updatedAt: sql`now()` })
      .where(eq(quotes.id, id));
    await addMessage(tx, id, ctx.userId, 'decline', body.message);
  });
  return getQuote(deps.db, ctx, id);
}

/** `POST /admin/quotes/:id/answer`: a price for every line, a last day and a message. */
export async function answerQuote(
  deps: QuotesDeps,
  ctx: RequestContext,
  id: string,
  body: QuoteAnswer,
): Promise<StaffQuote> {
  await deps.db.transaction(async (tx) => {
    const found = await findQuote(tx, id, null, true);
    if (found.status === 'accepted') throw conflict('errors.quote_already_accepted');
    if (found.status === 'declined') throw conflict('errors.quote_declined');
    if (body.valid_until < (await today(tx))) {
      throw fieldError(ctx.locale, 'valid_until', 'validation.date_in_past');
    }
    const lines = await tx
      .select({ productId: quoteLines.productId, quantity: quoteLines.quantity })
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, id))
      .orderBy(asc(quoteLines.position));
    const priceOf = new Map(body.lines.map((line) => [line.product_id, toCents(line.unit_price)]));
    const unpriced = lines.findIndex((line) => !priceOf.has(line.productId));
    if (unpriced >= 0 || priceOf.size !== lines.length || body.lines.length !== lines.length) {
      throw fieldError(ctx.locale, 'lines', 'errors.quote_lines_mismatch');
    }
    const wanted = sql.join(
      lines.map((line) => sql`(${line.productId}::uuid, ${priceOf.get(line.productId)}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${quoteLines} set unit_price_cents = priced.cents
      from (values ${wanted}) as priced (product_id, cents)
      where ${quoteLines.quoteId} = ${id} and ${quoteLines.productId} = priced.product_id`);
    await tx
      .update(quotes)
      .set({
        status: 'answered',
        validUntil: body.valid_until,
        answeredBy: ctx.userId,
        answeredAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(quotes.id, id));
    const offered = lines.map((line) => ({
      product_id: line.productId,
      quantity: line.quantity,
      unit_price_cents: priceOf.get(line.productId) ?? 0,
    }));
    const subtotal = offered.reduce(
      (sum, line) => sum + lineCents(line.unit_price_cents, line.quantity),
      0,
    );
    await addMessage(tx, id, ctx.userId, 'answer', body.message, {
      lines: offered,
      subtotal_cents: subtotal,
      valid_until: body.valid_until,
    });
    await notifyCompany(
      tx,
      deps.config,
      found.row.companyId,
      'quote_answered',
      { quote: { _id: id, quote_number: found.row.quoteNumber } },
      { recipient: found.row.requestedBy },
    );
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'quote.answer',
      entityType: 'quote',
      entityId: id,
      entityLabel: found.row.quoteNumber,
      after: { subtotal: fromCents(subtotal), valid_until: body.valid_until, lines: offered },
    });
  });
  return getStaffQuote(deps.db, ctx, id);
}

/**
 * The lines an order accepting this quote is placed with: the quote's products and quantities
 * with today's stock and weight at the quoted prices. Refused unless the quote is answered and
 * valid, and when a product is no longer sold. Locks the quote inside a transaction.
 */
export async function quoteOrderLines(
  db: Executor,
  ctx: RequestContext,
  id: string,
  lock = false,
): Promise<PricedLine[]> {
  const found = await findQuote(db, id, companyOf(ctx), lock);
  const refusal = {
    requested: 'errors.quote_not_answered',
    expired: 'errors.quote_expired',
    accepted: 'errors.quote_already_accepted',
    declined: 'errors.quote_declined',
  } as const;
  if (found.status !== 'answered') throw conflict(refusal[found.status]);
  const lines = await db
    .select({
      productId: quoteLines.productId,
      quantity: quoteLines.quantity,
      unitPriceCents: quoteLines.unitPriceCents,
    })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, id))
    .orderBy(asc(quoteLines.position));
  const priced = await pricedProducts(db, lines);
  if (priced.length !== lines.length) throw conflict('errors.quote_product_unavailable');
  const quoted = new Map(lines.map((line) => [line.productId, line.unitPriceCents ?? 0]));
  return priced.map((line) => ({ ...line, unitPriceCents: quoted.get(line.productId) ?? 0 }));
}

/** The quote became this order (in the order's transaction, after quoteOrderLines locked it). */
export async function markQuoteAccepted(
  tx: Executor,
  ctx: RequestContext,
  id: string,
  orderId: string,
): Promise<void> {
  await tx
    .update(quotes)
    .set({ status: 'accepted', orderId, updatedAt: sql`now()` })
    .where(and(eq(quotes.id, id), eq(quotes.companyId, companyOf(ctx))));
  await addMessage(tx, id, ctx.userId, 'accept', null);
}
