import {
  eInvoiceParamsSchema,
  invoiceArchiveDownloadQuerySchema,
  invoiceArchiveListSchema,
  invoiceArchiveRequestSchema,
  invoiceArchiveSchema,
  invoiceDocumentParamsSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
  type Invoice,
  type Locale,
} from '@portal/contract';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import type { Db } from '../../db/client';
import { invoiceSettingsReader } from '../settings';
import { companyOf } from '../addresses';
import { creditNoteDocument } from '../claims';
import type { PdfRenderer } from './pdf-pool';
import { XLSX_TYPE } from '../../platform/exports';
import { facturXPdf, ublXml, type CreditedInvoice, type EInvoiceFormat } from './e-invoice';
import type { MailAttachmentRef } from '../../db/schema';
import type { MailAttachment } from '../../platform/mail/worker';
import { exportInvoicesCsv, exportInvoicesXlsx } from './export';
import { archiveFile, archiveFileByToken, listArchives, requestArchive } from './archives';
import { companyOfDocument, getInvoice, listInvoices } from './service';

const tags = ['invoices'];
const security = [{ bearer: [] }];

interface PdfFile {
  fileName: string;
  pdf: Uint8Array;
}

/** A document and what a credit note credits, ready for a PDF or an e-invoice. */
interface DocumentSource {
  document: Invoice;
  credited?: CreditedInvoice;
  /** `invoice-2026-000001`, `credit-note-CN-2026-000001`: the files' names without extension. */
  name: string;
}

/**
 * A company's invoice or credit note as the files a browser downloads or a mail attaches (404
 * for another company's), with the shop's invoice details: the PDF, and the structured
 * e-invoices. One maker for the customers' and the staff's routes and the mail outbox, on the
 * process's one PDF renderer.
 */
export function documentPdfs(db: Db, renderer: PdfRenderer) {
  const shopDetails = invoiceSettingsReader(db);

  async function source(
    companyId: string,
    kind: 'invoice' | 'credit-note',
    id: string,
  ): Promise<DocumentSource> {
    if (kind === 'invoice') {
      // The documents do not list credit notes: they are not read.
      const document = await getInvoice(db, companyId, id, { creditNotes: false });
      return { document, name: `invoice-${document.invoice_number}` };
    }
    const note = await creditNoteDocument(db, companyId, id);
    return {
      document: note.document,
      credited: { number: note.invoiceNumber, issuedAt: note.invoiceIssuedAt },
      name: `credit-note-${note.document.invoice_number}`,
    };
  }

  async function pdfOf({ document, credited }: DocumentSource, locale: Locale) {
    return renderer.render(
      document,
      await shopDetails(),
      locale,
      credited ? { creditNoteOf: credited.number } : undefined,
    );
  }

  async function pdf(
    companyId: string,
    kind: 'invoice' | 'credit-note',
    id: string,
    locale: Locale,
  ): Promise<PdfFile> {
    const found = await source(companyId, kind, id);
    return { fileName: `${found.name}.pdf`, pdf: await pdfOf(found, locale) };
  }

  /**
   * An invoice or credit note as a structured e-invoice: UBL (Peppol BIS 3.0) XML, or the
   * Factur-X PDF (its PDF with the XML embedded).
   */
  async function eInvoice(
    companyId: string,
    kind: 'invoice' | 'credit-note',
    id: string,
    format: EInvoiceFormat,
    locale: Locale,
  ): Promise<DocumentFile> {
    const found = await source(companyId, kind, id);
    const shop = await shopDetails();
    if (format === 'ubl') {
      const xml = await ublXml(found.document, shop, locale, found.credited);
      return { fileName: `${found.name}.xml`, type: 'application/xml', body: Buffer.from(xml) };
    }
    const fileName = `${found.name}-factur-x.pdf`;
    const pdfBytes = await pdfOf(found, locale);
    return {
      fileName,
      type: 'application/pdf',
      body: await facturXPdf(found.document, shop, locale, pdfBytes, fileName, found.credited),
    };
  }

  return {
    invoice: (companyId: string, invoiceId: string, locale: Locale) =>
      pdf(companyId, 'invoice', invoiceId, locale),
    creditNote: (companyId: string, creditNoteId: string, locale: Locale) =>
      pdf(companyId, 'credit-note', creditNoteId, locale),
    eInvoice,
    /** The file an invoice or credit note mail carries, in the company's chosen format. */
    async mailAttachment(ref: MailAttachmentRef, locale: Locale): Promise<MailAttachment> {
      if (ref.format === 'pdf') {
        const file = await pdf(ref.companyId, ref.document, ref.id, locale);
        return {
          filename: file.fileName,
          content: Buffer.from(file.pdf),
          contentType: 'application/pdf',
        };
      }
      const file = await eInvoice(ref.companyId, ref.document, ref.id, ref.format, locale);
      return { filename: file.fileName, content: Buffer.from(file.body), contentType: file.type };
    },
  };
}
export type DocumentPdfs = ReturnType<typeof documentPdfs>;

/** A document as the file a browser downloads. */
interface DocumentFile {
  fileName: string;
  type: string;
  body: Uint8Array;
}

const sendFile = (reply: FastifyReply, { fileName, type, body }: DocumentFile) =>
  reply.type(type).header('Content-Disposition', `attachment; filename="${fileName}"`).send(body);

const sendPdf = (reply: FastifyReply, { fileName, pdf }: PdfFile) =>
  reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(pdf);

/** What the invoice routes use: the database and the process's document PDFs. */
export interface InvoiceDeps {
  db: Db;
  pdfs: DocumentPdfs;
}

