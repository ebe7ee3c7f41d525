import type {
  Claim,
  ClaimAction,
  ClaimAttachment,
  ClaimDemandAction,
  ClaimItem,
  ClaimItemDecision,
  ClaimItemStatus,
  ClaimKind,
  ClaimReason,
  ClaimRequestStatus,
  ClaimSummary,
  CreditNoteSummary,
  EligibilityOutcome,
} from '@portal/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { claimBoxes, claimItems, claims, companies, creditNotes, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { fromCents } from '../../platform/money';
import { attachmentsOf } from './attachments';

type ClaimRow = typeof claims.$inferSelect;
type ItemRow = typeof claimItems.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

export function creditNoteSummaryOf(row: CreditNoteRow): CreditNoteSummary {
  return {
    _id: row.id,
    credit_note_number: row.creditNoteNumber,
    issued_at: row.issuedAt.toISOString(),
    amount: fromCents(row.amountCents),
    shipping_amount: fromCents(row.shippingCents),
    total: fromCents(row.totalCents),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const euros = (cents: number | null) => (cents === null ? null : fromCents(cents));

function itemOf(row: ItemRow, creditNote: CreditNoteRow | undefined): ClaimItem {
  return {
    _id: row.id,
    order: { _id: row.orderId, order_number: row.orderNumber },
    product_id: row.productId,
    sku: row.sku,
    title: row.title,
    quantity: row.quantity,
    reason: row.reason as ClaimReason,
    demand_action: row.demandAction as ClaimDemandAction,
    action: row.action as ClaimAction | null,
    comment: row.comment,
    eligibility: row.eligibility as EligibilityOutcome,
    item_status: row.itemStatus as ClaimItemStatus,
    decision: row.decision as ClaimItemDecision | null,
    staff_comment: row.staffComment,
    date_of_delivery: iso(row.dateOfDelivery),
    received_quantity: row.receivedQuantity,
    restocked_quantity: row.restockedQuantity,
    received_at: iso(row.receivedAt),
    replacement_quantity: row.replacementQuantity,
    tracking_number: row.trackingNumber,
    carrier: row.carrier,
    issue_date: iso(row.issueDate),
    refunded_amount: euros(row.refundedCents),
    refunded_shipping_amount: euros(row.refundedShippingCents),
    credit_note_number: row.creditNoteNumber,
    credit_note: creditNote ? creditNoteSummaryOf(creditNote) : null,
  };
}

/**
 * Claims as the API shows them, with their items, boxes, credit notes, author, company and
 * attachments (without their bytes; `attachments: false` leaves them empty, for the list rows
 * that do not show them):
 * a fixed number of queries for any number of claims.
 */
export async function describeClaims(
  db: Executor,
  rows: ClaimRow[],
  { attachments: withAttachments = true } = {},
): Promise<Claim[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, boxes, notes, authors, owners, attachments] = await Promise.all([
    db
      .select()
      .from(claimItems)
      .where(inArray(claimItems.claimId, ids))
      .orderBy(asc(claimItems.claimId), asc(claimItems.position)),
    db
      .select()
      .from(claimBoxes)
      .where(inArray(claimBoxes.claimId, ids))
      .orderBy(asc(claimBoxes.claimId), asc(claimBoxes.position)),
    db.select().from(creditNotes).where(inArray(creditNotes.claimId, ids)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((row) => row.createdBy))])),
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, [...new Set(rows.map((row) => row.companyId))])),
    withAttachments ? attachmentsOf(db, ids) : new Map<string, ClaimAttachment[]>(),
  ]);
  const noteByItem = new Map(notes.map((note) => [note.claimItemId, note]));
  const authorName = new Map(authors.map((a) => [a.id, `${a.firstName} ${a.lastName}`]));
  const companyName = new Map(owners.map((c) => [c.id, c.name]));
  return rows.map((row) => {
    const own = items.filter((item) => item.claimId === row.id);
    const ownBoxes = boxes.filter((box) => box.claimId === row.id);
    return {
      _id: row.id,
      claim_number: row.claimNumber,
      kind: row.kind as ClaimKind,
      request_status: row.requestStatus as ClaimRequestStatus,
      created_at: row.createdAt.toISOString(),
      created_by: authorName.get(row.createdBy) ?? '',
      order_numbers: [...new Set(own.map((item) => item.orderNumber))],
      tracking_codes: ownBoxes.map((box) => box.trackingCode),
      items: own.map((item) => itemOf(item, noteByItem.get(item.id))),
      comment: row.comment,
      source: row.source as Claim['source'],
      boxes: ownBoxes.map((box) => ({
        _id: box.id,
        carrier: box.carrier,
        tracking_code: box.trackingCode,
        number_of_boxes: box.numberOfBoxes,
      })),
      closed_at: iso(row.closedAt),
      company: { _id: row.companyId, name: companyName.get(row.companyId) ?? '' },
      attachments: attachments.get(row.id) ?? [],
    };
  });
}

/** The list row: the claim without its boxes and company. */
export function summaryOf(claim: Claim): ClaimSummary {
  return {
    _id: claim._id,
    claim_number: claim.claim_number,
    kind: claim.kind,
    request_status: claim.request_status,
    created_at: claim.created_at,
    created_by: claim.created_by,
    order_numbers: claim.order_numbers,
    tracking_codes: claim.tracking_codes,
    items: claim.items,
  };
}

/** One claim; `companyId` null for staff. Another company's claim is 404. */
export async function findClaim(
  db: Executor,
  claimId: string,
  companyId: string | null,
): Promise<ClaimRow> {
  const [row] = await db
    .select()
    .from(claims)
    .where(and(eq(claims.id, claimId), companyId ? eq(claims.companyId, companyId) : undefined));
  if (!row) throw notFound('errors.claim_not_found');
  return row;
}

export async function describeClaim(db: Executor, row: ClaimRow): Promise<Claim> {
  const [claim] = await describeClaims(db, [row]);
  if (!claim) throw new Error('describeClaim: nothing described');
  return claim;
}
