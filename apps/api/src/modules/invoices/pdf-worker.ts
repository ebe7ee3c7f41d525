// A worker thread that renders invoice and credit note PDFs for pdf-pool.ts: the CPU work of
// pdfkit off the API's event loop.
import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf } from './pdf';
import type { PdfJob } from './pdf-pool';

parentPort?.on('message', (job: PdfJob) => {
  renderInvoicePdf(job.invoice, job.shop, job.locale, job.options).then(
    (pdf) => {
      // A copy of its own, so the whole ArrayBuffer (not a shared pool slab) moves over.
      const bytes = new Uint8Array(pdf.byteLength);
      bytes.set(pdf);
      parentPort?.postMessage({ id: job.id, pdf: bytes }, [bytes.buffer]);
    },
    (error: unknown) => {
      parentPort?.postMessage({ id: job.id, error: String(error) });
    },
  );
});
