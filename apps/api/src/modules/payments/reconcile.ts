import { and, asc, eq, lt, ne } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { applyPaymentStatus, syncPayment, type PaymentsDeps } from './sync';

const BATCH_SIZE = 100;

export interface ReconcileSummary {
  checked: number;
  changed: number;
}

/**
 * Asks the provider about online payments of pending orders left open longer than
 * `olderThanMinutes` (a buyer who never came back, a webhook that never arrived). A payment that
 * never reached the provider is canceled, which cancels its order and releases the stock.
 */
export async function reconcilePayments(
  deps: PaymentsDeps,
  olderThanMinutes: number,
): Promise<ReconcileSummary> {
  const due = await deps.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'open'),
        ne(payments.provider, 'bank_transfer'),
        eq(orders.status, 'pending'),
        lt(payments.createdAt, new Date(Date.now() - olderThanMinutes * 60_000)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(BATCH_SIZE);
  let changed = 0;
  for (const { payment } of due) {
    try {
      const outcome = payment.providerPaymentId
        ? await syncPayment(deps, payment.provider, payment.providerPaymentId)
        : await applyPaymentStatus(deps, payment, 'canceled', { actor: 'system' });
      if (outcome === 'changed') changed++;
    } catch (error) {
      deps.log.error({ err: error, paymentId: payment.id }, 'payment reconciliation failed');
    }
  }
  return { checked: due.length, changed };
}

export interface ReconcileJob {
  /** Clears the timer and waits for the run in progress. */
  stop(): Promise<void>;
}

/** Runs `reconcilePayments` every `intervalMs` (each process may run one; changes apply once). */
export function startPaymentReconciliation(
  deps: PaymentsDeps,
  intervalMs: number,
  olderThanMinutes: number,
): ReconcileJob {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => reconcilePayments(deps, olderThanMinutes))
      .catch((error: unknown) => deps.log.error({ err: error }, 'payment reconciliation failed'));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
