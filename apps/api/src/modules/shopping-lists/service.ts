import {
  can,
  SHOPPING_LIST_MAX_LINES,
  SHOPPING_LISTS_PAGE_SIZE,
  type CartResponse,
  type ProductSettings,
  type ShoppingList,
  type ShoppingListCopy,
  type ShoppingListCreate,
  type ShoppingListLineInput,
  type ShoppingListLineUpdate,
  type ShoppingListPage,
  type ShoppingListSummary,
  type ShoppingListToCart,
  type ShoppingListUpdate,
} from '@portal/contract';
import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  cartItems,
  orderLines,
  orders,
  products,
  shoppingListLines,
  shoppingLists,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { AppError, conflict, notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { fromCents, lineCents } from '../../platform/money';
import { companyOf } from '../addresses';
import { addLinesToCart, availableQuantity, cartIdOf, getMyCart } from '../cart';
import { listItems, type CatalogReadModel } from '../catalog';
import type { PriceBooks } from '../pricing';

export interface ShoppingListDeps {
  db: Db;
  catalog: CatalogReadModel;
  productSettings: () => Promise<ProductSettings>;
  /** Price lists' books (issue 24): the lines show the buyer's prices. */
  priceBooks?: Pick<PriceBooks, 'forCompany'>;
}

/** The lists the caller may see: the company's shared ones and their own. */
function visibleTo(ctx: RequestContext, companyId: string): SQL {
  return and(
    eq(shoppingLists.companyId, companyId),
    or(eq(shoppingLists.shared, true), eq(shoppingLists.createdBy, ctx.userId)),
  ) as SQL;
}

/** Accountants see only the shared lists (they make none). */
function visibleCondition(ctx: RequestContext): SQL {
  const companyId = companyOf(ctx);
  return can(ctx.role, 'shopping_lists.use')
    ? visibleTo(ctx, companyId)
    : (and(eq(shoppingLists.companyId, companyId), eq(shoppingLists.shared, true)) as SQL);
}

interface ListRow {
  id: string;
  name: string;
  shared: boolean;
  createdBy: string;
  creatorFirstName: string;
  creatorLastName: string;
  updatedAt: Date;
}

const listColumns = {
  id: shoppingLists.id,
  name: shoppingLists.name,
  shared: shoppingLists.shared,
  createdBy: shoppingLists.createdBy,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  updatedAt: shoppingLists.updatedAt,
};

/** Whether the caller may rename, share, change and delete this list. */
function canEdit(ctx: RequestContext, list: Pick<ListRow, 'createdBy' | 'shared'>): boolean {
  if (!can(ctx.role, 'shopping_lists.use')) return false;
  return (
    list.createdBy === ctx.userId || (list.shared && can(ctx.role, 'shopping_lists.manage_shared'))
  );
}

function summaryOf(
  ctx: RequestContext,
  row: ListRow,
  sums: { lines: number; totalCents: number },
): ShoppingListSummary {
  return {
    _id: row.id,
    name: row.name,
    shared: row.shared,
    created_by: `${row.creatorFirstName} ${row.creatorLastName}`.trim(),
    mine: row.createdBy === ctx.userId,
    can_edit: canEdit(ctx, row),
    line_count: sums.lines,
    total: fromCents(sums.totalCents),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The lists the caller may see, a page of them, last changed first, with counts and totals. */
export async function listShoppingLists(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  page = 1,
): Promise<ShoppingListPage> {
  const limit = SHOPPING_LISTS_PAGE_SIZE;
  const where = visibleCondition(ctx);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({
        ...listColumns,
        lines: sql<number>`(select count(*)::int from ${shoppingListLines} l
          where l.list_id = ${shoppingLists.id})`,
        totalCents: sql<number>`(select coalesce(sum(l.quantity * p.price_cents), 0)::bigint
          from ${shoppingListLines} l join ${products} p on p.id = l.product_id
          where l.list_id = ${shoppingLists.id} and p.is_active)`,
      })
      .from(shoppingLists)
      .innerJoin(users, eq(users.id, shoppingLists.createdBy))
      .where(where)
      .orderBy(desc(shoppingLists.updatedAt), asc(shoppingLists.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(shoppingLists)
      .where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map((row) =>
      summaryOf(ctx, row, { lines: row.lines, totalCents: Number(row.totalCents) }),
    ),
    total,
    page,
    totalPage: Math.ceil(total / limit),
  };
}

/** A list the caller may see, or 404 (another company's, or a colleague's private one). */
async function visibleList(db: Executor, ctx: RequestContext, id: string): Promise<ListRow> {
  const [row] = await db
    .select(listColumns)
    .from(shoppingLists)
    .innerJoin(users, eq(users.id, shoppingLists.createdBy))
    .where(and(eq(shoppingLists.id, id), visibleCondition(ctx)));
  if (!row) throw notFound('errors.shopping_list_not_found');
  return row;
}

/** A list the caller may change: 404 when they cannot see it, 403 when they only see it. */
async function editableList(db: Executor, ctx: RequestContext, id: string): Promise<ListRow> {
  const row = await visibleList(db, ctx, id);
  if (!canEdit(ctx, row)) {
    throw new AppError('FORBIDDEN', 'errors.shopping_list_not_yours');
  }
  return row;
}

/** One list with its lines priced from the catalog now. */
export async function getShoppingList(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  id: string,
): Promise<ShoppingList> {
  const row = await visibleList(deps.db, ctx, id);
  return describeList(deps, ctx, row);
}

async function describeList(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  row: ListRow,
): Promise<ShoppingList> {
  const catalogLines = await deps.db
    .select({
      productId: shoppingListLines.productId,
      quantity: shoppingListLines.quantity,
      note: shoppingListLines.note,
      sku: products.sku,
      isActive: products.isActive,
      priceCents: products.priceCents,
      stock: products.quantity,
      isInStock: products.isInStock,
      backorderable: products.backorderable,
    })
    .from(shoppingListLines)
    .innerJoin(products, eq(products.id, shoppingListLines.productId))
    .where(eq(shoppingListLines.listId, row.id))
    .orderBy(asc(shoppingListLines.addedAt), asc(products.sku));
  const book = (await deps.priceBooks?.forCompany(ctx.companyId)) ?? null;
  const lines = book
    ? catalogLines.map((line) => ({
        ...line,
        priceCents: book.unitCents(line.productId, line.priceCents, line.quantity),
      }))
    : catalogLines;
  const settings = await deps.productSettings();
  const items = await listItems(
    deps.db,
    deps.catalog,
    new Map(
      lines
        .filter((line) => line.isActive)
        .map((line) => [
          line.productId,
          {
            priceCents: line.priceCents,
            stock: {
              quantity: line.stock,
              isInStock: line.isInStock,
              backorderable: line.backorderable,
            },
          },
        ]),
    ),
    ctx.locale,
    settings.low_stock_threshold,
  );
  let totalCents = 0;
  const described = lines.map((line) => {
    const product = items.get(line.productId) ?? null;
    const subtotal = product ? lineCents(line.priceCents, line.quantity) : 0;
    totalCents += subtotal;
    return {
      product_id: line.productId,
      quantity: line.quantity,
      note: line.note,
      product,
      sku: line.sku,
      subtotal: fromCents(subtotal),
    };
  });
  return {
    ...summaryOf(ctx, row, { lines: lines.length, totalCents }),
    lines: described,
  };
}

/**
 * Writes lines into a list (inside the caller's transaction): a product already on it gets the
 * quantity added (bounded by the cart's line maximum) and keeps its note unless one is given.
 * Unknown products are 404 and nothing is written.
 */
async function writeLines(tx: Executor, listId: string, lines: ShoppingListLineInput[]) {
  if (lines.length === 0) return;
  const merged = new Map<string, ShoppingListLineInput>();
  for (const line of lines) {
    const existing = merged.get(line.product_id);
    merged.set(
      line.product_id,
      existing
        ? {
            ...existing,
            quantity: existing.quantity + line.quantity,
            note: line.note ?? existing.note,
          }
        : line,
    );
  }
  const ids = [...merged.keys()];
  const known = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids));
  if (known.length !== ids.length) throw notFound('errors.product_not_found');
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(shoppingListLines)
    .where(and(eq(shoppingListLines.listId, listId), notInArray(shoppingListLines.productId, ids)));
  if (count + ids.length > SHOPPING_LIST_MAX_LINES) {
    throw conflict('errors.shopping_list_full', { max: SHOPPING_LIST_MAX_LINES });
  }
  const now = Date.now();
  await tx
    .insert(shoppingListLines)
    .values(
      [...merged.values()].map((line, index) => ({
        listId,
        productId: line.product_id,
        quantity: line.quantity,
        note: line.note ?? '',
        // One after the other in the order given.
        addedAt: new Date(now + index),
      })),
    )
    .onConflictDoUpdate({
      target: [shoppingListLines.listId, shoppingListLines.productId],
      set: {
        quantity: sql`least(${shoppingListLines.quantity} + excluded.quantity, 100000)`,
        note: sql`case when excluded.note = '' then ${shoppingListLines.note} else excluded.note end`,
      },
    });
}

async function touch(tx: Executor, listId: string) {
  await tx
    .update(shoppingLists)
    .set({ updatedAt: sql`now()` })
    .where(eq(shoppingLists.id, listId));
}

/** A new list of the caller's, with its first lines when given. */
export async function createShoppingList(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  input: ShoppingListCreate,
): Promise<ShoppingList> {
  const companyId = companyOf(ctx);
  const id = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shoppingLists)
      .values({ companyId, createdBy: ctx.userId, name: input.name, shared: input.shared })
      .returning({ id: shoppingLists.id });
    if (!created) throw new Error('shopping list not saved');
    await writeLines(tx, created.id, input.lines ?? []);
    return created.id;
  });
  return getShoppingList(deps, ctx, id);
}

