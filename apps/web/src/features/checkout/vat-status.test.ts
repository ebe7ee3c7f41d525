import { describe, expect, it } from 'vitest';
import type { Me } from '@portal/contract';
import { inactiveVatNumbers, purchaseBlocked } from './vat-status';

const INVOICE_A = '00000000-0000-4000-8000-00000000000a';
const INVOICE_B = '00000000-0000-4000-8000-00000000000b';

function me(
  companyInactive: boolean,
  inactiveInvoices: string[] = [],
): Pick<Me, 'company' | 'invoices'> {
  return {
    company: {
      _id: '00000000-0000-4000-8000-000000000001',
      company: 'Demo Energy BV',
      vat_number: 'NL123456789B01',
      vat_number_unactive_at: companyInactive ? '2026-01-01T00:00:00Z' : null,
      is_xml_active: 'off',
      country: 'NL',
    },
    invoices: [INVOICE_A, INVOICE_B].map((id) => ({
      _id: id,
      company_name: `Entity ${id.slice(-1)}`,
      vat_number: `BE0${id.slice(-1)}`,
      vat_number_unactive_at: inactiveInvoices.includes(id) ? '2026-02-01T00:00:00Z' : null,
    })),
  };
}

describe('inactiveVatNumbers', () => {
  it('lists nothing when every VAT number is active', () => {
    expect(inactiveVatNumbers(me(false))).toEqual([]);
  });

  it('lists the company first, then the inactive invoice entities', () => {
    expect(inactiveVatNumbers(me(true, [INVOICE_B]))).toEqual([
      { kind: 'company', vat_number: 'NL123456789B01' },
      { kind: 'invoice', vat_number: 'BE0b', invoiceId: INVOICE_B, company_name: 'Entity b' },
    ]);
  });

  it('works for a user without a company (staff)', () => {
    expect(inactiveVatNumbers({ company: null, invoices: [] })).toEqual([]);
  });
});

describe('purchaseBlocked', () => {
  it('blocks every purchase while the company VAT number is inactive', () => {
    expect(purchaseBlocked(me(true))).toBe(true);
    expect(purchaseBlocked(me(true), INVOICE_A)).toBe(true);
    expect(purchaseBlocked(me(true), null)).toBe(true);
  });

  it('blocks only when the chosen invoice entity is the inactive one', () => {
    const user = me(false, [INVOICE_B]);
    expect(purchaseBlocked(user, INVOICE_B)).toBe(true);
    expect(purchaseBlocked(user, INVOICE_A)).toBe(false);
    // Invoiced to the delivery address, or nothing chosen yet: only the company counts.
    expect(purchaseBlocked(user, null)).toBe(false);
    expect(purchaseBlocked(user)).toBe(false);
  });
});
