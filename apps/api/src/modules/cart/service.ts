import type {
  CartLine,
  CartResponse,
  CartUpdateRequest,
  Locale,
  ProductSettings,
} from '@portal/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { cartItems, carts, products } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, notFound } from '../../platform/errors';
import { fromCents, lineCents, toCents } from '../../platform/money';
import type { CatalogReadModel } from '../catalog';
import { findProductLabels, listItems } from '../catalog';
import type { PriceBook, PriceBooks } from '../pricing';
import { preparedSql } from '../../db/prepared';

export interface CartDeps {
  db: Db;
  productSettings: () => Promise<ProductSettings>;
  /** The catalog read model: product texts and images without reading every product row. */
  catalog?: Pick<CatalogReadModel, 'rows'>;
  /** The company's price list (issue 24): its buyers' cart shows their prices. */
  priceBooks?: Pick<PriceBooks, 'forCompany'>;
}

/** A cart line with the catalog's numbers now, in cents and grams. */
export interface PricedLine {
  productId: string;
  quantity: number;
  unitPriceCents: number;
  weightGrams: number;
  /** What can be ordered now: 0 when out of stock. */
  available: number;
  /** The stock as the database has it now. */
  stock: { quantity: number; isInStock: boolean; backorderable: boolean };
}

/** What a product can be ordered up to now (SPEC: out of stock when not in stock or quantity ≤ 0). */
export function availableQuantity(product: { isInStock: boolean; quantity: number }): number {
  return product.isInStock ? Math.max(0, product.quantity) : 0;
}

interface CartRef {
  id: string;
  updatedAt: Date;
}

/** The user's cart, created on first use (one cart per user). */
async function cartOf(db: Executor, userId: string): Promise<CartRef> {
  const [existing] = await db
    .select({ id: carts.id, updatedAt: carts.updatedAt })
    .from(carts)
    .where(eq(carts.userId, userId));
  return existing ?? touchCart(db, userId);
}

/** The user's cart marked as changed now (created on first use). */
async function touchCart(db: Executor, userId: string): Promise<CartRef> {
  const [cart] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id, updatedAt: carts.updatedAt });
  if (!cart) throw new Error('cart not saved');
  return cart;
}

/** The user's cart id, created on first use (one cart per user). */
export async function cartIdOf(db: Executor, userId: string): Promise<string> {
  return (await cartOf(db, userId)).id;
}

const pricedColumns = {
  unitPriceCents: products.priceCents,
  weightGrams: products.weightGrams,
  stock: products.quantity,
  isInStock: products.isInStock,
  backorderable: products.backorderable,
};

interface PricedRow {
  productId: string;
  quantity: number;
  unitPriceCents: number;
  weightGrams: number;
  stock: number;
  isInStock: boolean;
  backorderable: boolean;
}

const toPricedLine = (row: PricedRow): PricedLine => ({
  productId: row.productId,
  quantity: row.quantity,
  unitPriceCents: row.unitPriceCents,
  weightGrams: row.weightGrams,
  available: availableQuantity({ isInStock: row.isInStock, quantity: row.stock }),
  stock: { quantity: row.stock, isInStock: row.isInStock, backorderable: row.backorderable },
});

/**
 * Lines at the buyer's prices: each unit price the price list gives for the line's quantity
 * (tiers count the line's units); the catalog's without a list.
 */
export function atBuyerPrices(lines: PricedLine[], book: PriceBook | null): PricedLine[] {
  if (!book) return lines;
  return lines.map((line) => ({
    ...line,
    unitPriceCents: book.unitCents(line.productId, line.unitPriceCents, line.quantity),
  }));
}

/** A cart line's columns, as `PricedRow` names them. */
const pricedLineColumns = {
  productId: cartItems.productId,
  quantity: cartItems.quantity,
  ...pricedColumns,
};

/**
 * A cart's lines with today's catalog price, weight and stock (inactive products left out), in
 * the order they were added, as one JSON array: a column of a larger statement (the checkout's
 * draft reads it with the addresses), read back with `pricedLinesOf`.
 */
export function pricedLinesJson(cartId: string): SQL {
  const fields = Object.entries(pricedLineColumns).map(
    ([name, column]) => sql`${name}::text, ${column}`,
  );
  return sql`(select coalesce(jsonb_agg(jsonb_build_object(${sql.join(fields, sql`, `)})
      order by ${cartItems.addedAt}, ${cartItems.productId}), '[]'::jsonb)
    from ${cartItems} join ${products} on ${products.id} = ${cartItems.productId}
    where ${cartItems.cartId} = ${cartId} and ${products.isActive})`;
}

