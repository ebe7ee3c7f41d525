import type {
  CartResponse,
  Locale,
  ProductSettings,
  QuickOrderCheckResponse,
  QuickOrderLine,
  QuickOrderOutcome,
  QuickOrderRequest,
  QuickOrderStatus,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { cartItems, carts, products } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { t, type MessageKey } from '../../platform/i18n';
import { fromCents, lineCents } from '../../platform/money';
import { addLinesToCart, availableQuantity, getMyCart } from '../cart';
import { listItems, searchHits, type CatalogReadModel } from '../catalog';
import type { PriceBooks } from '../pricing';

export interface QuickOrderDeps {
  db: Db;
  catalog: CatalogReadModel;
  productSettings: () => Promise<ProductSettings>;
  /** Price lists' books (issue 24): the lines show the buyer's prices. */
  priceBooks?: Pick<PriceBooks, 'forCompany'>;
}

/** 'Did you mean' is looked up for this many unknown codes at most (each is a search). */
const SUGGESTED_LINES = 20;
const SUGGESTIONS = 3;

/** A product a code named, with what the caller's cart holds of it. */
interface FoundProduct {
  id: string;
  sku: string;
  isActive: boolean;
  isInStock: boolean;
  quantity: number;
  priceCents: number;
  backorderable: boolean;
  inCart: number;
  /** Named by its SKU (else by its reference). */
  bySku: boolean;
}

/** Codes compared as the shop writes SKUs: trimmed, upper case. */
const codeKey = (code: string) => code.trim().toUpperCase();

/**
 * The products these codes name, by SKU or else by reference (as typed or in upper case), each
 * with what the user's cart holds of it: one query on the SKU and reference indexes.
 */
async function productsByCode(
  db: Executor,
  userId: string,
  codes: string[],
): Promise<Map<string, FoundProduct>> {
  const candidates = JSON.stringify([...new Set(codes.flatMap((code) => [code, codeKey(code)]))]);
  const result = (await db.execute(sql`
    with codes as (select value as code from jsonb_array_elements_text(${candidates}::jsonb)),
    matches as (
      select codes.code, p.id, true as by_sku from codes join ${products} p on p.sku = codes.code
      union all
      select codes.code, p.id, false from codes join ${products} p on p.reference = codes.code
    )
    select m.code, m.by_sku, p.id, p.sku, p.is_active, p.is_in_stock, p.quantity, p.price_cents,
      p.backorderable, coalesce(item.quantity, 0) as in_cart
    from matches m
    join ${products} p on p.id = m.id
    left join ${cartItems} item on item.product_id = p.id
      and item.cart_id = (select id from ${carts} where user_id = ${userId})
    order by m.by_sku desc, p.is_active desc, p.sku`)) as unknown as {
    rows: {
      code: string;
      by_sku: boolean;
      id: string;
      sku: string;
      is_active: boolean;
      is_in_stock: boolean;
      quantity: number;
      price_cents: number;
      backorderable: boolean;
      in_cart: number;
    }[];
  };
  const byCode = new Map<string, FoundProduct>();
  for (const row of result.rows) {
    const product: FoundProduct = {
      id: row.id,
      sku: row.sku,
      isActive: row.is_active,
      isInStock: row.is_in_stock,
      quantity: row.quantity,
      priceCents: row.price_cents,
      backorderable: row.backorderable,
      inCart: row.in_cart,
      bySku: row.by_sku,
    };
    // The rows come SKU matches first: a code that is one product's SKU and another's
    // reference names the first; the exact spelling wins over the upper-cased one.
    if (!byCode.has(row.code)) byCode.set(row.code, product);
  }
  const found = new Map<string, FoundProduct>();
  for (const code of codes) {
    const product = byCode.get(code) ?? byCode.get(codeKey(code));
    if (product) found.set(code, product);
  }
  return found;
}

/** A line on its way to an outcome: merged by product (found) or by code (not found). */
interface MergedLine {
  rows: number[];
  sku: string;
  quantity: number;
  product: FoundProduct | undefined;
}

function mergeLines(lines: QuickOrderLine[], found: Map<string, FoundProduct>): MergedLine[] {
  const merged = new Map<string, MergedLine>();
  lines.forEach((line, index) => {
    const product = found.get(line.sku);
    const key = product ? `product:${product.id}` : `code:${codeKey(line.sku)}`;
    const existing = merged.get(key);
    if (existing) {
      existing.rows.push(index + 1);
      existing.quantity += line.quantity;
    } else {
      merged.set(key, { rows: [index + 1], sku: line.sku, quantity: line.quantity, product });
    }
  });
  return [...merged.values()];
}

function statusOf(line: MergedLine): { status: QuickOrderStatus; available: number } {
  const { product } = line;
  if (!product) return { status: 'unknown', available: 0 };
  if (!product.isActive) return { status: 'inactive', available: 0 };
  const available = Math.max(0, availableQuantity(product) - product.inCart);
  return { status: line.quantity <= available ? 'found' : 'short', available };
}

/**
 * Checks up to 500 lines at once: each code is looked up by SKU (or reference), lines naming the
 * same product are merged, and each outcome says whether it can go into the cart as asked, with
 * the product's title, today's price and the stock left beside what the cart holds. Unknown
 * codes get the shop's search on them as 'did you mean'.
 */
export async function checkQuickOrder(
  deps: QuickOrderDeps,
  ctx: RequestContext,
  request: QuickOrderRequest,
): Promise<QuickOrderCheckResponse> {
  const found = await productsByCode(
    deps.db,
    ctx.userId,
    request.lines.map((line) => line.sku),
  );
  const book = (await deps.priceBooks?.forCompany(ctx.companyId)) ?? null;
  // At the buyer's prices for each line's quantity (their price list's tiers count).
  const lines = mergeLines(request.lines, found).map((line) =>
    book && line.product
      ? {
          ...line,
          product: {
            ...line.product,
            priceCents: book.unitCents(line.product.id, line.product.priceCents, line.quantity),
          },
        }
      : line,
  );
  const settings = await deps.productSettings();
  const active = new Map(
    lines.flatMap((line) =>
      line.product?.isActive
        ? [
            [
              line.product.id,
              {
                priceCents: line.product.priceCents,
                stock: {
                  quantity: line.product.quantity,
                  isInStock: line.product.isInStock,
                  backorderable: line.product.backorderable,
                },
              },
            ] as const,
          ]
        : [],
    ),
  );
  const items = await listItems(
    deps.db,
    deps.catalog,
    active,
    ctx.locale,
    settings.low_stock_threshold,
  );
  const unknown = lines.filter((line) => !line.product).slice(0, SUGGESTED_LINES);
  const suggestions = new Map(
    await Promise.all(
      unknown.map(
        async (line) =>
          [
            line,
            (
              await searchHits(
                { db: deps.db, catalog: deps.catalog, settings: deps.productSettings },
                line.sku,
                ctx.locale,
                SUGGESTIONS,
              ).catch(() => [])
            ).map((hit) => ({ sku: hit.sku, name: hit.name })),
          ] as const,
      ),
    ),
  );
  let subtotalCents = 0;
  const outcomes = lines.map((line): QuickOrderOutcome => {
    const { status, available } = statusOf(line);
    if (status === 'found' && line.product) {
      subtotalCents += lineCents(line.product.priceCents, line.quantity);
    }
    return {
      rows: line.rows,
      sku: line.sku,
      quantity: line.quantity,
      status,
      product: (line.product && items.get(line.product.id)) ?? null,
      available,
      in_cart: line.product?.inCart ?? 0,
      suggestions: suggestions.get(line) ?? [],
    };
  });
  return {
    lines: outcomes,
    ready: outcomes.every((outcome) => outcome.status === 'found'),
    subtotal: fromCents(subtotalCents),
  };
}

/** A line could not be written as checked: the transaction is rolled back. */
class StockMoved extends Error {}

const PROBLEM_KEYS = {
  unknown: 'quick_order.unknown',
  inactive: 'quick_order.inactive',
  short: 'quick_order.short',
} as const satisfies Record<Exclude<QuickOrderStatus, 'found'>, MessageKey>;

/** Why each line that is not `found` cannot be added, on its first request line. */
function lineProblems(outcomes: QuickOrderOutcome[], locale: Locale) {
  return outcomes.flatMap((outcome) => {
    if (outcome.status === 'found') return [];
    const field = `lines.${(outcome.rows[0] ?? 1) - 1}.${outcome.status === 'short' ? 'quantity' : 'sku'}`;
    const vars = { sku: outcome.sku, available: outcome.available };
    return [{ field, message: t(locale, PROBLEM_KEYS[outcome.status], vars) }];
  });
}

/**
 * Adds every line to the caller's cart in one transaction, or none: when a line is unknown,
 * inactive or short (now, or by the time it is written) the answer is 409 with a message per
 * line and the cart stays as it was.
 */
export async function addQuickOrderToCart(
  deps: QuickOrderDeps,
  ctx: RequestContext,
  request: QuickOrderRequest,
): Promise<CartResponse> {
  const refusal = (outcomes: QuickOrderOutcome[]) =>
    new AppError(
      'CONFLICT',
      'errors.quick_order_not_ready',
      {},
      lineProblems(outcomes, ctx.locale),
    );
  const checked = await checkQuickOrder(deps, ctx, request);
  if (!checked.ready) throw refusal(checked.lines);
  const lines = checked.lines.flatMap((line) =>
    line.product ? [{ productId: line.product.id, quantity: line.quantity }] : [],
  );
  try {
    await deps.db.transaction(async (tx) => {
      if ((await addLinesToCart(tx, ctx.userId, lines)) < lines.length) throw new StockMoved();
    });
  } catch (error) {
    if (!(error instanceof StockMoved)) throw error;
    // Stock moved between the check and the write: nothing was added; say what it is now.
    throw refusal((await checkQuickOrder(deps, ctx, request)).lines);
  }
  return getMyCart(
    { db: deps.db, catalog: deps.catalog, productSettings: deps.productSettings },
    ctx,
  );
}
