import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { applyPaymentStatus, syncPayment, type PaymentsDeps } from './sync';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job';

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
  batchSize = BATCH_SIZE,
): Promise<ReconcileSummary> {
  // Due once older than the delay, then at the time set by the last check: soonest due first,
  // so payments still open at the provider move back in the line instead of blocking it.
  const dueAt = sql`coalesce(${payments.nextCheckAt}, ${payments.createdAt} + make_interval(mins => ${olderThanMinutes}))`;
  const due = await deps.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'open'),
        ne(payments.provider, 'bank_transfer'),
        eq(orders.status, 'pending'),
        lte(dueAt, sql`now()`),
      ),
    )
    .orderBy(asc(dueAt), asc(payments.id))
    .limit(batchSize);
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
    await scheduleNextCheck(deps, payment.id, payment.reconcileChecks, olderThanMinutes);
  }
  return { checked: due.length, changed };
}

/** The wait before asking again about a payment still open: doubling, at most a day. */
function nextWaitMinutes(checks: number, olderThanMinutes: number) {
  return Math.min(olderThanMinutes * 2 ** Math.min(checks, 10), 24 * 60);
}

async function scheduleNextCheck(
  deps: PaymentsDeps,
  paymentId: string,
  checks: number,
  olderThanMinutes: number,
) {
  const minutes = Math.max(1, nextWaitMinutes(checks, olderThanMinutes));
  await deps.db
    .update(payments)
    .set({
      nextCheckAt: sql`now() + make_interval(mins => ${minutes})`,
      reconcileChecks: checks + 1,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'open')));
}

/** Runs `reconcilePayments` every `intervalMs`, in one API process of those on the database. */
export function startPaymentReconciliation(
  deps: PaymentsDeps,
  intervalMs: number,
  olderThanMinutes: number,
): PeriodicJob {
  // One process of several asks the provider at each turn (the others would ask again).
  return startPeriodicJob(
    deps.db,
    'payment reconciliation',
    intervalMs,
    async () => {
      await reconcilePayments(deps, olderThanMinutes);
    },
    deps.log,
  );
}
