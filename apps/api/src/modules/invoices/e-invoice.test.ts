import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceSettings } from '@portal/contract';
import { AppError } from '../../platform/errors';
import { eInvoiceData } from './e-invoice';

const shop: InvoiceSettings = {
  legal_name: 'Wholesale Portal BV',
  street: 'Havenweg',
  house_number: '1',
  zip_code: '3011 AA',
  city: 'Rotterdam',
  country: 'NL',
  vat_number: 'NL001234567B01',
  company_register_number: '12345678',
  email: 'invoices@portal.test',
  phone: '+31 10 123 4567',
};

const address = (country: 'DK' | 'BE', vat: string | null, email: string | null) => ({
  company_name: 'Buyer ApS',
  vat_number: vat,
  street: 'Vej',
  house_number: '2',
  zip_code: '1000',
  city: 'København',
  country,
  phone: null,
  mobile_phone: null,
  email,
  additional_information: null,
});

const invoice = (billing: ReturnType<typeof address>): Invoice => ({
  _id: '00000000-0000-4000-8000-000000000001',
  invoice_number: '2026-000001',
  issued_at: '2026-11-27T10:00:00.000Z',
  bill_to_name: billing.company_name,
  order: { _id: '00000000-0000-4000-8000-000000000002', order_number: '1000000001' },
  payment_method: 'banktransfer',
  amount: 130.95,
  subtotal: 100,
  shipping_amount: 9.95,
  shipping_method: 'DHL Parcel',
  tax_amount: 21,
  vat_rate: 19.16,
  vat_mode: 'domestic',
  vat_mention: null,
  vat_lines: [{ rate: 19.16, base: 109.95, amount: 21 }],
  lines: [{ sku: 'BAT-1', title: 'Battery', quantity: 4, price: 25, subtotal: 100 }],
  shipping_address: billing,
  billing_address: billing,
  currency: 'EUR',
  credit_notes: [],
});

const endpointOf = (data: ReturnType<typeof eInvoiceData>) => {
  const party = data['ubl:Invoice']['cac:AccountingCustomerParty']['cac:Party'];
  return [party['cbc:EndpointID'], party['cbc:EndpointID@schemeID']];
};

describe('the e-invoice parties', () => {
  it("address a buyer by its VAT number under its country's Peppol scheme", () => {
    expect(endpointOf(eInvoiceData(invoice(address('BE', 'BE0123456789', null)), shop))).toEqual([
      'BE0123456789',
      '9925',
    ]);
  });

  it('address a Danish buyer by e-mail, and refuse one with no address at all (409)', () => {
    expect(
      endpointOf(eInvoiceData(invoice(address('DK', 'DK12345678', 'ap@buyer.test')), shop)),
    ).toEqual(['ap@buyer.test', 'EM']);
    expect(() => eInvoiceData(invoice(address('DK', 'DK12345678', null)), shop)).toThrow(AppError);
  });
});