/** The lines `pricedLinesJson` answered. */
export function pricedLinesOf(json: unknown): PricedLine[] {
  return (json as PricedRow[]).map(toPricedLine);
}

/** The cart's lines with today's catalog price, weight and stock (inactive products left out). */
export async function pricedLines(db: Executor, cartId: string): Promise<PricedLine[]> {
  const result = (await db.execute(sql`select ${pricedLinesJson(cartId)} as lines`)) as unknown as {
    rows: { lines: unknown }[];
  };
  return pricedLinesOf(result.rows[0]?.lines ?? []);
}

/**
 * Products and quantities kept outside the cart (an order awaiting approval) priced like cart
 * lines, in the given order; inactive or deleted products left out.
 */
export async function pricedProducts(
  db: Executor,
  wanted: { productId: string; quantity: number }[],
): Promise<PricedLine[]> {
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ productId: products.id, ...pricedColumns })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          wanted.map((line) => line.productId),
        ),
        eq(products.isActive, true),
      ),
    );
  const byId = new Map(rows.map((row) => [row.productId, row]));
  return wanted.flatMap((line) => {
    const row = byId.get(line.productId);
    return row ? [toPricedLine({ ...row, quantity: line.quantity })] : [];
  });
}

/** Cart lines as the contract answers them: the product, price and subtotal in euros. */
export async function describeLines(
  db: Db,
  lines: PricedLine[],
  locale: Locale,
  lowStock: number,
  catalog?: Pick<CatalogReadModel, 'rows'>,
): Promise<CartLine[]> {
  const byId = await listItems(
    db,
    catalog,
    new Map(
      lines.map((line) => [line.productId, { priceCents: line.unitPriceCents, stock: line.stock }]),
    ),
    locale,
    lowStock,
  );
  return lines.flatMap((line) => {
    const product = byId.get(line.productId);
    if (!product) return [];
    return [
      {
        _id: line.productId,
        quantity: line.quantity,
        product,
        price: fromCents(line.unitPriceCents),
        subtotal: fromCents(lineCents(line.unitPriceCents, line.quantity)),
        available_quantity: line.available,
      },
    ];
  });
}

/** Sums of a cart: amount in cents, item count, weight. */
export function cartSums(lines: PricedLine[]) {
  return {
    subtotalCents: lines.reduce((sum, l) => sum + lineCents(l.unitPriceCents, l.quantity), 0),
    itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    weightGrams: lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0),
  };
}

async function answerCart(
  deps: CartDeps,
  cart: CartRef,
  ctx: RequestContext,
): Promise<CartResponse> {
  const [lines, settings] = await Promise.all([
    pricedLines(deps.db, cart.id),
    deps.productSettings(),
  ]);
  return cartAnswer(deps, cart, lines, settings, ctx);
}

/** The cart as the contract answers it, from its lines at catalog prices (the buyer's then). */
async function cartAnswer(
  deps: CartDeps,
  cart: CartRef,
  catalogLines: PricedLine[],
  settings: ProductSettings,
  ctx: RequestContext,
): Promise<CartResponse> {
  const lines = atBuyerPrices(
    catalogLines,
    (await deps.priceBooks?.forCompany(ctx.companyId)) ?? null,
  );
  const items = await describeLines(
    deps.db,
    lines,
    ctx.locale,
    settings.low_stock_threshold,
    deps.catalog,
  );
  const sums = cartSums(lines);
  return {
    _id: cart.id,
    cart_item: { items },
    item_count: sums.itemCount,
    subtotal: fromCents(sums.subtotalCents),
    weight: sums.weightGrams,
    minimum: {
      amount: settings.min_cart_amount,
      quantity: settings.min_cart_quantity,
      amount_reached: sums.subtotalCents >= toCents(settings.min_cart_amount),
      quantity_reached: sums.itemCount >= settings.min_cart_quantity,
    },
    stock_ok: lines.every((line) => line.quantity <= line.available),
    updated_at: cart.updatedAt.toISOString(),
  };
}

/** The caller's cart, priced from the catalog now. */
export async function getMyCart(deps: CartDeps, ctx: RequestContext): Promise<CartResponse> {
  return answerCart(deps, await cartOf(deps.db, ctx.userId), ctx);
}

/** A product's title in `locale` (for messages). */
export async function titleOf(db: Executor, productId: string, locale: Locale): Promise<string> {
  const labels = await findProductLabels(db, [productId], locale);
  return labels.get(productId)?.title ?? '';
}

/**
 * Sets (or adds to) the quantity of one product; 0 removes it. The result never exceeds what
 * is in stock: 409 names the available quantity. Unknown or inactive products are 404.
 */
