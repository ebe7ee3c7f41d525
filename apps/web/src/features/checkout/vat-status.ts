import type { Me } from '@portal/contract';

/** A VAT number found inactive: the company's own, or one of its invoice entities'. */
export type InactiveVat =
  | { kind: 'company'; vat_number: string }
  | { kind: 'invoice'; vat_number: string; invoiceId: string; company_name: string };

/**
 * SPEC sections 4 and 5: the inactive VAT numbers of the user's company and invoice entities,
 * the company first. Each one shows a banner.
 */
export function inactiveVatNumbers(me: Pick<Me, 'company' | 'invoices'>): InactiveVat[] {
  const found: InactiveVat[] = [];
  if (me.company?.vat_number_unactive_at) {
    found.push({ kind: 'company', vat_number: me.company.vat_number });
  }
  for (const invoice of me.invoices) {
    if (!invoice.vat_number_unactive_at) continue;
    found.push({
      kind: 'invoice',
      vat_number: invoice.vat_number ?? '',
      invoiceId: invoice._id,
      company_name: invoice.company_name,
    });
  }
  return found;
}

/**
 * Whether a purchase is blocked: the company's VAT number is inactive, or the invoice entity
 * billed for this order is. Before an invoice entity is chosen only the company's counts.
 */
export function purchaseBlocked(
  me: Pick<Me, 'company' | 'invoices'>,
  chosenInvoiceId?: string | null,
): boolean {
  return inactiveVatNumbers(me).some(
    (entry) => entry.kind === 'company' || entry.invoiceId === chosenInvoiceId,
  );
}
