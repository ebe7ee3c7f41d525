import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_EXPORT_COLUMNS } from '@portal/contract';
import {
  companies,
  documentCounters,
  invoiceArchives,
  invoices,
  notifications,
  users,
} from '../../db/schema';
import { seekSettings } from '../../db/seek-index';
import { XLSX_TYPE } from '../../platform/exports';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, deliveryAddress, stockProduct } from '../../test/checkout';
import { markPaid, placeBankTransferOrder } from '../../test/orders';
import { startArchiveWorker } from './archives';

// Page boundaries every 2 rows: the pages walked below are read from remembered boundaries.
seekSettings.every = 2;

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let battery: string;
let home: string;
let paidOrder: { id: string; orderNumber: string };
let invoiceId: string;

beforeAll(async () => {
  // The PDFs come from a worker thread, as in production.
  t = await createTestApp({ PDF_WORKERS: '1' });
  [owner, purchaser, accountant, other, admin] = (await Promise.all(
    [
      'owner@demo.test',
      'purchaser@demo.test',
      'accountant@demo.test',
      'owner@other.test',
      'admin@demo.test',
    ].map((email) => t.signIn(email)),
  )) as [string, string, string, string, string];
  battery = await stockProduct(t, 0, { priceCents: 10_000, quantity: 1_000 });
  home = await addAddress(t, purchaser, 'delivery');
  paidOrder = await placeBankTransferOrder(t, purchaser, home, [[battery, 5]]);
  await markPaid(t, admin, paidOrder.id);
  const [invoice] = await t.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, paidOrder.id));
  invoiceId = invoice!.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string, locale = 'en') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
  });

describe('invoices issued on payment', () => {
  it('issues one invoice when the order is paid, and notifies owner and accountant', async () => {
    const year = new Date().getUTCFullYear();
    const detail = (await get(`/api/invoices/${invoiceId}`, accountant)).json();
    expect(detail).toMatchObject({
      invoice_number: `${year}-000001`,
      order: { _id: paidOrder.id, order_number: paidOrder.orderNumber },
      payment_method: 'banktransfer',
      bill_to_name: expect.any(String),
      subtotal: 500,
      vat_rate: 21,
      lines: [expect.objectContaining({ quantity: 5, price: 100, subtotal: 500 })],
      shipping_address: expect.objectContaining({ city: 'Rotterdam' }),
    });
    expect(detail.vat_lines).toEqual([
      { rate: 21, base: detail.subtotal + detail.shipping_amount, amount: detail.tax_amount },
    ]);
    expect(detail.amount).toBeCloseTo(detail.subtotal + detail.shipping_amount + detail.tax_amount);
    const notified = await t.db
      .select({ email: users.email, detail: notifications.detail })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.type, 'new_invoice'));
    expect(notified.map((n) => n.email).sort()).toEqual([
      'accountant@demo.test',
      'owner@demo.test',
    ]);
    expect(notified[0]?.detail.invoice?.invoice_number).toBe(`${year}-000001`);
  });

  it('numbers invoices gaplessly under 50 concurrent payments', async () => {
    const placed = [];
    for (let i = 0; i < 50; i++) {
      placed.push(await placeBankTransferOrder(t, owner, home, [[battery, 5]]));
    }
    await Promise.all(placed.map((order) => markPaid(t, admin, order.id)));
    const rows = await t.db
      .select({ sequence: invoices.sequence, number: invoices.invoiceNumber })
      .from(invoices)
      .orderBy(invoices.sequence);
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    const [counter] = await t.db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.series, 'invoice'));
    expect(counter?.lastNumber).toBe(51);
  }, 120_000);
});

describe('an issued invoice', () => {
  it('cannot be changed, not even by the database owner', async () => {
    await expect(
      t.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, invoiceId)),
    ).rejects.toThrow();
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row?.totalCents).not.toBe(1);
  });
});