/** The company's invoices: list, detail and the PDF in the caller's language. */
export function invoiceRoutes(deps: InvoiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('invoices.view');

    app.get(
      '/',
      {
        preValidation,
        schema: {
          tags,
          security,
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListResponseSchema },
        },
      },
      async (request) => listInvoices(deps.db, contextOf(request), request.query),
    );

    const exporting = requirePermission('invoices.export');
    const exportName = (format: 'csv' | 'xlsx') =>
      `attachment; filename="invoices-${new Date().toISOString().slice(0, 10)}.${format}"`;

    const sendZip = (reply: FastifyReply, file: { fileName: string; content: Buffer }) =>
      reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.content);

    app.post(
      '/archives',
      {
        preValidation: exporting,
        schema: {
          tags,
          security,
          summary: "A period's invoice and credit note PDFs as one ZIP, built in the background",
          body: invoiceArchiveRequestSchema,
          response: { 202: invoiceArchiveSchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await requestArchive(deps.db, contextOf(request), request.body)),
    );

    app.get(
      '/archives',
      {
        preValidation: exporting,
        schema: { tags, security, response: { 200: invoiceArchiveListSchema } },
      },
      async (request) => ({ items: await listArchives(deps.db, contextOf(request)) }),
    );

    app.get(
      '/archives/:id/file',
      {
        preValidation: exporting,
        schema: {
          tags,
          security,
          params: invoiceDocumentParamsSchema,
          produces: ['application/zip'],
        },
      },
      async (request, reply) =>
        sendZip(reply, await archiveFile(deps.db, contextOf(request), request.params.id)),
    );

    app.get(
      '/archives/:id/download',
      {
        schema: {
          tags,
          summary:
            'The link of the ready mail: the ZIP by its token, without signing in, until it expires',
          params: invoiceDocumentParamsSchema,
          querystring: invoiceArchiveDownloadQuerySchema,
          produces: ['application/zip'],
        },
      },
      async (request, reply) =>
        sendZip(reply, await archiveFileByToken(deps.db, request.params.id, request.query.token)),
    );

    app.get(
      '/export.csv',
      {
        preValidation: exporting,
        schema: {
          tags,
          security,
          description:
            "The company's invoices of a period as CSV (UTF-8 with BOM), newest first, streamed page by page.",
          querystring: invoiceExportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', exportName('csv'))
          .send(
            Readable.from(exportInvoicesCsv(deps.db, companyOf(contextOf(request)), request.query)),
          ),
    );

    app.get(
      '/export.xlsx',
      {
        preValidation: exporting,
        schema: {
          tags,
          security,
          description:
            "The company's invoices of a period as an XLSX spreadsheet, newest first, streamed row by row.",
          querystring: invoiceExportQuerySchema,
          produces: [XLSX_TYPE],
        },
      },
      async (request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', exportName('xlsx'))
          .send(exportInvoicesXlsx(deps.db, companyOf(contextOf(request)), request.query)),
    );

    app.get(
      '/credit-notes/:id/pdf',
      {
        preValidation,
        schema: {
          tags,
          security,
          summary: 'A credit note (refund of a claim) as PDF',
          params: invoiceDocumentParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        return sendPdf(
          reply,
          await deps.pdfs.creditNote(companyOf(ctx), request.params.id, ctx.locale),
        );
      },
    );

    for (const kind of ['invoice', 'credit-note'] as const) {
      app.get(
        kind === 'invoice' ? '/:id/e-invoice/:format' : '/credit-notes/:id/e-invoice/:format',
        {
          preValidation,
          schema: {
            tags,
            security,
            summary:
              kind === 'invoice'
                ? 'An invoice as a structured e-invoice: UBL (Peppol BIS 3.0) or Factur-X'
                : 'A credit note as a structured e-invoice: UBL (Peppol BIS 3.0) or Factur-X',
            params: eInvoiceParamsSchema,
            produces: ['application/xml', 'application/pdf'],
          },
        },
        async (request, reply) => {
          const ctx = contextOf(request);
          return sendFile(
            reply,
            await deps.pdfs.eInvoice(
              companyOf(ctx),
              kind,
              request.params.id,
              request.params.format,
              ctx.locale,
            ),
          );
        },
      );
    }

    app.get(
      '/:id',
      {
        preValidation,
        schema: {
          tags,
          security,
          params: invoiceDocumentParamsSchema,
          response: { 200: invoiceSchema },
        },
      },
      async (request) => getInvoice(deps.db, companyOf(contextOf(request)), request.params.id),
    );

    app.get(
      '/:id/pdf',
      {
        preValidation,
        schema: {
          tags,
          security,
          params: invoiceDocumentParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        return sendPdf(
          reply,
          await deps.pdfs.invoice(companyOf(ctx), request.params.id, ctx.locale),
        );
      },
    );
  };
}

/**
 * Staff open any company's invoice or credit note as PDF (permission orders.manage), in their
 * own language: the document the customer downloads, byte for byte the same layout.
 */
export function staffDocumentRoutes(deps: InvoiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('orders.manage');

    app.get(
      '/invoices/:id/pdf',
      {
        preValidation,
        schema: {
          tags: ['admin'],
          security,
          summary: "Any company's invoice as PDF",
          params: invoiceDocumentParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const companyId = await companyOfDocument(deps.db, 'invoice', request.params.id);
        return sendPdf(
          reply,
          await deps.pdfs.invoice(companyId, request.params.id, request.locale),
        );
      },
    );

    app.get(
      '/credit-notes/:id/pdf',
      {
        preValidation,
        schema: {
          tags: ['admin'],
          security,
          summary: "Any company's credit note as PDF",
          params: invoiceDocumentParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const companyId = await companyOfDocument(deps.db, 'credit_note', request.params.id);
        return sendPdf(
          reply,
          await deps.pdfs.creditNote(companyId, request.params.id, request.locale),
        );
      },
    );
  };
}
