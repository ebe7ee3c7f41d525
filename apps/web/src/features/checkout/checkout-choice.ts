import type { Address, CheckoutOptions } from '@portal/contract';

/** The addresses chosen for an order; `invoiceId` null invoices the delivery address. */
export interface CheckoutChoice {
  deliveryId: string | null;
  invoiceId: string | null;
}

const SAME = 'same';

/** Reads the choice kept in the URL of the delivery and summary steps. */
export function readChoice(params: URLSearchParams): {
  deliveryId: string | null;
  invoiceId: string | null | undefined;
} {
  const invoice = params.get('invoice');
  return {
    deliveryId: params.get('delivery'),
    // undefined: not chosen yet (the defaults decide); null: the delivery address.
    invoiceId: invoice === null ? undefined : invoice === SAME ? null : invoice,
  };
}

/** The quote being accepted (issue 24), kept in the URL of both steps; null: the cart. */
export function readQuote(params: URLSearchParams): string | null {
  return params.get('quote');
}

export function writeChoice(
  choice: CheckoutChoice,
  quoteId: string | null = null,
): URLSearchParams {
  const params = new URLSearchParams();
  if (choice.deliveryId) params.set('delivery', choice.deliveryId);
  params.set('invoice', choice.invoiceId ?? SAME);
  if (quoteId) params.set('quote', quoteId);
  return params;
}

const pick = (addresses: Address[], ...ids: (string | null | undefined)[]) =>
  ids.map((id) => addresses.find((address) => address._id === id)).find(Boolean) ??
  addresses.find((address) => address.is_default) ??
  addresses[0] ??
  null;

/**
 * The choice to show: what the URL says when those addresses still exist, else the company's
 * defaults, else the first address. A separate invoice address is preselected when the
 * company has a default one.
 */
export function resolveChoice(
  fromUrl: ReturnType<typeof readChoice>,
  options: Pick<CheckoutOptions, 'default_delivery_address_id' | 'default_invoice_address_id'>,
  delivery: Address[],
  invoice: Address[],
): CheckoutChoice {
  const deliveryId = pick(delivery, fromUrl.deliveryId, options.default_delivery_address_id)?._id;
  let invoiceId: string | null;
  if (fromUrl.invoiceId === null) invoiceId = null;
  else if (fromUrl.invoiceId === undefined)
    invoiceId = options.default_invoice_address_id
      ? (pick(invoice, options.default_invoice_address_id)?._id ?? null)
      : null;
  else invoiceId = pick(invoice, fromUrl.invoiceId)?._id ?? null;
  return { deliveryId: deliveryId ?? null, invoiceId };
}
