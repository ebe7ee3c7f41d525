import v8 from 'node:v8';
import { Piscina } from 'piscina';
import type { Invoice, InvoiceSettings, Locale } from '@portal/contract';
import { renderInvoicePdf } from './pdf';

export interface PdfJob {
  invoice: Invoice;
  shop: InvoiceSettings;
  locale: Locale;
  options: { creditNoteOf?: string };
}

export interface PdfRenderer {
  render: typeof renderInvoicePdf;
  /** Workers running now (none until the first PDF, none again once idle). */
  workers(): number;
  close(): Promise<void>;
}

/** How long a PDF worker waits for its next PDF before it stops and gives its memory back. */
export const PDF_WORKER_IDLE_MS = 5 * 60_000;

/** A PDF worker's semi-space in MB (its young generation is twice that). */
const WORKER_SEMI_SPACE_MB = 16;

/**
 * The PDF worker thread. Compiled (`npm start`), this module is part of dist/main.js and the
 * worker is dist/pdf-worker.js beside it; run from the TypeScript sources (tests, `npm run dev`),
 * a boot file registers tsx in the thread (on Node 20 a worker does not get it from
 * `--import tsx`) and loads pdf-worker.ts.
 */
const workerFile = import.meta.url.endsWith('.js')
  ? new URL('./pdf-worker.js', import.meta.url).href
  : new URL('./pdf-worker-boot.mjs', import.meta.url).href;

/**
 * Renders invoice PDFs in up to `size` worker threads (piscina), so that pdfkit's CPU work (a few
 * milliseconds per PDF) runs beside the event loop instead of holding up every other request.
 * The workers start with the first PDF (about half a second to load pdfkit) and stop after
 * `idleMs` without one: a worker holds about 50 MB, which a process that renders no PDFs for a
 * while need not keep. With `size` 0 the PDF is rendered here; a PDF whose worker failed is
 * rendered here again.
 */
export function pdfRenderer(size: number, idleMs = PDF_WORKER_IDLE_MS): PdfRenderer {
  if (size === 0) {
    return { render: renderInvoicePdf, workers: () => 0, close: async () => {} };
  }
  // pdfkit makes much short-lived garbage: with a young generation under 32 MB a worker renders
  // a third fewer PDFs. npm start's --max-semi-space-size=8 (the API's own young generation)
  // would apply to the workers too, and wins over a Worker's resourceLimits: the flag is raised
  // for the isolates made from now on (the API's heap keeps the size it was made with).
  v8.setFlagsFromString(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
  const pool = new Piscina<PdfJob, Uint8Array>({
    filename: workerFile,
    minThreads: 0,
    maxThreads: size,
    idleTimeout: idleMs,
  });
  const render: typeof renderInvoicePdf = async (invoice, shop, locale, options = {}) => {
    try {
      const pdf = await pool.run({ invoice, shop, locale, options });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch {
      return renderInvoicePdf(invoice, shop, locale, options);
    }
  };
  return { render, workers: () => pool.threads.length, close: () => pool.destroy() };
}
