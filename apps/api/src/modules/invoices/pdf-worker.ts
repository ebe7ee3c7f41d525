// A worker thread of pdf-pool.ts's piscina pool: renders an invoice or credit note PDF, the CPU
// work of pdfkit off the API's event loop.
import { Piscina } from 'piscina';
import { renderInvoicePdf } from './pdf';
import type { PdfJob } from './pdf-pool';

export default async function renderInWorker(job: PdfJob) {
  const pdf = await renderInvoicePdf(job.invoice, job.shop, job.locale, job.options);
  // A copy of its own, so the whole ArrayBuffer (not a shared pool slab) moves over.
  const bytes = new Uint8Array(pdf.byteLength);
  bytes.set(pdf);
  return Piscina.move(bytes);
}
