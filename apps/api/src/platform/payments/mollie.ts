import { createMollieClient, Locale, PaymentMethod as MollieMethod } from '@mollie/api-client';
import type { PaymentMethod, PaymentStatus } from '@portal/contract';
import {
  amountToCents,
  centsToAmount,
  type NewPayment,
  type NewRefund,
  type PaymentProvider,
  type ProviderPayment,
} from './provider';

/** Our payment methods as Mollie names them; `checkout` lets the buyer choose on Mollie's page. */
const METHODS: Record<PaymentMethod, MollieMethod | undefined> = {
  banktransfer: MollieMethod.banktransfer,
  paypal: MollieMethod.paypal,
  checkout: undefined,
  creditcard: MollieMethod.creditcard,
  bancontact: MollieMethod.bancontact,
  billie: MollieMethod.billie,
  ideal: MollieMethod.ideal,
};

const LOCALES: Record<string, Locale> = {
  en: Locale.en_US,
  fr: Locale.fr_FR,
  es: Locale.es_ES,
  de: Locale.de_DE,
  nl: Locale.nl_NL,
  it: Locale.it_IT,
};

/** Mollie's statuses, reduced to ours: open, pending and authorized are all still open. */
function statusOf(status: string): PaymentStatus {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'canceled';
    case 'expired':
      return 'expired';
    default:
      return 'open';
  }
}

/** Mollie hosted checkout through `@mollie/api-client`; `apiUrl` points it at another server. */
export function mollieProvider(options: { apiKey: string; apiUrl: string }): PaymentProvider {
  const client = createMollieClient({ apiKey: options.apiKey, apiEndpoint: options.apiUrl });
  return {
    name: 'mollie',
    async createPayment(payment: NewPayment) {
      const created = await client.payments.create({
        amount: { currency: payment.currency, value: centsToAmount(payment.amountCents) },
        description: payment.description,
        redirectUrl: payment.redirectUrl,
        webhookUrl: payment.webhookUrl,
        method: METHODS[payment.method],
        locale: LOCALES[payment.locale],
        metadata: { order_id: payment.orderId },
        idempotencyKey: payment.idempotencyKey,
      });
      const checkoutUrl = created.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`Mollie payment ${created.id} has no checkout URL`);
      return { id: created.id, checkoutUrl };
    },
    async getPayment(id: string): Promise<ProviderPayment | null> {
      let payment;
      try {
        payment = await client.payments.get(id);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
      const metadata = payment.metadata as { order_id?: unknown } | null;
      return {
        id: payment.id,
        status: statusOf(payment.status),
        amountCents: amountToCents(payment.amount.value),
        currency: payment.amount.currency,
        orderId: typeof metadata?.order_id === 'string' ? metadata.order_id : null,
      };
    },
    async refundPayment(refund: NewRefund) {
      const created = await client.paymentRefunds.create({
        paymentId: refund.paymentId,
        amount: { currency: refund.currency, value: centsToAmount(refund.amountCents) },
        description: refund.description,
        idempotencyKey: refund.idempotencyKey,
      });
      return { id: created.id };
    },
  };
}