describe('GET /api/invoices', () => {
  it('lists the company invoices for every role, paged and searchable', async () => {
    for (const token of [owner, purchaser, accountant]) {
      const page = (await get('/api/invoices?limit=10&page=2', token)).json();
      expect(page).toMatchObject({ total: 51, page: 2, totalPage: 6 });
      expect(page.items).toHaveLength(10);
    }
    const found = (await get(`/api/invoices?search=${paidOrder.orderNumber}`, owner)).json();
    expect(found.items.map((i: { _id: string }) => i._id)).toEqual([invoiceId]);
    expect((await get('/api/invoices', other)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('answers every page as the same slice of the newest-first list, with the same count', async () => {
    const all = (await get('/api/invoices?limit=50', owner)).json();
    const rest = (await get('/api/invoices?limit=50&page=2', owner)).json();
    const everything = [...all.items, ...rest.items];
    expect(everything).toHaveLength(all.total);
    expect(new Set(everything.map((i: { _id: string }) => i._id)).size).toBe(all.total);
    for (const page of [1, 2, 26, 51, 52]) {
      const one = (await get(`/api/invoices?limit=1&page=${page}`, owner)).json();
      expect(one).toMatchObject({ total: all.total, page, totalPage: all.total });
      expect(one.items).toEqual(everything.slice(page - 1, page));
    }
    // Pages of 7, the last one partly filled: past the middle they are read from the oldest end.
    for (let page = 1; page <= 9; page++) {
      const seven = (await get(`/api/invoices?limit=7&page=${page}`, owner)).json();
      expect(seven).toMatchObject({ total: all.total, page, totalPage: 8 });
      expect(seven.items).toEqual(everything.slice((page - 1) * 7, page * 7));
    }
    const issued = everything.map((i: { issued_at: string }) => i.issued_at);
    expect(issued).toEqual([...issued].sort().reverse());
  });

  it('refuses no token (401), staff (403) and bad input (400 naming the field)', async () => {
    expect((await get('/api/invoices')).statusCode).toBe(401);
    expect((await get('/api/invoices', admin)).statusCode).toBe(403);
    const bad = await get('/api/invoices?limit=0&nope=1', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('limit');
  });
});

describe('GET /api/invoices/export.csv and .xlsx', () => {
  const today = new Date().toISOString().slice(0, 10);
  const csvRows = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));

  it('exports the company invoices of a period for owners and accountants, newest first', async () => {
    for (const token of [owner, accountant]) {
      const answer = await get(
        `/api/invoices/export.csv?date_from=${today}&date_to=${today}`,
        token,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="invoices-/);
      expect(answer.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = csvRows(answer.body);
      expect(header).toEqual([...INVOICE_EXPORT_COLUMNS]);
      expect(rows).toHaveLength(51);
      const numbers = rows.map((row) => row[0]);
      const listed = [
        ...(await get('/api/invoices?limit=50', owner)).json().items,
        ...(await get('/api/invoices?limit=50&page=2', owner)).json().items,
      ].map((invoice: { invoice_number: string }) => invoice.invoice_number);
      expect(numbers).toEqual(listed);
    }
    const paid = csvRows(
      (await get(`/api/invoices/export.csv?search=${paidOrder.orderNumber}`, owner)).body,
    );
    expect(paid).toHaveLength(2);
    const row = Object.fromEntries(INVOICE_EXPORT_COLUMNS.map((key, i) => [key, paid[1]![i]]));
    const detail = (await get(`/api/invoices/${invoiceId}`, owner)).json();
    expect(row).toMatchObject({
      invoice_number: detail.invoice_number,
      order_number: paidOrder.orderNumber,
      payment_method: 'banktransfer',
      vat_rate: '21.00',
      subtotal: detail.subtotal.toFixed(2),
      vat: detail.tax_amount.toFixed(2),
      total: detail.amount.toFixed(2),
    });
    expect(new Date(row.issued_at!).toISOString()).toBe(detail.issued_at);
  });

  it('leaves out what the period or another company excludes', async () => {
    const later = await get('/api/invoices/export.csv?date_from=2999-01-01', owner);
    expect(csvRows(later.body)).toHaveLength(1);
    const before = await get('/api/invoices/export.csv?date_to=2000-01-01', accountant);
    expect(csvRows(before.body)).toHaveLength(1);
    const theirs = csvRows((await get('/api/invoices/export.csv', other)).body);
    const ours = new Set(
      csvRows((await get('/api/invoices/export.csv', owner)).body).map((r) => r[0]),
    );
    expect(theirs.slice(1).some((r) => ours.has(r[0]))).toBe(false);
  });

  it('streams the same rows as a spreadsheet', async () => {
    const answer = await get('/api/invoices/export.xlsx', accountant);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Invoices')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...INVOICE_EXPORT_COLUMNS]);
    expect(sheet.rowCount).toBe(52);
    expect(typeof sheet.getRow(2).getCell(11).value).toBe('number');
    expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
  });

  it('refuses purchasers and staff (403), no token (401) and bad periods (400 naming the field)', async () => {
    expect((await get('/api/invoices/export.csv')).statusCode).toBe(401);
    expect((await get('/api/invoices/export.xlsx', purchaser)).statusCode).toBe(403);
    expect((await get('/api/invoices/export.csv', admin)).statusCode).toBe(403);
    const reversed = await get(
      '/api/invoices/export.csv?date_from=2026-02-01&date_to=2026-01-01',
      owner,
      'de',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details).toEqual([
      expect.objectContaining({ field: 'date_to', message: expect.any(String) }),
    ]);
    const bad = await get('/api/invoices/export.csv?date_from=yesterday&sort=1', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('date_from');
  });
});

describe('GET /api/invoices/:id and /pdf', () => {
  it('answers 404 for another company, 401 without a token, 400 for a bad id', async () => {
    expect((await get(`/api/invoices/${invoiceId}`, other)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${invoiceId}/pdf`, other)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${invoiceId}`)).statusCode).toBe(401);
    expect((await get(`/api/invoices/${invoiceId}/pdf`)).statusCode).toBe(401);
    const bad = await get('/api/invoices/123/pdf', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(['id']);
  });

  it.each(['en', 'it'])('makes a valid PDF in %s with number, lines and totals', async (locale) => {
    const detail = (await get(`/api/invoices/${invoiceId}`, owner)).json();
    const response = await get(`/api/invoices/${invoiceId}/pdf`, accountant, locale);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(detail.invoice_number);
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, response.rawPayload);
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors',
    );
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const total = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(
      detail.amount,
    );
    expect(text).toContain(detail.invoice_number);
    expect(text).toContain(detail.lines[0].sku);
    expect(text).toContain(total.replace(/\u00a0|\u202f/g, ' '));
    expect(text).toContain(locale === 'it' ? 'Fattura' : 'Invoice');
    expect(text).toContain('Wholesale Portal BV');
  });

  it.each([
    ['de', 'Deutschland', 'Niederlande'],
    ['fr', 'Allemagne', 'Pays-Bas'],
  ])(
    'prints a reverse-charged invoice in %s with the mention once and countries by name',
    async (locale, buyerCountry, shopCountry) => {
      // Other Power GmbH (DE, verified VAT number) receives goods in Germany: reverse charge.
      const berlin = await addAddress(t, other, 'delivery', {
        company_name: 'Other Power GmbH',
        street: 'Invalidenstraße',
        house_number: '7',
        zip_code: '10115',
        city: 'Berlin',
        country: 'DE',
        phone: '+49 30 1234567',
        email: 'lager@other.test',
      });
      const order = await placeBankTransferOrder(t, other, berlin, [[battery, 5]]);
      await markPaid(t, admin, order.id);
      const [invoice] = await t.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.orderId, order.id));
      const response = await get(`/api/invoices/${invoice!.id}/pdf`, other, locale);
      expect(response.statusCode).toBe(200);
      const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
      const file = path.join(dir, 'invoice.pdf');
      writeFileSync(file, response.rawPayload);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      );
      expect(text.match(/196/g), text).toHaveLength(1);
      expect(text).toContain(buyerCountry);
      expect(text).toContain(shopCountry);
      expect(text).not.toMatch(/\bDE\b(?! ?\d)/);
    },
  );
});

/** Runs xmllint's XPath on an XML text, element names without their namespaces. */
function xpathOf(xml: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ubl-')), 'document.xml');
  writeFileSync(file, xml);
  // Well formed, or xmllint fails here.
  execFileSync('xmllint', ['--noout', file]);
  return (expression: string) =>
    execFileSync('xmllint', ['--xpath', expression, file], { encoding: 'utf8' }).trim();
}
const el = (...names: string[]) => names.map((name) => `/*[local-name()='${name}']`).join('');

describe('GET /api/invoices/:id/e-invoice/:format', () => {
  it('makes a Peppol BIS 3.0 UBL invoice with the issued amounts, for every role', async () => {
    const detail = (await get(`/api/invoices/${invoiceId}`, owner)).json();
    for (const token of [owner, purchaser, accountant]) {
      const response = await get(`/api/invoices/${invoiceId}/e-invoice/ubl`, token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/xml/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="invoice-${detail.invoice_number}.xml"`,
      );
    }
    const xml = (await get(`/api/invoices/${invoiceId}/e-invoice/ubl`, accountant)).body;
    const x = xpathOf(xml);
    const root = el('Invoice');
    expect(x(`string(${root}${el('CustomizationID')})`)).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    );
    expect(x(`string(${root}${el('ProfileID')})`)).toBe(
      'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    );
    expect(x(`string(${root}${el('ID')})`)).toBe(detail.invoice_number);
    expect(x(`string(${root}${el('InvoiceTypeCode')})`)).toBe('380');
    expect(x(`string(${root}${el('DocumentCurrencyCode')})`)).toBe('EUR');
    const totals = `${root}${el('LegalMonetaryTotal')}`;
    expect(Number(x(`string(${totals}${el('LineExtensionAmount')})`))).toBe(detail.subtotal);
    expect(Number(x(`string(${totals}${el('TaxExclusiveAmount')})`))).toBeCloseTo(
      detail.subtotal + detail.shipping_amount,
      2,
    );
    expect(Number(x(`string(${totals}${el('PayableAmount')})`))).toBe(detail.amount);
    const vat = `${root}${el('TaxTotal', 'TaxSubtotal', 'TaxCategory')}`;
    expect(x(`string(${vat}${el('ID')})`)).toBe('S');
    expect(Number(x(`string(${vat}${el('Percent')})`))).toBe(detail.vat_rate);
    expect(Number(x(`string(${root}${el('TaxTotal', 'TaxAmount')})`))).toBe(detail.tax_amount);
    expect(Number(x(`count(${root}${el('InvoiceLine')})`))).toBe(detail.lines.length);
    expect(x(`string(${root}${el('AccountingCustomerParty', 'Party', 'PartyName', 'Name')})`)).toBe(
      detail.billing_address.company_name,
    );
    // Peppol addresses: the Dutch VAT numbers under scheme 9944.
    const buyerEndpoint = `${root}${el('AccountingCustomerParty', 'Party', 'EndpointID')}`;
    expect(x(`string(${buyerEndpoint})`)).toBe(detail.billing_address.vat_number);
    expect(x(`string(${buyerEndpoint}/@schemeID)`)).toBe('9944');
  });

  it('marks a reverse-charged invoice AE with its exemption reason', async () => {
    const berlin = await addAddress(
      t,
      other,
      'delivery',
      deliveryAddress({ company_name: 'Other Power GmbH', country: 'DE', city: 'Berlin' }),
    );
    const order = await placeBankTransferOrder(t, other, berlin, [[battery, 5]]);
    await markPaid(t, admin, order.id);
    const [row] = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    const detail = (await get(`/api/invoices/${row!.id}`, other)).json();
    expect(detail.vat_mode).toBe('reverse_charge');
    const x = xpathOf((await get(`/api/invoices/${row!.id}/e-invoice/ubl`, other)).body);
    const category = `${el('Invoice', 'TaxTotal', 'TaxSubtotal', 'TaxCategory')}`;
    expect(x(`string(${category}${el('ID')})`)).toBe('AE');
    expect(Number(x(`string(${category}${el('Percent')})`))).toBe(0);
    expect(x(`string(${category}${el('TaxExemptionReasonCode')})`)).toBe('VATEX-EU-AE');
    expect(x(`string(${category}${el('TaxExemptionReason')})`)).toContain('DE123456789');
    expect(
      x(`string(${el('Invoice', 'InvoiceLine', 'Item', 'ClassifiedTaxCategory', 'ID')})`),
    ).toBe('AE');
    expect(
      x(
        `string(${el('Invoice', 'AccountingCustomerParty', 'Party', 'PartyTaxScheme', 'CompanyID')})`,
      ),
    ).toBe('DE123456789');
    // Another company's invoice is not found.
    expect((await get(`/api/invoices/${row!.id}/e-invoice/ubl`, owner)).statusCode).toBe(404);
  });

  it('makes a Factur-X PDF that qpdf accepts and that carries its XML', async () => {
    const response = await get(`/api/invoices/${invoiceId}/e-invoice/facturx`, owner, 'de');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'facturx-')), 'invoice.pdf');
    writeFileSync(file, response.rawPayload);
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors found',
    );
    expect(execFileSync('qpdf', ['--list-attachments', file], { encoding: 'utf8' })).toContain(
      'factur-x.xml',
    );
    const xml = execFileSync('qpdf', ['--show-attachment=factur-x.xml', file], {
      encoding: 'utf8',
    });
    const x = xpathOf(xml);
    const detail = (await get(`/api/invoices/${invoiceId}`, owner)).json();
    expect(x(`string(${el('CrossIndustryInvoice', 'ExchangedDocument', 'ID')})`)).toBe(
      detail.invoice_number,
    );
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(detail.invoice_number);
  });

  it('refuses no token (401), staff (403), another company (404) and bad input (400)', async () => {
    expect((await get(`/api/invoices/${invoiceId}/e-invoice/ubl`)).statusCode).toBe(401);
    expect((await get(`/api/invoices/${invoiceId}/e-invoice/ubl`, admin)).statusCode).toBe(403);
    expect((await get(`/api/invoices/${invoiceId}/e-invoice/facturx`, other)).statusCode).toBe(404);
    const format = await get(`/api/invoices/${invoiceId}/e-invoice/xrechnung`, owner);
    expect(format.statusCode).toBe(400);
    expect(fieldsOfBody(format.json())).toEqual(['format']);
    const id = await get('/api/invoices/42/e-invoice/ubl', owner);
    expect(fieldsOfBody(id.json())).toEqual(['id']);
  });
});

describe('invoice mails', () => {
  it('attach the invoice in the format the company chose', async () => {
    const [company] = await t.db
      .select({ id: users.companyId })
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
    const companyId = company!.id!;
    await t.db
      .update(companies)
      .set({ invoiceFormat: 'facturx' })
      .where(eq(companies.id, companyId));
    const order = await placeBankTransferOrder(t, purchaser, home, [[battery, 5]]);
    await markPaid(t, admin, order.id);
    const [row] = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    const mails = await t.mailsTo('accountant@demo.test', 'notification_new_invoice');
    expect(mails[0]?.attachments).toEqual([
      { document: 'invoice', id: row!.id, companyId, format: 'facturx' },
    ]);
    await t.db.update(companies).set({ invoiceFormat: 'pdf' }).where(eq(companies.id, companyId));
    // The file the mail carries, as the mail worker makes it.
    const file = await t.app.documents.mailAttachment(
      { document: 'invoice', id: row!.id, companyId, format: 'ubl' },
      'nl',
    );
    expect(file.contentType).toBe('application/xml');
    expect(file.content.toString('utf8')).toContain('<cbc:CustomizationID>');
  });
});

const fieldsOfBody = (body: { details: { field: string }[] }) =>
  body.details.map((detail) => detail.field);

describe('POST /api/invoices/archives: the PDFs of a period as one ZIP', () => {
  const today = new Date().toISOString().slice(0, 10);
  const post = (body: unknown, token?: string, locale = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/invoices/archives',
      payload: body as object,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
    });

  it('builds the ZIP in the background, mails a link that works without signing in', async () => {
    const queued = await post({ date_from: today, date_to: today }, accountant, 'de');
    expect(queued.statusCode).toBe(202);
    const archive = queued.json();
    expect(archive).toMatchObject({ status: 'queued', total: 0, done: 0, expires_at: null });
    // One at a time per member.
    expect((await post({ date_from: today, date_to: today }, accountant)).statusCode).toBe(409);
    const worker = startArchiveWorker(t.db, t.app.documents, 'https://portal.test', t.app.log, {
      intervalMs: 3_600_000,
      pauseMs: 0,
    });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const [listed] = (await get('/api/invoices/archives', accountant)).json().items;
    const invoicesToday =
      (await get(`/api/invoices/export.csv?date_from=${today}&date_to=${today}`, owner)).body
        .trimEnd()
        .split('\r\n').length - 1;
    expect(listed).toMatchObject({ _id: archive._id, status: 'ready' });
    expect(listed.total).toBeGreaterThanOrEqual(invoicesToday);
    expect(listed.done).toBe(listed.total);
    expect(Date.parse(listed.expires_at) - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const file = await get(`/api/invoices/archives/${archive._id}/file`, accountant);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const zipPath = path.join(mkdtempSync(path.join(tmpdir(), 'archive-')), 'invoices.zip');
    writeFileSync(zipPath, file.rawPayload);
    const entries = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(entries).toHaveLength(listed.total);
    expect(entries.filter((name) => name.startsWith('invoices/invoice-'))).toHaveLength(
      invoicesToday,
    );
    expect(entries.every((name) => name.endsWith('.pdf'))).toBe(true);

    // The mail, in German, with the link that needs no sign-in.
    const [mail] = await t.mailsTo('accountant@demo.test', 'invoice_archive_ready');
    expect(mail?.subject).toMatch(/^Ihre Rechnungen vom/);
    const link =
      /https:\/\/portal\.test(\/api\/invoices\/archives\/[^"\s]+\/download\?token=[\w-]+)/.exec(
        mail?.text ?? '',
      )?.[1];
    expect(link).toBeDefined();
    const byLink = await t.app.inject({ url: link! });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.rawPayload.equals(file.rawPayload)).toBe(true);
    const wrong = await t.app.inject({ url: link!.replace(/token=.*/, `token=${'x'.repeat(43)}`) });
    expect(wrong.statusCode).toBe(404);

    // Another member, another company: not theirs.
    expect((await get(`/api/invoices/archives/${archive._id}/file`, owner)).statusCode).toBe(404);
    expect((await get(`/api/invoices/archives/${archive._id}/file`, other)).statusCode).toBe(404);

    // Expired: the file is gone, the link too.
    await t.db
      .update(invoiceArchives)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invoiceArchives.id, archive._id));
    expect((await t.app.inject({ url: link! })).statusCode).toBe(404);
    const sweeper = startArchiveWorker(t.db, t.app.documents, 'https://portal.test', t.app.log, {
      intervalMs: 3_600_000,
    });
    await sweeper.drain();
    await sweeper.stop();
    const [expired] = (await get('/api/invoices/archives', accountant)).json().items;
    expect(expired.status).toBe('expired');
  });

  it('refuses purchasers and staff (403), no token (401) and bad periods (400 naming the field)', async () => {
    expect((await post({ date_from: today, date_to: today })).statusCode).toBe(401);
    expect((await post({ date_from: today, date_to: today }, purchaser)).statusCode).toBe(403);
    expect((await post({ date_from: today, date_to: today }, admin)).statusCode).toBe(403);
    expect((await get('/api/invoices/archives', purchaser)).statusCode).toBe(403);
    const long = await post({ date_from: '2024-01-01', date_to: '2025-06-30' }, owner, 'it');
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      { field: 'date_to', message: 'Un periodo di un anno al massimo' },
    ]);
    const reversed = await post({ date_from: '2026-02-01', date_to: '2026-01-01' }, owner);
    expect(fieldsOfBody(reversed.json())).toEqual(['date_to']);
    const missing = await post({ date_from: today }, owner);
    expect(fieldsOfBody(missing.json())).toEqual(['date_to']);
    const bad = await t.app.inject({ url: '/api/invoices/archives/not-a-uuid/download?token=x' });
    expect(bad.statusCode).toBe(400);
  });
});