/** The caller's cart as a new list (its lines and quantities). */
export async function createFromCart(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  input: ShoppingListCopy,
): Promise<ShoppingList> {
  const cartId = await cartIdOf(deps.db, ctx.userId);
  const lines = await deps.db
    .select({ product_id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt));
  if (lines.length === 0) throw conflict('errors.cart_empty');
  return createShoppingList(deps, ctx, { ...input, lines });
}

/** A past order of the company as a new list (404 for another company's order). */
export async function createFromOrder(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  orderId: string,
  input: ShoppingListCopy,
): Promise<ShoppingList> {
  const companyId = companyOf(ctx);
  const lines = await deps.db
    .select({ product_id: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
    .orderBy(asc(orderLines.position));
  if (lines.length === 0) throw notFound('errors.order_not_found');
  return createShoppingList(deps, ctx, { ...input, lines });
}

export async function updateShoppingList(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  id: string,
  input: ShoppingListUpdate,
): Promise<ShoppingList> {
  const row = await editableList(deps.db, ctx, id);
  await deps.db
    .update(shoppingLists)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(shoppingLists.id, row.id));
  return getShoppingList(deps, ctx, id);
}

export async function deleteShoppingList(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  const row = await editableList(deps.db, ctx, id);
  await deps.db.delete(shoppingLists).where(eq(shoppingLists.id, row.id));
}

/** Adds a product to a list (its quantity adds to the line's). */
export async function addShoppingListLine(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  id: string,
  line: ShoppingListLineInput,
): Promise<ShoppingList> {
  const row = await editableList(deps.db, ctx, id);
  await deps.db.transaction(async (tx) => {
    await writeLines(tx, row.id, [line]);
    await touch(tx, row.id);
  });
  return getShoppingList(deps, ctx, id);
}

export async function updateShoppingListLine(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  id: string,
  productId: string,
  input: ShoppingListLineUpdate,
): Promise<ShoppingList> {
  const row = await editableList(deps.db, ctx, id);
  const changed = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(shoppingListLines)
      .set(input)
      .where(and(eq(shoppingListLines.listId, row.id), eq(shoppingListLines.productId, productId)))
      .returning({ productId: shoppingListLines.productId });
    if (updated.length > 0) await touch(tx, row.id);
    return updated.length > 0;
  });
  if (!changed) throw notFound('errors.shopping_list_line_not_found');
  return getShoppingList(deps, ctx, id);
}