export async function updateMyCart(
  deps: CartDeps,
  ctx: RequestContext,
  request: CartUpdateRequest,
): Promise<CartResponse> {
  const adding = request.mode === 'add';
  if (!adding && request.quantity === 0) {
    // One transaction: one commit (one disk flush) for the cart and its line.
    const cart = await deps.db.transaction(async (tx) => {
      const touched = await touchCart(tx, ctx.userId);
      const removed = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, touched.id), eq(cartItems.productId, request.product_id)))
        .returning({ productId: cartItems.productId });
      if (removed.length === 0) await assertProduct(tx, request.product_id);
      return touched;
    });
    return answerCart(deps, cart, ctx);
  }
  const rows = await saveLineStatement(
    deps.db,
    adding ? 'add' : 'set',
  )({
    userId: ctx.userId,
    productId: request.product_id,
    quantity: request.quantity,
  });
  const [first] = rows;
  if (!first) throw new Error('cart not saved');
  if (first.saved === 0) throw await refusal(deps.db, request.product_id, ctx.locale);
  const lines = rows.flatMap((row): PricedLine[] =>
    row.product_id === null
      ? []
      : [
          {
            productId: row.product_id,
            quantity: row.quantity,
            unitPriceCents: row.price_cents,
            weightGrams: row.weight_grams,
            available: availableQuantity({ isInStock: row.is_in_stock, quantity: row.stock }),
            stock: {
              quantity: row.stock,
              isInStock: row.is_in_stock,
              backorderable: row.backorderable,
            },
          },
        ],
  );
  return cartAnswer(
    deps,
    { id: first.cart_id, updatedAt: new Date(first.updated_at) },
    lines,
    await deps.productSettings(),
    ctx,
  );
}

/**
 * A CTE (named async_commit) that lets its statement's commit return before the WAL reaches the
 * disk. Only for cart changes: a crash of PostgreSQL itself may forget the last fraction of a
 * second of them (never half of one: the database stays consistent), which a buyer repairs with
 * a click, while each change no longer waits about 2 ms for the disk. Orders, stock, payments
 * and invoices always wait for the disk.
 */
const asyncCommit = sql`async_commit as (select set_config('synchronous_commit', 'off', true))`;

/**
 * The cart change as one prepared statement (one round trip, one commit): it marks the cart
 * changed, creating it on first use, writes the line while reading the stock, and reads the
 * cart's lines as they now are. Concurrent changes cannot push the line past the stock
 * together, and the price is never taken from the request. A refused change leaves the line as
 * it was (the cart's updated_at moves all the same). `add` adds to the line, `set` replaces it.
 */
function saveLineStatement(db: Db, mode: 'add' | 'set') {
  return preparedSql<SavedCartRow>(db, `cart_${mode}_line`, () => {
    const quantity = sql`${sql.placeholder('quantity')}::int`;
    const wanted =
      mode === 'add' ? sql`${cartItems.quantity} + excluded.quantity` : sql`excluded.quantity`;
    return sql`
    with ${asyncCommit}, cart as (
      insert into ${carts} (user_id) values (${sql.placeholder('userId')})
      on conflict (user_id) do update set updated_at = now()
      returning id, updated_at
    ), line as (
      insert into ${cartItems} (cart_id, product_id, quantity, added_at)
      select cart.id, ${products.id}, ${quantity}, now()
      from cart, ${products}
      where ${products.id} = ${sql.placeholder('productId')}
        and ${products.isActive} and ${products.isInStock}
        and ${products.quantity} >= ${quantity}
      on conflict (cart_id, product_id) do update set quantity = ${wanted}
      where ${wanted} <= (select ${products.quantity} from ${products}
        where ${products.id} = excluded.product_id)
      returning product_id, quantity, added_at
    ), lines as (
      select item.product_id, coalesce(line.quantity, item.quantity) as quantity, item.added_at
      from ${cartItems} item
      join cart on item.cart_id = cart.id
      left join line on line.product_id = item.product_id
      union all
      select line.product_id, line.quantity, line.added_at from line
      where not exists (
        select 1 from ${cartItems} item, cart
        where item.cart_id = cart.id and item.product_id = line.product_id
      )
    )
    select cart.id as cart_id, cart.updated_at, (select count(*) from line)::int as saved,
      lines.product_id, lines.quantity, p.price_cents, p.weight_grams, p.quantity as stock,
      p.is_in_stock, p.backorderable
    from cart cross join async_commit
    left join (lines join ${products} p on p.id = lines.product_id and p.is_active) on true
    order by lines.added_at, lines.product_id`;
  });
}

