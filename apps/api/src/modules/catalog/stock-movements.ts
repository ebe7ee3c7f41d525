import {
  STOCK_MOVEMENTS_PAGE_SIZE,
  type StockMovementList,
  type StockMovementReason,
  type StockMovementRequest,
} from '@portal/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { products, stockMovements, users } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit';

/** Why the stock changes that follow, in this transaction, and who or what they belong to. */
export interface StockChangeCause {
  reason: StockMovementReason;
  userId?: string | null;
  /** The order or claim number. */
  reference?: string | null;
  note?: string | null;
}

/**
 * Says why the next stock changes of this transaction happen: migration 0035's trigger writes
 * the stock movement of every quantity change with it (transaction-local settings, undone with
 * the transaction). Call it before the update.
 */
export async function explainStockChanges(tx: Executor, cause: StockChangeCause): Promise<void> {
  await tx.execute(sql`select set_config('portal.stock_reason', ${cause.reason}, true),
    set_config('portal.stock_user', ${cause.userId ?? ''}, true),
    set_config('portal.stock_reference', ${cause.reference ?? ''}, true),
    set_config('portal.stock_note', ${cause.note ?? ''}, true)`);
}

/** `GET /admin/products/{id}/stock-movements`: newest first. */
export async function listStockMovements(
  db: Db,
  productId: string,
  page: number,
): Promise<StockMovementList> {
  const limit = STOCK_MOVEMENTS_PAGE_SIZE;
  const [[product], [counted], rows] = await Promise.all([
    db.select({ id: products.id }).from(products).where(eq(products.id, productId)),
    db
      .select({ total: count() })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId)),
    db
      .select({
        movement: stockMovements,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(stockMovements)
      .leftJoin(users, eq(users.id, stockMovements.userId))
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  if (!product) throw notFound('errors.product_not_found');
  const total = counted?.total ?? 0;
  return {
    items: rows.map(({ movement, firstName, lastName }) => ({
      _id: String(movement.id),
      change: movement.change,
      quantity_after: movement.quantityAfter,
      reason: movement.reason as StockMovementReason,
      by: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
      reference: movement.reference,
      note: movement.note,
      created_at: movement.createdAt.toISOString(),
    })),
    total,
    page,
    totalPage: Math.ceil(total / limit),
  };
}

/**
 * Staff add received or returned units, or correct the count. The change is applied to the
 * stock as it is at that moment (buyers may be taking units meanwhile); a correction that would
 * go below zero is refused and changes nothing. Units received or returned for a product that
 * had run out put it back on sale.
 */
export async function moveStock(
  db: Db,
  staffUserId: string,
  productId: string,
  request: StockMovementRequest,
): Promise<{ quantity: number }> {
  return db.transaction(async (tx) => {
    await explainStockChanges(tx, {
      reason: request.reason,
      userId: staffUserId,
      note: request.note ?? null,
    });
    const [moved] = await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${request.change}`,
        // Goods arriving for a product that had run out put it back on sale.
        isInStock: sql`${products.isInStock} or (${products.quantity} <= 0 and ${request.change} > 0
          and ${request.reason} <> 'correction')`,
      })
      .where(sql`${products.id} = ${productId} and ${products.quantity} + ${request.change} >= 0`)
      .returning({ quantity: products.quantity, sku: products.sku });
    if (!moved) {
      const [product] = await tx
        .select({ quantity: products.quantity })
        .from(products)
        .where(eq(products.id, productId));
      if (!product) throw notFound('errors.product_not_found');
      throw conflict('errors.stock_below_zero', { available: product.quantity });
    }
    await recordAudit(tx, {
      staffUserId,
      action: 'product.stock',
      entityType: 'product',
      entityId: productId,
      entityLabel: moved.sku,
      before: { quantity: moved.quantity - request.change },
      after: {
        quantity: moved.quantity,
        reason: request.reason,
        ...(request.note ? { note: request.note } : {}),
      },
    });
    return { quantity: moved.quantity };
  });
}
