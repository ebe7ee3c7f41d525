import {
  CLAIM_STATUS_TRANSITIONS,
  type ApproveClaimItemRequest,
  type AuditAction,
  type Claim,
  type ClaimItemStatus,
  type ClaimListQuery,
  type ClaimRequestStatus,
  type ReceiveClaimItemRequest,
  type RefundClaimItemRequest,
  type RejectClaimItemRequest,
  type ReplacementClaimItemRequest,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { claimItems, claims, invoices, orderLines, orders, products, users } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, notFound } from '../../platform/errors';
import { formatEuros, percentOfCents, toCents } from '../../platform/money';
import { recordAudit } from '../audit';
import { explainStockChanges } from '../catalog';
import { notifyCompany } from '../notifications';
import { issueCreditNote } from './credit-notes';
import { validationFailed } from './problems';
import { findClaims } from './service';
import { describeClaim, describeClaims, findClaim } from './view';

type ClaimRow = typeof claims.$inferSelect;
type ItemRow = typeof claimItems.$inferSelect;

/** Locks the claim and its item for a staff action; a closed claim takes no more actions. */
async function lockItem(tx: Tx, claimId: string, itemId: string) {
  const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update');
  if (!claim) throw notFound('errors.claim_not_found');
  const [item] = await tx
    .select()
    .from(claimItems)
    .where(and(eq(claimItems.id, itemId), eq(claimItems.claimId, claimId)))
    .for('update');
  if (!item) throw notFound('errors.claim_item_not_found');
  if (claim.requestStatus === 'closed') throw conflict('errors.claim_closed');
  return { claim, item };
}

function requireItemStatus(item: ItemRow, ...allowed: ClaimItemStatus[]) {
  if (!allowed.includes(item.itemStatus as ClaimItemStatus)) {
    throw conflict('errors.claim_item_transition', { status: item.itemStatus });
  }
}

async function moveClaim(tx: Tx, claim: ClaimRow, to: ClaimRequestStatus) {
  const from = claim.requestStatus as ClaimRequestStatus;
  if (!CLAIM_STATUS_TRANSITIONS[from].includes(to)) {
    throw conflict('errors.claim_status_transition', { from, to });
  }
  await tx
    .update(claims)
    .set({
      requestStatus: to,
      updatedAt: sql`now()`,
      ...(to === 'approved' ? { approvedAt: sql`now()` } : {}),
      ...(to === 'closed' ? { closedAt: sql`now()` } : {}),
    })
    .where(eq(claims.id, claim.id));
}

async function updateItem(tx: Tx, itemId: string, values: Partial<typeof claimItems.$inferInsert>) {
  await tx
    .update(claimItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(claimItems.id, itemId));
}

/**
 * Runs a staff action on one item in a transaction, records it in the audit log (the item's
 * status before, what the action set after) and answers the claim as it is after.
 */
async function onItem(
  db: Db,
  ctx: RequestContext,
  claimId: string,
  itemId: string,
  auditAction: AuditAction,
  action: (tx: Tx, claim: ClaimRow, item: ItemRow) => Promise<Record<string, unknown>>,
): Promise<Claim> {
  await db.transaction(async (tx) => {
    const { claim, item } = await lockItem(tx, claimId, itemId);
    const after = await action(tx, claim, item);
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: auditAction,
      entityType: 'claim',
      entityId: claim.id,
      entityLabel: `${claim.claimNumber} · ${item.sku}`,
      before: { item_status: item.itemStatus },
      after,
    });
  });
  return describeClaim(db, await findClaim(db, claimId, null));
}

/** Approve: pending → processing; the first approval moves the claim draft → approved. */
export function approveClaimItem(
  db: Db,
  ctx: RequestContext,
  claimId: string,
  itemId: string,
  body: ApproveClaimItemRequest,
) {
  return onItem(db, ctx, claimId, itemId, 'claim.item_approve', async (tx, claim, item) => {
    requireItemStatus(item, 'pending');
    const action = body.action ?? item.demandAction;
    await updateItem(tx, item.id, {
      itemStatus: 'processing',
      decision: 'approved',
      action,
      staffComment: body.comment ?? null,
    });
    if (claim.requestStatus === 'draft') await moveClaim(tx, claim, 'approved');
    return { item_status: 'processing', action, comment: body.comment ?? null };
  });
}

