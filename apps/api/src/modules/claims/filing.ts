import type { ClaimBox, ClaimKind, EligibilityOutcome } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Config } from '../../config';
import { claimBoxes, claimItems, claims, orders } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { mailStaffAlert } from '../../platform/mail/staff-alerts';
import { webUrl } from '../../platform/urls';
import { companyOf } from '../addresses';
import { companyName } from '../companies';
import type { ClaimOrderRow } from './eligibility';

/** Locks the company's orders a claim names, so two claims cannot both take the last units. */
export async function lockOrders(tx: Executor, companyId: string, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return;
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.orderNumber, orderNumbers)))
    .for('update');
}

export interface NewItem {
  order: ClaimOrderRow;
  sku: string;
  quantity: number;
  reason: string;
  demandAction: string;
  comment: string | null;
  eligibility: EligibilityOutcome;
}

export async function insertClaim(
  tx: Executor,
  ctx: RequestContext,
  config: Config,
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
  // Named once, however many staff members get the alert.
  let company: Promise<string> | undefined;
  await mailStaffAlert(tx, 'claims', async (locale, firstName) => ({
    first_name: firstName,
    claim_number: claim.claimNumber,
    company: await (company ??= companyName(tx, claim.companyId)),
    claim_url: webUrl(config, locale, `/admin/claims/${claim.id}`),
  }));
  return claim;
}
