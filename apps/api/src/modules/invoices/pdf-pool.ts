import { Worker } from 'node:worker_threads';
import type { Invoice, InvoiceSettings, Locale } from '@portal/contract';
import { renderInvoicePdf } from './pdf';

export interface PdfJob {
  id: number;
  invoice: Invoice;
  shop: InvoiceSettings;
  locale: Locale;
  options: { creditNoteOf?: string };
}

type PdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

interface PdfWorker {
  worker: Worker;
  pending: Map<
    number,
    { job: PdfJob; resolve: (pdf: Buffer) => void; reject: (error: Error) => void }
  >;
}

export interface PdfRenderer {
  /** Starts the workers now rather than on the first PDF. */
  start(): void;
  render: typeof renderInvoicePdf;
  /** Workers running now (fewer than asked for when some failed). */
  workers(): number;
  close(): Promise<void>;
}

/**
 * The PDF worker thread. Compiled (`npm start`), this module is part of dist/main.js and the
 * worker is dist/pdf-worker.js beside it; run from the TypeScript sources (tests, `npm run dev`),
 * a boot file registers tsx in the thread (on Node 20 a worker does not get it from
 * `--import tsx`) and loads pdf-worker.ts.
 */
function workerThread(): Worker {
  if (import.meta.url.endsWith('.js'))
    return new Worker(new URL('./pdf-worker.js', import.meta.url));
  return new Worker(new URL('./pdf-worker-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./pdf-worker.ts', import.meta.url).href },
  });
}

/**
 * Renders invoice PDFs in `size` worker threads (started by `start` or the first PDF), so that pdfkit's
 * CPU work (a few milliseconds per PDF) runs beside the event loop instead of holding up every
 * other request; each PDF goes to the worker with the fewest waiting. With `size` 0, or should a
 * worker fail to start or stop, the PDF is rendered here as before.
 */
export function pdfRenderer(size: number): PdfRenderer {
  const workers: PdfWorker[] = [];
  let nextId = 0;
  let started = false;

  const start = () => {
    if (started) return;
    started = true;
    for (let i = 0; i < size; i++) {
      const entry: PdfWorker = {
        worker: workerThread(),
        pending: new Map(),
      };
      entry.worker.unref();
      entry.worker.on('message', (reply: PdfReply) => {
        const waiting = entry.pending.get(reply.id);
        if (!waiting) return;
        entry.pending.delete(reply.id);
        if ('pdf' in reply) {
          waiting.resolve(
            Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength),
          );
        } else {
          waiting.reject(new Error(reply.error));
        }
      });
      // A worker that fails leaves the pool; what it had not answered is rendered here.
      const fail = () => {
        const index = workers.indexOf(entry);
        if (index >= 0) workers.splice(index, 1);
        for (const { job, resolve, reject } of entry.pending.values()) {
          renderInvoicePdf(job.invoice, job.shop, job.locale, job.options).then(resolve, reject);
        }
        entry.pending.clear();
      };
      entry.worker.on('error', fail);
      entry.worker.on('exit', fail);
      workers.push(entry);
    }
  };

  const render: typeof renderInvoicePdf = (invoice, shop, locale, options = {}) => {
    start();
    const entry = workers.reduce<PdfWorker | undefined>(
      (best, candidate) => (!best || candidate.pending.size < best.pending.size ? candidate : best),
      undefined,
    );
    if (!entry) return renderInvoicePdf(invoice, shop, locale, options);
    const id = ++nextId;
    const job: PdfJob = { id, invoice, shop, locale, options };
    return new Promise<Buffer>((resolve, reject) => {
      entry.pending.set(id, { job, resolve, reject });
      entry.worker.postMessage(job);
    });
  };

  return {
    start,
    render,
    workers: () => workers.length,
    async close() {
      const stopping = workers.splice(0);
      await Promise.all(stopping.map((entry) => entry.worker.terminate()));
    },
  };
}