/** Reject: pending → failed (the quantity becomes claimable again). */
export function rejectClaimItem(
  db: Db,
  ctx: RequestContext,
  claimId: string,
  itemId: string,
  body: RejectClaimItemRequest,
) {
  return onItem(db, ctx, claimId, itemId, 'claim.item_reject', async (tx, _claim, item) => {
    requireItemStatus(item, 'pending');
    await updateItem(tx, item.id, {
      itemStatus: 'failed',
      decision: 'rejected',
      staffComment: body.comment ?? null,
    });
    return { item_status: 'failed', comment: body.comment ?? null };
  });
}

/**
 * Received goods of an approved item, once; at most the claimed quantity. With `restock` they
 * go back into the product's stock in the same transaction (the catalog is told after it).
 */
export function receiveClaimItem(
  db: Db,
  ctx: RequestContext,
  claimId: string,
  itemId: string,
  body: ReceiveClaimItemRequest,
  onStockChanged?: (productIds: string[]) => void,
) {
  const restockedProducts: string[] = [];
  return onItem(db, ctx, claimId, itemId, 'claim.item_receive', async (tx, claim, item) => {
    requireItemStatus(item, 'processing');
    if (item.receivedAt) throw conflict('errors.claim_item_transition', { status: 'received' });
    const quantity = body.quantity ?? item.quantity;
    if (quantity > item.quantity) {
      throw validationFailed(ctx, [
        { field: 'quantity', key: 'validation.too_big', vars: { max: item.quantity } },
      ]);
    }
    const restocked = body.restock && quantity > 0 ? quantity : null;
    await updateItem(tx, item.id, {
      receivedQuantity: quantity,
      receivedAt: new Date(),
      restockedQuantity: restocked,
    });
    if (restocked) {
      await explainStockChanges(tx, {
        reason: 'returned',
        userId: ctx.userId,
        reference: claim.claimNumber,
      });
      // Stock only: products.updated_at stays, so the catalog index is not rebuilt for it.
      await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} + ${restocked}` })
        .where(eq(products.id, item.productId));
      restockedProducts.push(item.productId);
    }
    return { received_quantity: quantity, restocked_quantity: restocked };
  }).then((claim) => {
    if (restockedProducts.length) onStockChanged?.(restockedProducts);
    return claim;
  });
}

async function buyerOf(tx: Tx, claim: ClaimRow) {
  const [buyer] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, claim.createdBy));
  return buyer
    ? { _id: claim.createdBy, full_name: `${buyer.firstName} ${buyer.lastName}` }
    : undefined;
}

/** A replacement sent: processing → completed, the company is notified (replacement_sent). */
export function sendReplacement(
  db: Db,
  links: Pick<Config, 'appUrl'>,
  ctx: RequestContext,
  claimId: string,
  itemId: string,
  body: ReplacementClaimItemRequest,
) {
  return onItem(db, ctx, claimId, itemId, 'claim.item_replacement', async (tx, claim, item) => {
    requireItemStatus(item, 'processing');
    const quantity = body.quantity ?? item.quantity;
    if (quantity > item.quantity) {
      throw validationFailed(ctx, [
        { field: 'quantity', key: 'validation.too_big', vars: { max: item.quantity } },
      ]);
    }
    await updateItem(tx, item.id, {
      itemStatus: 'completed',
      action: 'replacement',
      replacementQuantity: quantity,
      trackingNumber: body.tracking_number,
      carrier: body.carrier ?? null,
      issueDate: new Date(),
    });
    const buyer = await buyerOf(tx, claim);
    await notifyCompany(tx, links, claim.companyId, 'replacement_sent', {
      ...(buyer ? { buyer } : {}),
      order: { _id: item.orderId, order_number: item.orderNumber },
    });
    return {
      item_status: 'completed',
      quantity,
      carrier: body.carrier ?? null,
      tracking_number: body.tracking_number,
    };
  });
}

/**
 * A refund: processing → completed with a credit note against the order's invoice (gapless
 * number), at most what the item cost (VAT included) and the order's shipping; the company is
 * notified (new_creditmemo).
 */
export function refundClaimItem(
  db: Db,
  links: Pick<Config, 'appUrl'>,
  ctx: RequestContext,
  claimId: string,
  itemId: string,
  body: RefundClaimItemRequest,
) {
  return onItem(db, ctx, claimId, itemId, 'claim.item_refund', async (tx, claim, item) => {
    requireItemStatus(item, 'processing');
    const [row] = await tx
      .select({ order: orders, invoiceId: invoices.id, invoiceNumber: invoices.invoiceNumber })
      .from(orders)
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .where(eq(orders.id, item.orderId));
    if (!row?.invoiceId) throw conflict('errors.order_not_invoiced');
    const [line] = await tx
      .select({ unitPriceCents: orderLines.unitPriceCents })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, item.orderId), eq(orderLines.productId, item.productId)));
    const goods = (line?.unitPriceCents ?? 0) * item.quantity;
    const maxGoods = goods + percentOfCents(goods, row.order.vatRateBp);
    const maxShipping =
      row.order.shippingCents + percentOfCents(row.order.shippingCents, row.order.vatRateBp);
    const amountCents = toCents(body.amount);
    const shippingCents = toCents(body.shipping_amount ?? 0);
    const problems = [];
    if (amountCents + shippingCents <= 0) {
      problems.push({ field: 'amount', key: 'validation.too_small' as const, vars: { min: 0.01 } });
    }
    if (amountCents > maxGoods) {
      problems.push({
        field: 'amount',
        key: 'validation.too_big' as const,
        vars: { max: formatEuros(maxGoods, ctx.locale) },
      });
    }
    if (shippingCents > maxShipping) {
      problems.push({
        field: 'shipping_amount',
        key: 'validation.too_big' as const,
        vars: { max: formatEuros(maxShipping, ctx.locale) },
      });
    }
    if (problems.length) throw validationFailed(ctx, problems);
    const note = await issueCreditNote(tx, {
      invoiceId: row.invoiceId,
      orderId: item.orderId,
      companyId: claim.companyId,
      claimId: claim.id,
      claimItemId: item.id,
      vatRateBp: row.order.vatRateBp,
      sku: item.sku,
      title: item.title,
      quantity: item.quantity,
      amountCents,
      shippingCents,
    });
    await updateItem(tx, item.id, {
      itemStatus: 'completed',
      action: 'refund',
      refundedCents: amountCents,
      refundedShippingCents: shippingCents,
      creditNoteId: note.id,
      creditNoteNumber: note.creditNoteNumber,
      issueDate: note.issuedAt,
    });
    const buyer = await buyerOf(tx, claim);
    // The credit note travels as the notification's invoice: its number, and the invoice it
    // credits (whose detail lists it), so the web's invoice link leads to it.
    await notifyCompany(
      tx,
      links,
      claim.companyId,
      'new_creditmemo',
      {
        ...(buyer ? { buyer } : {}),
        order: { _id: item.orderId, order_number: item.orderNumber },
        invoice: { _id: row.invoiceId, invoice_number: note.creditNoteNumber },
      },
      { document: { document: 'credit-note', id: note.id } },
    );
    return {
      item_status: 'completed',
      credit_note: note.creditNoteNumber,
      amount: body.amount,
      shipping_amount: body.shipping_amount ?? 0,
    };
  });
}

/** Close: draft or approved → closed; a closed claim is a conflict. */
export async function closeClaim(db: Db, ctx: RequestContext, claimId: string): Promise<Claim> {
  await db.transaction(async (tx) => {
    const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update');
    if (!claim) throw notFound('errors.claim_not_found');
    await moveClaim(tx, claim, 'closed');
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'claim.close',
      entityType: 'claim',
      entityId: claim.id,
      entityLabel: claim.claimNumber,
      before: { request_status: claim.requestStatus },
      after: { request_status: 'closed' },
    });
  });
  return describeClaim(db, await findClaim(db, claimId, null));
}

/** Staff list: every company's claims, newest first. */
export async function listAllClaims(db: Db, query: ClaimListQuery) {
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  const { rows, total } = await findClaims(db, null, query, limit, page);
  return {
    items: await describeClaims(db, rows),
    total,
    page,
    totalPage: Math.ceil(total / limit),
  };
}

/** One claim of any company (staff). */
export async function getAnyClaim(db: Db, claimId: string): Promise<Claim> {
  return describeClaim(db, await findClaim(db, claimId, null));
}
