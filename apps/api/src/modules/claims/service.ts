import {
  CLAIMS_PAGE_SIZE,
  isClaimable,
  type Claim,
  type ClaimKind,
  type ClaimListQuery,
  type ClaimListResponse,
  type ClaimOrderResponse,
  type CreateClaimRequest,
} from '@portal/contract';
import { and, desc, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { claimItems, claims } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { companyOf } from '../addresses';
import {
  decideEligibility,
  evaluateRows,
  loadClaimOrders,
  returnUntil,
  warrantyUntil,
} from './eligibility';
import { insertClaim, lockOrders } from './filing';
import { validationFailed, type Problem } from './problems';
import { describeClaim, describeClaims, findClaim, summaryOf } from './view';

export interface ClaimsDeps {
  db: Db;
  config: Config;
  returnWindowDays: () => Promise<number>;
  /** Told which products' stock changed (returned goods back in stock), after the commit. */
  onStockChanged?: (productIds: string[]) => void;
}

/** The form's first step: the order, its lines, what is left to claim and each line's outcome. */
export async function lookupClaimOrder(
  deps: ClaimsDeps,
  ctx: RequestContext,
  orderNumber: string,
  kind: ClaimKind,
): Promise<ClaimOrderResponse> {
  const windowDays = await deps.returnWindowDays();
  const order = (await loadClaimOrders(deps.db, companyOf(ctx), [orderNumber])).get(orderNumber);
  if (!order) {
    return {
      order_number: orderNumber,
      kind,
      order: null,
      eligibility: 'order_not_found',
      lines: [],
    };
  }
  const today = new Date();
  const orderLevel = decideEligibility({
    kind,
    order,
    productExists: false,
    line: null,
    warrantyMonths: null,
    quantity: 1,
    returnWindowDays: windowDays,
    today,
  });
  return {
    order_number: orderNumber,
    kind,
    order: {
      _id: order.id,
      order_number: order.orderNumber,
      date: order.date.toISOString(),
      status: order.status,
      delivered_at: order.deliveredAt?.toISOString() ?? null,
    },
    eligibility: orderLevel === 'order_not_completed' ? orderLevel : null,
    lines: [...order.lines.values()].map((line) => ({
      product_id: line.productId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      quantity_claimed: line.claimed,
      quantity_claimable: Math.max(0, line.quantity - line.claimed),
      warranty_months: line.warrantyMonths,
      warranty_until: warrantyUntil(order, line.warrantyMonths),
      return_until: returnUntil(order, windowDays),
      eligibility: decideEligibility({
        kind,
        order,
        productExists: true,
        line,
        warrantyMonths: line.warrantyMonths,
        quantity: 1,
        returnWindowDays: windowDays,
        today,
      }),
    })),
  };
}

/**
 * Files a claim from the form: one order, each item eligible and within what is left to claim
 * ('Quantity exceeds limit' otherwise), at least one shipping box (checked by the schema).
 */
export async function createClaim(
  deps: ClaimsDeps,
  ctx: RequestContext,
  body: CreateClaimRequest,
): Promise<Claim> {
  const companyId = companyOf(ctx);
  const problems: Problem[] = [];
  const seen = new Set<string>();
  body.items.forEach((item, index) => {
    if (seen.has(item.sku))
      problems.push({ field: `items.${index}.sku`, key: 'validation.duplicate_item' });
    seen.add(item.sku);
  });
  if (problems.length) throw validationFailed(ctx, problems);
  const windowDays = await deps.returnWindowDays();
  const row = await deps.db.transaction(async (tx) => {
    await lockOrders(tx, companyId, [body.order_number]);
    const evaluated = await evaluateRows(
      tx,
      companyId,
      body.kind,
      body.items.map((item) => ({
        orderNumber: body.order_number,
        sku: item.sku,
        quantity: item.quantity,
      })),
      windowDays,
    );
    const orderLevel = evaluated.find(
      (e) => e.eligibility === 'order_not_found' || e.eligibility === 'order_not_completed',
    );
    if (orderLevel) {
      throw validationFailed(ctx, [
        {
          field: 'order_number',
          key: 'validation.item_not_eligible',
          vars: { eligibility: orderLevel.eligibility },
        },
      ]);
    }
    evaluated.forEach((result, index) => {
      if (result.eligibility === 'exceed') {
        problems.push({
          field: `items.${index}.quantity`,
          key: 'validation.quantity_exceeds_limit',
          vars: { max: result.claimable },
        });
      } else if (!isClaimable(result.eligibility)) {
        problems.push({
          field: `items.${index}.sku`,
          key: 'validation.item_not_eligible',
          vars: { eligibility: result.eligibility },
        });
      }
    });
    if (problems.length) throw validationFailed(ctx, problems);
    return insertClaim(tx, ctx, deps.config, {
      kind: body.kind,
      source: 'form',
      comment: body.comment ?? null,
      boxes: body.boxes,
      items: body.items.map((item, index) => ({
        order: evaluated[index]!.order!,
        sku: item.sku,
        quantity: item.quantity,
        reason: item.reason,
        demandAction: item.demand_action,
        comment: item.comment ?? null,
        eligibility: evaluated[index]!.eligibility,
      })),
    });
  });
  return describeClaim(deps.db, row);
}

/** The company's claims, newest first: by kind and status, searched by claim/order number or sku. */
export async function listClaims(
  db: Executor,
  ctx: RequestContext,
  query: ClaimListQuery,
): Promise<ClaimListResponse> {
  const limit = query.limit ?? CLAIMS_PAGE_SIZE;
  const page = query.page ?? 1;
  const { rows, total } = await findClaims(db, companyOf(ctx), query, limit, page);
  // The list rows (summaryOf) show no attachments: they are not read.
  const described = await describeClaims(db, rows, { attachments: false });
  return { items: described.map(summaryOf), total, page, totalPage: Math.ceil(total / limit) };
}

/** Claims of one company (or all, for staff), paged in the database. */
export async function findClaims(
  db: Executor,
  companyId: string | null,
  query: ClaimListQuery,
  limit: number,
  page: number,
) {
  const pattern = query.search ? `${query.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const filters: (SQL | undefined)[] = [
    companyId ? eq(claims.companyId, companyId) : undefined,
    query.kind ? eq(claims.kind, query.kind) : undefined,
    query.status ? eq(claims.requestStatus, query.status) : undefined,
    pattern
      ? or(
          sql`${claims.claimNumber} ilike ${pattern}`,
          exists(
            db
              .select({ one: sql`1` })
              .from(claimItems)
              .where(
                and(
                  eq(claimItems.claimId, claims.id),
                  or(
                    sql`${claimItems.orderNumber} like ${pattern}`,
                    sql`${claimItems.sku} ilike ${pattern}`,
                  ),
                ),
              ),
          ),
        )
      : undefined,
  ];
  const where = and(...filters);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(claims)
      .where(where)
      .orderBy(desc(claims.createdAt), desc(claims.claimNumber))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(claims)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One claim of the caller's company (404 for another company's). */
export async function getClaim(db: Executor, ctx: RequestContext, claimId: string): Promise<Claim> {
  return describeClaim(db, await findClaim(db, claimId, companyOf(ctx)));
}
