import { LOCALES } from '@portal/contract';
import type { AddressSnapshot, Invoice, InvoiceSettings, Locale } from '@portal/contract';
import type PDFKitDocument from 'pdfkit';
import { formatEuros, toCents } from '../../platform/money';
import { CREDIT_NOTE_PDF_TEXTS, INVOICE_PDF_TEXTS, paymentMethodLabel } from './pdf-texts';

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

/** Country names in each language ('BE' is 'Belgium', 'Belgique', 'België'…). */
const countryNames = Object.fromEntries(
  LOCALES.map((locale) => [locale, new Intl.DisplayNames([locale], { type: 'region' })]),
) as Record<Locale, Intl.DisplayNames>;
const countryName = (code: string, locale: Locale) => countryNames[locale].of(code) ?? code;

function addressLines(address: AddressSnapshot, vatLabel: string, locale: Locale): string[] {
  return [
    address.company_name,
    `${address.street} ${address.house_number}`,
    `${address.zip_code} ${address.city}`,
    countryName(address.country, locale),
    ...(address.vat_number ? [`${vatLabel}: ${address.vat_number}`] : []),
  ];
}

/** The issue date as written in each language (building a formatter per PDF costs more). */
const dateFormats = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;

/** The standard fonts the invoice uses; Helvetica is the one a document starts with. */
const FONTS = ['Helvetica', 'Helvetica-Bold'] as const;
const METRIC_KEYS = [
  'name',
  'font',
  'ascender',
  'descender',
  'bbox',
  'lineGap',
  'xHeight',
  'capHeight',
] as const;
type FontInternals = { _fontFamilies?: Record<string, object>; _fontCount?: number };
/** Per standard font: its class and parsed metrics (read-only), from the first document. */
const parsedFonts = new Map<string, { prototype: object; metrics: Record<string, unknown> }>();

/**
 * Opens the invoice's fonts in `doc` (ids F1, F2 as pdfkit would give them). pdfkit parses a
 * standard font's metrics, kerning table included, for every document that opens it: a fifth
 * of a PDF's time. The parsed metrics are read-only, so each new document gets its own font
 * objects (id, PDF object) over the metrics parsed once. Should pdfkit's internals differ from
 * what this expects, pdfkit opens the fonts itself.
 */
function openFonts(doc: PDFKit.PDFDocument) {
  const internals = doc as unknown as FontInternals;
  for (const name of FONTS) {
    const parsed = parsedFonts.get(name);
    if (parsed && internals._fontFamilies && typeof internals._fontCount === 'number') {
      const font = Object.assign(Object.create(parsed.prototype) as object, parsed.metrics, {
        document: doc,
        id: `F${++internals._fontCount}`,
      });
      internals._fontFamilies[name] = font;
      continue;
    }
    doc.font(name);
    const opened = internals._fontFamilies?.[name] as Record<string, unknown> | undefined;
    if (opened && METRIC_KEYS.every((key) => key in opened)) {
      parsedFonts.set(name, {
        prototype: Object.getPrototypeOf(opened) as object,
        metrics: Object.fromEntries(METRIC_KEYS.map((key) => [key, opened[key]])),
      });
    }
  }
  doc.font(FONTS[0]);
}

let pdfKit: Promise<typeof PDFKitDocument> | undefined;

/**
 * pdfkit, loaded on first use: the API process renders PDFs in worker threads (pdf-pool.ts) and
 * needs it only when it renders one itself, so it does not carry pdfkit's modules and font
 * metrics for nothing. A worker, started by the first PDF, loads it for that PDF.
 */
function loadPdfKit(): Promise<typeof PDFKitDocument> {
  pdfKit ??= import('pdfkit').then((module) => module.default);
  return pdfKit;
}