export async function deleteShoppingListLine(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  id: string,
  productId: string,
): Promise<ShoppingList> {
  const row = await editableList(deps.db, ctx, id);
  const removed = await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(shoppingListLines)
      .where(and(eq(shoppingListLines.listId, row.id), eq(shoppingListLines.productId, productId)))
      .returning({ productId: shoppingListLines.productId });
    if (deleted.length > 0) await touch(tx, row.id);
    return deleted.length > 0;
  });
  if (!removed) throw notFound('errors.shopping_list_line_not_found');
  return getShoppingList(deps, ctx, id);
}

/** A line could not be added as asked: the transaction is rolled back. */
class StockMoved extends Error {}

/**
 * Orders a list, or its chosen lines, into the caller's cart: every line in one transaction or
 * none. A line of a product no longer sold, or beyond the stock left beside what the cart holds,
 * refuses the whole (409 with a message per line).
 */
export async function orderShoppingList(
  deps: ShoppingListDeps,
  ctx: RequestContext,
  id: string,
  input: ShoppingListToCart,
): Promise<CartResponse> {
  const row = await visibleList(deps.db, ctx, id);
  const cartId = await cartIdOf(deps.db, ctx.userId);
  const chosen = input.product_ids;
  const readLines = () =>
    deps.db
      .select({
        productId: shoppingListLines.productId,
        quantity: shoppingListLines.quantity,
        sku: products.sku,
        isActive: products.isActive,
        isInStock: products.isInStock,
        stock: products.quantity,
        inCart: sql<number>`coalesce((select ${cartItems.quantity} from ${cartItems}
          where ${cartItems.cartId} = ${cartId}
            and ${cartItems.productId} = ${shoppingListLines.productId}), 0)`,
      })
      .from(shoppingListLines)
      .innerJoin(products, eq(products.id, shoppingListLines.productId))
      .where(
        and(
          eq(shoppingListLines.listId, row.id),
          chosen ? inArray(shoppingListLines.productId, chosen) : undefined,
        ),
      )
      .orderBy(asc(shoppingListLines.addedAt), asc(products.sku));
  const lines = await readLines();
  if (lines.length === 0 || (chosen && lines.length !== new Set(chosen).size)) {
    throw notFound('errors.shopping_list_line_not_found');
  }
  /** Why lines cannot go into the cart as they are, each on `lines.<product id>`. */
  const refusal = (current: typeof lines) =>
    new AppError(
      'CONFLICT',
      'errors.shopping_list_not_orderable',
      {},
      current.flatMap((line) => {
        const left = line.isActive
          ? availableQuantity({ isInStock: line.isInStock, quantity: line.stock }) - line.inCart
          : 0;
        if (line.isActive && line.quantity <= left) return [];
        const message = line.isActive
          ? t(ctx.locale, 'quick_order.short', { sku: line.sku, available: Math.max(0, left) })
          : t(ctx.locale, 'quick_order.inactive', { sku: line.sku });
        return [{ field: `lines.${line.productId}`, message }];
      }),
    );
  const refused = refusal(lines);
  if (refused.details?.length) throw refused;
  try {
    await deps.db.transaction(async (tx) => {
      const saved = await addLinesToCart(
        tx,
        ctx.userId,
        lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      );
      if (saved < lines.length) throw new StockMoved();
    });
  } catch (error) {
    if (!(error instanceof StockMoved)) throw error;
    // Stock moved between the read and the write: nothing was added; say what it is now.
    throw refusal(await readLines());
  }
  return getMyCart(
    { db: deps.db, catalog: deps.catalog, productSettings: deps.productSettings },
    ctx,
  );
}
