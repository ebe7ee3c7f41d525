import type { PaymentMethod, PaymentStatus } from '@portal/contract';

/** What the portal asks a provider to collect. */
export interface NewPayment {
  amountCents: number;
  currency: 'EUR';
  description: string;
  /** Our order id: stored at the provider and checked when the payment comes back. */
  orderId: string;
  method: PaymentMethod;
  /** Where the provider sends the buyer afterwards. */
  redirectUrl: string;
  /** Where the provider reports changes (the body carries only the payment id). */
  webhookUrl: string;
  locale: string;
  /**
   * The same key answers the payment the first call with it created, however many calls race
   * (the portal's payment row id): one provider payment per payment row.
   */
  idempotencyKey: string;
}

/** A payment as the provider knows it: the only truth about its status. */
export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** The order id we stored at creation; null when the provider has none. */
  orderId: string | null;
}

/** Money paid back on a paid payment. */
export interface NewRefund {
  /** The provider's payment id. */
  paymentId: string;
  amountCents: number;
  currency: 'EUR';
  description: string;
  /** The same key answers the refund the first call with it made: a retry never pays twice. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: 'simulated' | 'mollie';
  /** Creates a payment; answers its provider id and the hosted checkout page. */
  createPayment(payment: NewPayment): Promise<{ id: string; checkoutUrl: string }>;
  /** Fetches a payment by its provider id; null when the provider does not know it. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** Pays back (part of) a paid payment; answers the provider's refund id. */
  refundPayment(refund: NewRefund): Promise<{ id: string }>;
}

/** Amounts in the providers' "123.45" form, without floating point. */
export function centsToAmount(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** "123.45" (or "123.4", "123") to cents; NaN for anything else. */
export function amountToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
