import {
  CLAIM_CSV_EXPORT_COLUMNS,
  CLAIM_REASONS,
  CLAIM_DEMAND_ACTIONS,
  CLAIM_LIMITS,
  CLAIMS_PAGE_SIZE,
  isClaimable,
  type Claim,
  type ClaimBox,
  type ClaimCsvPreviewResponse,
  type ClaimCsvRow,
  type ClaimKind,
  type ClaimListQuery,
  type ClaimListResponse,
  type ClaimOrderResponse,
  type CreateClaimRequest,
  type EligibilityOutcome,
  type ValidationKey,
} from '@portal/contract';
import { and, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { claimBoxes, claimItems, claims, orders } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { t, type MessageKey, type Vars } from '../../platform/i18n';
import { companyOf } from '../addresses/service';
import { normalizeCode, toCsv, type CsvRecord } from './csv';
import {
  decideEligibility,
  evaluateRows,
  loadClaimOrders,
  returnUntil,
  warrantyUntil,
  type ClaimOrderRow,
} from './eligibility';
import { describeClaim, describeClaims, findClaim, summaryOf } from './view';

export interface ClaimsDeps {
  db: Db;
  returnWindowDays: () => Promise<number>;
}

export interface Problem {
  field: string;
  key: ValidationKey;
  vars?: Vars;
}

/** An eligibility outcome in the request's language (for messages). */
export const eligibilityLabel = (ctx: RequestContext, outcome: EligibilityOutcome) =>
  t(ctx.locale, `eligibility.${outcome}` as MessageKey);

function messageOf(ctx: RequestContext, problem: Problem): string {
  const vars = { ...problem.vars };
  if (typeof vars.eligibility === 'string') {
    vars.eligibility = eligibilityLabel(ctx, vars.eligibility as EligibilityOutcome);
  }
  return t(ctx.locale, problem.key as MessageKey, vars);
}

/** 400 VALIDATION_ERROR naming each field, in the request's language. */
export function validationFailed(ctx: RequestContext, problems: Problem[], status = 400) {
  return new AppError(
    'VALIDATION_ERROR',
    'errors.validation_failed',
    {},
    problems.map((problem) => ({ field: problem.field, message: messageOf(ctx, problem) })),
    status,
  );
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

/** Locks the company's orders a claim names, so two claims cannot both take the last units. */
async function lockOrders(tx: Executor, companyId: string, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return;
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.orderNumber, orderNumbers)))
    .for('update');
}

interface NewItem {
  order: ClaimOrderRow;
  sku: string;
  quantity: number;
  reason: string;
  demandAction: string;
  comment: string | null;
  eligibility: EligibilityOutcome;
}

