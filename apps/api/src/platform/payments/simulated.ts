import type { PaymentStatus } from '@portal/contract';
import { and, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simulatedPayments } from '../../db/schema';
import type { NewPayment, NewRefund, PaymentProvider, ProviderPayment } from './provider';

/** The outcomes the tester can pick on the simulated hosted page. */
export const SIMULATED_OUTCOMES = ['paid', 'failed', 'canceled'] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];

export type SimulatedPaymentRow = typeof simulatedPayments.$inferSelect;

/**
 * A payment provider that lives in the portal: it keeps its own records (simulated_payments),
 * serves a hosted page to pay, fail or cancel, expires open payments like a real provider, and
 * reports changes through the webhook with only the payment id.
 */
export function simulatedProvider(options: {
  db: Db;
  /** Origin the hosted page is served from, e.g. http://localhost:3000 */
  /** The portal's address for this payment's page (the request's, outside production). */
  baseUrl: () => string;
  expiryMinutes: number;
}): PaymentProvider & {
  find(id: string): Promise<SimulatedPaymentRow | null>;
  decide(id: string, outcome: SimulatedOutcome): Promise<SimulatedPaymentRow | null>;
} {
  const { db } = options;

  async function expireDue(id: string) {
    await db
      .update(simulatedPayments)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(
        and(
          eq(simulatedPayments.id, id),
          eq(simulatedPayments.status, 'open'),
          lt(simulatedPayments.expiresAt, sql`now()`),
        ),
      );
  }

  async function find(id: string): Promise<SimulatedPaymentRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    await expireDue(id);
    const [row] = await db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id));
    return row ?? null;
  }

  return {
    name: 'simulated',
    async createPayment(payment: NewPayment) {
      const [created] = await db
        .insert(simulatedPayments)
        .values({
          idempotencyKey: payment.idempotencyKey,
          amountCents: payment.amountCents,
          currency: payment.currency,
          method: payment.method,
          description: payment.description,
          orderId: payment.orderId,
          redirectUrl: payment.redirectUrl,
          webhookUrl: payment.webhookUrl,
          expiresAt: new Date(Date.now() + options.expiryMinutes * 60_000),
        })
        .onConflictDoNothing({ target: simulatedPayments.idempotencyKey })
        .returning({ id: simulatedPayments.id });
      // A repeat of the key: the payment the first call created.
      const [row] = created
        ? [created]
        : await db
            .select({ id: simulatedPayments.id })
            .from(simulatedPayments)
            .where(eq(simulatedPayments.idempotencyKey, payment.idempotencyKey));
      if (!row) throw new Error('simulated payment not created');
      return { id: row.id, checkoutUrl: `${options.baseUrl()}/api/payments/simulated/${row.id}` };
    },
    async getPayment(id: string): Promise<ProviderPayment | null> {
      const row = await find(id);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status as PaymentStatus,
        amountCents: row.amountCents,
        currency: row.currency,
        orderId: row.orderId,
      };
    },
    /**
     * Pays back a paid payment, once (at most its amount); the refund asked again with the same
     * key answers the first one without paying twice, another is refused like a provider would.
     */
    async refundPayment(refund: NewRefund) {
      const id = `${refund.paymentId}-refund`;
      const [row] = await db
        .update(simulatedPayments)
        .set({
          refundedCents: refund.amountCents,
          refundKey: refund.idempotencyKey,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(simulatedPayments.id, refund.paymentId),
            eq(simulatedPayments.status, 'paid'),
            isNull(simulatedPayments.refundKey),
            lte(sql`${refund.amountCents}`, simulatedPayments.amountCents),
          ),
        )
        .returning({ id: simulatedPayments.id });
      if (row) return { id };
      const known = await find(refund.paymentId);
      if (known?.refundKey === refund.idempotencyKey) return { id };
      throw new Error(`simulated payment ${refund.paymentId} cannot be refunded`);
    },
    find,
    /** The tester's choice on the hosted page; an open payment only, like a real provider. */
    async decide(id: string, outcome: SimulatedOutcome) {
      const row = await find(id);
      if (!row) return null;
      await db
        .update(simulatedPayments)
        .set({ status: outcome, updatedAt: sql`now()` })
        .where(and(eq(simulatedPayments.id, id), eq(simulatedPayments.status, 'open')));
      return find(id);
    },
  };
}
