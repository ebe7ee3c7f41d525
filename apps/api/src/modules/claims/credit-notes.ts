import type {
  AddressSnapshot,
  CreditNoteSummary,
  Invoice,
  PaymentMethod,
  VatMode,
} from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditNotes, invoices, orders } from '../../db/schema';
import { takeDocumentNumber } from '../../platform/document-numbers';
import { notFound } from '../../platform/errors';
import { fromCents, percentOfCents } from '../../platform/money';
import { creditNoteSummaryOf } from './view';

/** The net part of a VAT-inclusive amount (cents), rounded half up. */
const netOf = (gross: number, basisPoints: number) =>
  Math.round((gross * 10_000) / (10_000 + basisPoints));

export interface CreditNoteInput {
  invoiceId: string;
  orderId: string;
  companyId: string;
  claimId: string;
  claimItemId: string;
  vatRateBp: number;
  sku: string;
  title: string;
  quantity: number;
  /** VAT included. */
  amountCents: number;
  shippingCents: number;
}

/**
 * Issues a credit note in the caller's transaction. The year's counter row stays locked until
 * that transaction ends, so numbers follow each other without gaps (a rolled-back refund gives
 * its number back). The note is never updated afterwards (a database trigger refuses it).
 */
export async function issueCreditNote(tx: Executor, input: CreditNoteInput) {
  const issuedAt = new Date();
  const { number, year, sequence } = await takeDocumentNumber(tx, 'credit_note', issuedAt);
  const total = input.amountCents + input.shippingCents;
  const goodsNet = netOf(input.amountCents, input.vatRateBp);
  const shippingNet = netOf(input.shippingCents, input.vatRateBp);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      creditNoteNumber: number,
      year,
      sequence,
      invoiceId: input.invoiceId,
      orderId: input.orderId,
      companyId: input.companyId,
      claimId: input.claimId,
      claimItemId: input.claimItemId,
      issuedAt,
      amountCents: input.amountCents,
      shippingCents: input.shippingCents,
      taxCents: total - goodsNet - shippingNet,
      totalCents: total,
      vatRateBp: input.vatRateBp,
      lines: [
        {
          sku: input.sku,
          title: input.title,
          quantity: input.quantity,
          unitPriceCents: Math.round(goodsNet / input.quantity),
          subtotalCents: goodsNet,
        },
      ],
    })
    .returning();
  if (!note) throw new Error('issueCreditNote: not inserted');
  return note;
}

/**
 * Credits an invoice in full (a paid order canceled before it left): every line, the shipping
 * and the VAT exactly as invoiced, in the caller's transaction; numbered like every credit note.
 * An order has at most one (a unique index): a second is a database error, never a double refund.
 */
export async function creditInvoiceInFull(tx: Executor, invoiceId: string) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw new Error(`creditInvoiceInFull: no invoice ${invoiceId}`);
  const issuedAt = new Date();
  const { number, year, sequence } = await takeDocumentNumber(tx, 'credit_note', issuedAt);
  const shippingGross =
    invoice.shippingCents + percentOfCents(invoice.shippingCents, invoice.vatRateBp);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      creditNoteNumber: number,
      year,
      sequence,
      invoiceId: invoice.id,
      orderId: invoice.orderId,
      companyId: invoice.companyId,
      issuedAt,
      amountCents: invoice.totalCents - shippingGross,
      shippingCents: shippingGross,
      taxCents: invoice.taxCents,
      totalCents: invoice.totalCents,
      vatRateBp: invoice.vatRateBp,
      lines: invoice.lines,
    })
    .returning();
  if (!note) throw new Error('creditInvoiceInFull: not inserted');
  return note;
}

/** Credit notes issued against an invoice, oldest first (the invoice detail lists them). */
export async function creditNotesOfInvoice(
  db: Executor,
  invoiceId: string,
): Promise<CreditNoteSummary[]> {
  const rows = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.sequence));
  return rows.map(creditNoteSummaryOf);
}

/**
 * A credit note of the company as a document the invoice PDF renders: the invoice's parties and
 * payment, the credited lines and shipping, net and VAT. 404 for another company's.
 */
export async function creditNoteDocument(
  db: Executor,
  companyId: string,
  creditNoteId: string,
): Promise<{ document: Invoice; invoiceNumber: string; invoiceIssuedAt: string }> {
  const [row] = await db
    .select({ note: creditNotes, invoice: invoices, orderNumber: orders.orderNumber })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.companyId, companyId)));
  if (!row) throw notFound('errors.credit_note_not_found');
  const { note, invoice } = row;
  const shippingNet = netOf(note.shippingCents, note.vatRateBp);
  const goodsNet = note.totalCents - note.taxCents - shippingNet;
  return {
    invoiceNumber: invoice.invoiceNumber,
    invoiceIssuedAt: invoice.issuedAt.toISOString(),
    document: {
      _id: note.id,
      invoice_number: note.creditNoteNumber,
      issued_at: note.issuedAt.toISOString(),
      bill_to_name: invoice.billToName,
      order: { _id: note.orderId, order_number: row.orderNumber },
      payment_method: invoice.paymentMethod as PaymentMethod,
      amount: fromCents(note.totalCents),
      subtotal: fromCents(goodsNet),
      shipping_amount: fromCents(shippingNet),
      shipping_method: invoice.shippingMethod,
      tax_amount: fromCents(note.taxCents),
      vat_rate: note.vatRateBp / 100,
      vat_mode: invoice.vatMode as VatMode,
      vat_mention: invoice.vatMention,
      vat_lines: [
        {
          rate: note.vatRateBp / 100,
          base: fromCents(goodsNet + shippingNet),
          amount: fromCents(note.taxCents),
        },
      ],
      lines: note.lines.map((line) => ({
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        price: fromCents(line.unitPriceCents),
        subtotal: fromCents(line.subtotalCents),
      })),
      shipping_address: invoice.shippingAddress as AddressSnapshot,
      billing_address: invoice.billingAddress as AddressSnapshot,
      currency: 'EUR',
      credit_notes: [],
    },
  };
}