async function insertClaim(
  tx: Executor,
  ctx: RequestContext,
  values: {
    kind: ClaimKind;
    source: 'form' | 'csv';
    comment: string | null;
    items: NewItem[];
    boxes: ClaimBox[];
  },
) {
  const prefix = values.kind === 'return' ? 'RET' : 'WAR';
  const [claim] = await tx
    .insert(claims)
    .values({
      claimNumber: sql`${prefix} || '-' || lpad(nextval('claim_number_seq')::text, 6, '0')`,
      companyId: companyOf(ctx),
      kind: values.kind,
      source: values.source,
      comment: values.comment || null,
      createdBy: ctx.userId,
    })
    .returning();
  if (!claim) throw new Error('insertClaim: no claim');
  const itemRows = values.items.map((item, position) => {
    const line = item.order.lines.get(item.sku);
    if (!line) throw new Error('insertClaim: line vanished');
    return {
      claimId: claim.id,
      position,
      orderId: item.order.id,
      orderNumber: item.order.orderNumber,
      productId: line.productId,
      sku: line.sku,
      title: line.title,
      quantity: item.quantity,
      reason: item.reason,
      demandAction: item.demandAction,
      comment: item.comment || null,
      eligibility: item.eligibility,
      dateOfDelivery: item.order.deliveredAt,
    };
  });
  // Chunks keep a 10,000-row file under the database's parameter limit.
  for (let start = 0; start < itemRows.length; start += 1000) {
    await tx.insert(claimItems).values(itemRows.slice(start, start + 1000));
  }
  await tx.insert(claimBoxes).values(
    values.boxes.map((box, position) => ({
      claimId: claim.id,
      position,
      carrier: box.carrier,
      trackingCode: box.tracking_code,
      numberOfBoxes: box.number_of_boxes,
    })),
  );
  return claim;
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
    return insertClaim(tx, ctx, {
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

const REASONS = new Set<string>(CLAIM_REASONS);
const DEMAND_ACTIONS = new Set<string>(CLAIM_DEMAND_ACTIONS);

/** A CSV row's own problems (before any lookup), and its values made ready to evaluate. */
function checkCsvValues(record: CsvRecord) {
  const v = record.values;
  const problems: Problem[] = [];
  const orderNumber = v.order_number.trim();
  if (orderNumber === '')
    problems.push({ field: 'order_number', key: 'validation.fields_required' });
  else if (orderNumber.length !== CLAIM_LIMITS.orderNumberLength) {
    problems.push({ field: 'order_number', key: 'validation.order_number_length' });
  }
  const sku = v.sku.trim();
  if (sku === '') problems.push({ field: 'sku', key: 'validation.fields_required' });
  const quantityText = v.quantity.trim();
  const quantity = /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (quantityText === '') problems.push({ field: 'quantity', key: 'validation.fields_required' });
  else if (!Number.isInteger(quantity) || quantity < 1 || quantity > CLAIM_LIMITS.maxQuantity) {
    problems.push({ field: 'quantity', key: 'validation.invalid' });
  }
  const reason = normalizeCode(v.reason);
  const demandAction = normalizeCode(v.demand_action);
  for (const [field, value, allowed] of [
    ['reason', reason, REASONS],
    ['demand_action', demandAction, DEMAND_ACTIONS],
  ] as const) {
    if (value === '') problems.push({ field, key: 'validation.reason_demand_required' });
    else if (!allowed.has(value)) problems.push({ field, key: 'validation.invalid_choice' });
  }
  if (v.comment.length > CLAIM_LIMITS.commentMaxLength) {
    problems.push({
      field: 'comment',
      key: 'validation.too_long',
      vars: { max: CLAIM_LIMITS.commentMaxLength },
    });
  }
  const lookable = !problems.some(
    (p) => p.field === 'order_number' || p.field === 'sku' || p.field === 'quantity',
  );
  return {
    problems,
    lookable,
    orderNumber,
    sku,
    quantity,
    reason,
    demandAction,
    comment: v.comment,
  };
}

interface CheckedCsv {
  rows: ClaimCsvRow[];
  items: NewItem[];
}

/** Checks every row: its values, then (when they allow) its eligibility; valid rows become items. */
async function checkCsv(
  db: Executor,
  ctx: RequestContext,
  kind: ClaimKind,
  records: CsvRecord[],
  windowDays: number,
): Promise<CheckedCsv> {
  const checked = records.map(checkCsvValues);
  const lookable = checked.filter((c) => c.lookable);
  const evaluated = await evaluateRows(
    db,
    companyOf(ctx),
    kind,
    lookable.map((c) => ({ orderNumber: c.orderNumber, sku: c.sku, quantity: c.quantity })),
    windowDays,
  );
  const results = new Map(lookable.map((c, index) => [c, evaluated[index]!]));
  const items: NewItem[] = [];
  const rows = records.map((record, index): ClaimCsvRow => {
    const c = checked[index]!;
    const result = results.get(c);
    const problems = [...c.problems];
    if (result?.eligibility === 'exceed') {
      problems.push({
        field: 'quantity',
        key: 'validation.quantity_exceeds_limit',
        vars: { max: result.claimable },
      });
    } else if (result && !isClaimable(result.eligibility)) {
      problems.push({
        field: '',
        key: 'validation.item_not_eligible',
        vars: { eligibility: result.eligibility },
      });
    }
    const valid = problems.length === 0 && result !== undefined;
    if (valid && result.order) {
      items.push({
        order: result.order,
        sku: c.sku,
        quantity: c.quantity,
        reason: c.reason,
        demandAction: c.demandAction,
        comment: c.comment || null,
        eligibility: result.eligibility,
      });
    }
    return {
      line: record.line,
      values: record.values,
      title: result?.line?.title ?? null,
      eligibility: result?.eligibility ?? null,
      errors: problems.map((p) => ({
        field: p.field,
        key: p.key,
        vars: p.vars ?? {},
        message: messageOf(ctx, p),
      })),
      valid,
    };
  });
  return { rows, items };
}

/** `POST /claims/csv/preview`: every row with its eligibility and errors; nothing is written. */
export async function previewCsvClaim(
  deps: ClaimsDeps,
  ctx: RequestContext,
  kind: ClaimKind,
  file: { name: string; delimiter: ',' | ';'; records: CsvRecord[] },
): Promise<ClaimCsvPreviewResponse> {
  const { rows } = await checkCsv(deps.db, ctx, kind, file.records, await deps.returnWindowDays());
  const valid = rows.filter((row) => row.valid).length;
  return {
    kind,
    file_name: file.name,
    delimiter: file.delimiter,
    total_rows: rows.length,
    valid_rows: valid,
    invalid_rows: rows.length - valid,
    rows,
  };
}

/** `POST /claims/csv`: the valid rows of the file become one claim (none valid: refused). */
export async function createCsvClaim(
  deps: ClaimsDeps,
  ctx: RequestContext,
  input: { kind: ClaimKind; records: CsvRecord[]; boxes: ClaimBox[]; comment: string | null },
): Promise<Claim> {
  const companyId = companyOf(ctx);
  const windowDays = await deps.returnWindowDays();
  const row = await deps.db.transaction(async (tx) => {
    await lockOrders(tx, companyId, [
      ...new Set(input.records.map((record) => record.values.order_number.trim())),
    ]);
    const { items } = await checkCsv(tx, ctx, input.kind, input.records, windowDays);
    if (items.length === 0) {
      throw validationFailed(ctx, [{ field: 'file', key: 'validation.csv_no_valid_rows' }]);
    }
    return insertClaim(tx, ctx, {
      kind: input.kind,
      source: 'csv',
      comment: input.comment,
      boxes: input.boxes,
      items,
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
  const described = await describeClaims(db, rows);
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

/** The claim's items as CSV; every cell is text (formula-looking cells get a leading '). */
export async function exportClaimCsv(db: Executor, ctx: RequestContext, claimId: string) {
  const claim = await getClaim(db, ctx, claimId);
  const csv = toCsv([
    [...CLAIM_CSV_EXPORT_COLUMNS],
    ...claim.items.map((item) => [
      item.order.order_number,
      item.sku,
      item.quantity,
      item.reason,
      item.demand_action,
      item.comment,
      item.title,
      item.eligibility,
      item.item_status,
      item.tracking_number,
      item.credit_note_number,
    ]),
  ]);
  return { claim, csv };
}
