import type { Invoice, InvoiceSettings } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './pdf';
import { pdfRenderer } from './pdf-pool';

const address = {
  company_name: 'Demo Energy BV',
  street: 'Stationsplein',
  house_number: '1',
  zip_code: '1012 AB',
  city: 'Amsterdam',
  country: 'NL',
  vat_number: 'NL123456789B01',
};
const invoice = {
  _id: '00000000-0000-4000-8000-000000000001',
  invoice_number: '2026-000001',
  issued_at: '2026-03-01T10:00:00.000Z',
  bill_to_name: 'Demo Energy BV',
  order: { _id: '00000000-0000-4000-8000-000000000002', order_number: '2026030100001' },
  payment_method: 'banktransfer',
  amount: 121,
  subtotal: 100,
  shipping_amount: 0,
  shipping_method: 'Standard',
  tax_amount: 21,
  vat_rate: 21,
  vat_mode: 'standard',
  vat_mention: null,
  vat_lines: [{ rate: 21, base: 100, amount: 21 }],
  lines: [{ sku: 'SKU-1', title: 'Solar panel', quantity: 1, price: 100, subtotal: 100 }],
  shipping_address: address,
  billing_address: address,
  currency: 'EUR',
  credit_notes: [],
} as unknown as Invoice;
const shop: InvoiceSettings = {
  legal_name: 'Wholesale Portal BV',
  street: 'Keizersgracht',
  house_number: '100',
  zip_code: '1015 AA',
  city: 'Amsterdam',
  country: 'NL',
  vat_number: 'NL000099998B57',
  company_register_number: '12345678',
  email: 'billing@portal.test',
  phone: '+31 20 000 0000',
};

describe('pdfRenderer', () => {
  it('renders in a worker thread the PDF rendered on the event loop', async () => {
    const pool = pdfRenderer(1);
    try {
      const [inWorker, again] = await Promise.all([
        pool.render(invoice, shop, 'fr'),
        pool.render(invoice, shop, 'de', { creditNoteOf: '2026-000001' }),
      ]);
      expect(pool.workers()).toBe(1);
      const here = await renderInvoicePdf(invoice, shop, 'fr');
      expect(inWorker.subarray(0, 5).toString()).toBe('%PDF-');
      expect(again.subarray(0, 5).toString()).toBe('%PDF-');
      // Same document but for its creation date.
      expect(inWorker.byteLength).toBe(here.byteLength);
    } finally {
      await pool.close();
    }
  });

  it('starts its worker with the first PDF and stops it once idle', async () => {
    const pool = pdfRenderer(1, 100);
    try {
      expect(pool.workers()).toBe(0);
      await pool.render(invoice, shop, 'en');
      expect(pool.workers()).toBe(1);
      await expect.poll(() => pool.workers(), { timeout: 5_000 }).toBe(0);
      const pdf = await pool.render(invoice, shop, 'nl');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pool.workers()).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('renders on the event loop with no workers', async () => {
    const pool = pdfRenderer(0);
    const pdf = await pool.render(invoice, shop, 'en');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.workers()).toBe(0);
  });
});