/** A row of the cart change: the cart, whether the line was saved, and one line (if any). */
interface SavedCartRow {
  cart_id: string;
  updated_at: string | Date;
  saved: number;
  product_id: string | null;
  quantity: number;
  price_cents: number;
  weight_grams: number;
  stock: number;
  is_in_stock: boolean;
  backorderable: boolean;
}

/** 404 unless the product exists and is active. */
async function assertProduct(db: Executor, productId: string) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw notFound('errors.product_not_found');
}

/** Why a cart change was refused: an unknown product (404) or not enough stock (409). */
async function refusal(db: Executor, productId: string, locale: Locale) {
  const [product] = await db
    .select({ quantity: products.quantity, isInStock: products.isInStock })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) return notFound('errors.product_not_found');
  const available = availableQuantity(product);
  const title = await titleOf(db, productId, locale);
  return available === 0
    ? conflict('errors.out_of_stock', { title })
    : conflict('errors.quantity_exceeds_stock', { available, title });
}

/** Empties the caller's cart. */
export async function clearMyCart(deps: CartDeps, ctx: RequestContext): Promise<CartResponse> {
  const cart = await touchCart(deps.db, ctx.userId);
  await deps.db.delete(cartItems).where(eq(cartItems.cartId, cart.id));
  return answerCart(deps, cart, ctx);
}

/** Removes every line of a cart (inside the caller's transaction when given one). */
export async function emptyCart(db: Executor, cartId: string): Promise<void> {
  await db.execute(sql`with ${emptiedCart(cartId)} select 1`);
}

/**
 * Emptying a cart as the data-modifying CTEs `emptied_cart` and `touched_cart`, for a statement
 * that does more in the same round trip (placing an order).
 */
export function emptiedCart(cartId: string): SQL {
  return sql`emptied_cart as (delete from ${cartItems} where ${cartItems.cartId} = ${cartId}),
    touched_cart as (update ${carts} set updated_at = now() where ${carts.id} = ${cartId})`;
}

/**
 * Adds several lines to a user's cart in one statement (inside the caller's transaction): each
 * is added to what the cart holds of that product, in the order given, only where the product is
 * active and its stock covers the new quantity. Answers how many lines were saved: fewer than
 * given means the caller must roll back, so that nothing is added half.
 */
export async function addLinesToCart(
  db: Executor,
  userId: string,
  lines: { productId: string; quantity: number }[],
): Promise<number> {
  const wanted = JSON.stringify(lines.map((line) => [line.productId, line.quantity]));
  const result = (await db.execute(sql`
    with wanted as (
      select (value->>0)::uuid as product_id, (value->>1)::int as quantity, n
      from jsonb_array_elements(${wanted}::jsonb) with ordinality as w(value, n)
    ), cart as (
      insert into ${carts} (user_id) values (${userId})
      on conflict (user_id) do update set updated_at = now()
      returning id
    ), saved as (
      insert into ${cartItems} (cart_id, product_id, quantity, added_at)
      select cart.id, wanted.product_id, wanted.quantity, now() + wanted.n * interval '1 microsecond'
      from cart, wanted join ${products} p on p.id = wanted.product_id
      where p.is_active and p.is_in_stock and p.quantity >= wanted.quantity
      on conflict (cart_id, product_id) do update set quantity = ${cartItems.quantity} + excluded.quantity
      where ${cartItems.quantity} + excluded.quantity <= (select ${products.quantity} from ${products}
        where ${products.id} = excluded.product_id)
      returning product_id
    )
    select count(*)::int as saved from saved`)) as unknown as { rows: { saved: number }[] };
  return result.rows[0]?.saved ?? 0;
}

/** Puts lines back into a user's cart (restore after a failed payment), each bounded by stock. */
export async function putLinesBack(
  deps: CartDeps,
  ctx: RequestContext,
  lines: { productId: string; quantity: number }[],
): Promise<CartResponse> {
  const cart = await touchCart(deps.db, ctx.userId);
  const cartId = cart.id;
  await deps.db.transaction(async (tx) => {
    for (const line of lines) {
      const [product] = await tx
        .select({ quantity: products.quantity, isInStock: products.isInStock })
        .from(products)
        .where(and(eq(products.id, line.productId), eq(products.isActive, true)));
      const quantity = Math.min(line.quantity, product ? availableQuantity(product) : 0);
      if (quantity <= 0) continue;
      await tx
        .insert(cartItems)
        .values({ cartId, productId: line.productId, quantity })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.productId],
          set: { quantity: sql`greatest(${cartItems.quantity}, excluded.quantity)` },
        });
    }
  });
  return answerCart(deps, cart, ctx);
}