/**
 * The invoice as an A4 PDF in `locale`, with the shop's legal details. Built in memory with
 * the standard fonts (no font files to load), so it is fast and self-contained.
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  shop: InvoiceSettings,
  locale: Locale,
  options: { creditNoteOf?: string } = {},
): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const base = INVOICE_PDF_TEXTS[locale];
  // A credit note is printed like an invoice, with its own title and number label.
  const texts = options.creditNoteOf
    ? {
        ...base,
        title: CREDIT_NOTE_PDF_TEXTS[locale].title,
        invoice_number: CREDIT_NOTE_PDF_TEXTS[locale].number,
      }
    : base;
  const money = (euros: number) => formatEuros(toCents(euros), locale);
  const date = dateFormats[locale].format(new Date(invoice.issued_at));
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${texts.title} ${invoice.invoice_number}`, Author: shop.legal_name },
    // No default font: openFonts opens Helvetica first, as the default would have been.
    font: null as unknown as string,
  });
  openFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  doc.font('Helvetica-Bold').fontSize(14).text(shop.legal_name, left, 50);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `${shop.street} ${shop.house_number}, ${shop.zip_code} ${shop.city}, ${countryName(shop.country, locale)}`,
    )
    .text(
      `${texts.vat_number}: ${shop.vat_number}  ·  ${texts.register_number}: ${shop.company_register_number}`,
    )
    .text(`${shop.email}  ·  ${shop.phone}`);

  doc.font('Helvetica-Bold').fontSize(20).text(texts.title, left, 130);
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    [texts.invoice_number, invoice.invoice_number],
    [texts.issue_date, date],
    [texts.order_number, invoice.order.order_number],
    [texts.payment_method, paymentMethodLabel(invoice.payment_method, texts)],
    [texts.shipping_method, invoice.shipping_method],
  ];
  let y = 160;
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}:`, left, y, { width: 130 });
    doc.font('Helvetica').text(value, left + 130, y);
    y += 15;
  }

  y += 10;
  const column = width / 2;
  doc.font('Helvetica-Bold').text(texts.bill_to, left, y);
  doc.text(texts.ship_to, left + column, y);
  doc.font('Helvetica');
  const billTo = addressLines(invoice.billing_address, texts.vat_number, locale);
  const shipTo = addressLines(invoice.shipping_address, texts.vat_number, locale);
  billTo.forEach((line, index) =>
    doc.text(line, left, y + 15 + index * 13, { width: column - 10 }),
  );
  shipTo.forEach((line, index) =>
    doc.text(line, left + column, y + 15 + index * 13, { width: column - 10 }),
  );
  y += 25 + Math.max(billTo.length, shipTo.length) * 13;

  const columns = [
    { label: texts.sku, x: left, w: 120, align: 'left' as const },
    { label: texts.description, x: left + 125, w: 160, align: 'left' as const },
    { label: texts.quantity, x: left + 290, w: 40, align: 'right' as const },
    { label: texts.unit_price, x: left + 335, w: 75, align: 'right' as const },
    { label: texts.amount, x: left + 415, w: width - 415, align: 'right' as const },
  ];
  doc.font('Helvetica-Bold');
  for (const col of columns) doc.text(col.label, col.x, y, { width: col.w, align: col.align });
  y += 15;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 5;
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    const cells = [
      line.sku,
      line.title,
      String(line.quantity),
      money(line.price),
      money(line.subtotal),
    ];
    const height = Math.max(13, doc.heightOfString(line.title, { width: columns[1]!.w }));
    if (y + height > doc.page.height - 150) {
      doc.addPage();
      y = 50;
    }
    cells.forEach((cell, index) => {
      const col = columns[index]!;
      doc.text(cell, col.x, y, { width: col.w, align: col.align });
    });
    y += height + 4;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 8;

  const totals: [string, string][] = [
    [texts.subtotal, money(invoice.subtotal)],
    [texts.shipping, money(invoice.shipping_amount)],
    ...invoice.vat_lines.map((vat): [string, string] => [
      `${fill(texts.vat, { rate: String(vat.rate) })} ${fill(texts.vat_base, { base: money(vat.base) })}`,
      money(vat.amount),
    ]),
  ];
  for (const [label, value] of totals) {
    doc.text(label, left + 200, y, { width: 210, align: 'right' });
    doc.text(value, left + 415, y, { width: width - 415, align: 'right' });
    y += 15;
  }
  doc.font('Helvetica-Bold');
  doc.text(texts.total, left + 200, y, { width: 210, align: 'right' });
  doc.text(money(invoice.amount), left + 415, y, { width: width - 415, align: 'right' });
  y += 25;
  doc.font('Helvetica').fontSize(9);
  // Printed once, in the document's language (the order's stored mention is in the language it
  // was placed in); the buyer's VAT number stands in the bill-to block.
  const mention =
    invoice.vat_mode === 'reverse_charge' ? texts.reverse_charge : invoice.vat_mention;
  if (mention) {
    doc.text(mention, left, y, { width });
    y += 15;
  }
  if (options.creditNoteOf) {
    doc.text(
      fill(CREDIT_NOTE_PDF_TEXTS[locale].credits, { invoice_number: options.creditNoteOf }),
      left,
      y,
      {
        width,
      },
    );
  }
  doc.end();
  return done;
}
