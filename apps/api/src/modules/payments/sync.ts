import type { PaymentStatus } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { orders, payments } from '../../db/schema';
import type { Payments } from '../../platform/payments';
import { afterPaid, moveOrder, releaseStock, type Actor } from '../orders';

export interface PaymentsDeps {
  db: Db;
  config: Config;
  payments: Payments;
  log: FastifyBaseLogger;
  /** Told which products got stock back, after the change is committed. */
  onStockChanged?: (productIds: string[]) => void;
}

export type PaymentRow = typeof payments.$inferSelect;

/** What a sync did: nothing known, a mismatch (spoofed or foreign), no change, or a change. */
export type SyncOutcome = 'unknown' | 'mismatch' | 'unchanged' | 'changed';

/**
 * Records a final status of one of our payments and moves its order, once: the payment leaves
 * `open` in a conditional UPDATE, so replayed or concurrent calls change nothing the second time.
 * Paid: pending → processing (mail, buyer counts). Failed: → failed; canceled or expired:
 * → canceled, with the stock released, unless another payment of the order is still open or paid.
 */
export async function applyPaymentStatus(
  deps: PaymentsDeps,
  payment: PaymentRow,
  status: Exclude<PaymentStatus, 'open'>,
  by: { actor: Actor; userId?: string | null },
  /** Runs in the same transaction when the status changed (the audit record of staff). */
  alsoWhenChanged?: (tx: Executor) => Promise<void>,
): Promise<SyncOutcome> {
  const result = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({
        status,
        updatedAt: sql`now()`,
        ...(status === 'paid' ? { paidAt: sql`now()` } : {}),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'open')))
      .returning({ id: payments.id });
    if (!updated) return { changed: false, released: [] as string[] };
    await alsoWhenChanged?.(tx);
    if (status === 'paid') {
      const moved = await moveOrder(tx, payment.orderId, 'processing', by, { paidAt: true });
      if (moved) await afterPaid(tx, deps.config, moved);
      else
        deps.log.warn({ orderId: payment.orderId }, 'payment received for an order past pending');
      return { changed: true, released: [] as string[] };
    }
    const moved = await moveOrder(
      tx,
      payment.orderId,
      status === 'failed' ? 'failed' : 'canceled',
      by,
      {
        onlyIf: sql`not exists (select 1 from ${payments} p where p.order_id = ${orders.id}
        and p.id <> ${payment.id} and p.status in ('open', 'paid'))`,
      },
    );
    return { changed: true, released: moved ? await releaseStock(tx, payment.orderId, null) : [] };
  });
  if (result.released.length) deps.onStockChanged?.(result.released);
  return result.changed ? 'changed' : 'unchanged';
}

/**
 * Asks the provider about a payment and applies what it answers. The caller (a webhook, the
 * return page, reconciliation) only names the payment; the fetched payment's order, amount and
 * currency must match ours, so a spoofed or foreign payment id changes nothing.
 */
export async function syncPayment(
  deps: PaymentsDeps,
  providerName: string,
  providerPaymentId: string,
): Promise<SyncOutcome> {
  const provider = deps.payments.byName(providerName);
  if (!provider) return 'unknown';
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.provider, providerName), eq(payments.providerPaymentId, providerPaymentId)),
    );
  if (!payment) return 'unknown';
  const remote = await provider.getPayment(providerPaymentId);
  if (!remote) return 'unknown';
  const [order] = await deps.db
    .select({ totalCents: orders.totalCents, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, payment.orderId));
  if (
    !order ||
    remote.orderId !== payment.orderId ||
    remote.amountCents !== payment.amountCents ||
    remote.amountCents !== order.totalCents ||
    remote.currency !== order.currency
  ) {
    deps.log.warn(
      { providerPaymentId, orderId: payment.orderId },
      'payment does not match its order',
    );
    return 'mismatch';
  }
  if (remote.status === 'open') return 'unchanged';
  return applyPaymentStatus(deps, payment, remote.status, { actor: 'payment_provider' });
}
