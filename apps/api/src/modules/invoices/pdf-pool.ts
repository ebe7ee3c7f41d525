import v8 from 'node:v8';
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
  /** Stops the worker once it has had nothing to render for a while. */
  idle?: NodeJS.Timeout;
}

export interface PdfRenderer {
  render: typeof renderInvoicePdf;
  /** Workers running now (fewer than asked for when some failed or stopped for want of work). */
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
function workerThread(): Worker {
  // pdfkit makes much short-lived garbage: with a young generation under 32 MB a worker renders
  // a third fewer PDFs. npm start's --max-semi-space-size=8 (the API's own young generation)
  // would apply to the worker too, and wins over the Worker's resourceLimits: the flag is raised
  // for the isolates made from now on (the API's heap keeps the size it was made with).
  v8.setFlagsFromString(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
  if (import.meta.url.endsWith('.js'))
    return new Worker(new URL('./pdf-worker.js', import.meta.url));
  return new Worker(new URL('./pdf-worker-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./pdf-worker.ts', import.meta.url).href },
  });
}

/**
 * Renders invoice PDFs in up to `size` worker threads, so that pdfkit's CPU work (a few
 * milliseconds per PDF) runs beside the event loop instead of holding up every other request;
 * each PDF goes to the worker with the fewest waiting. The workers start with the first PDF
 * (about half a second to load pdfkit) and stop after `idleMs` without one: a worker holds about
 * 50 MB, which a process that renders no PDFs for a while need not keep. With `size` 0, or once
 * every worker has failed, the PDF is rendered here as before.
 */
export function pdfRenderer(size: number, idleMs = PDF_WORKER_IDLE_MS): PdfRenderer {
  const workers: PdfWorker[] = [];
  /** Workers to run: a worker that fails is not replaced. */
  let capacity = size;
  let nextId = 0;

  const stopWhenIdle = (entry: PdfWorker) => {
    clearTimeout(entry.idle);
    if (entry.pending.size > 0) return;
    entry.idle = setTimeout(() => {
      const index = workers.indexOf(entry);
      if (index < 0 || entry.pending.size > 0) return;
      workers.splice(index, 1);
      void entry.worker.terminate();
    }, idleMs);
    entry.idle.unref();
  };

  const startWorker = () => {
    const entry: PdfWorker = { worker: workerThread(), pending: new Map() };
    entry.worker.unref();
    entry.worker.on('message', (reply: PdfReply) => {
      const waiting = entry.pending.get(reply.id);
      if (!waiting) return;
      entry.pending.delete(reply.id);
      if ('pdf' in reply) {
        waiting.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      } else {
        waiting.reject(new Error(reply.error));
      }
      stopWhenIdle(entry);
    });
    // A worker that fails leaves the pool for good; what it had not answered is rendered here.
    // One stopped for being idle has already left it.
    const fail = () => {
      clearTimeout(entry.idle);
      const index = workers.indexOf(entry);
      if (index < 0) return;
      workers.splice(index, 1);
      capacity--;
      for (const { job, resolve, reject } of entry.pending.values()) {
        renderInvoicePdf(job.invoice, job.shop, job.locale, job.options).then(resolve, reject);
      }
      entry.pending.clear();
    };
    entry.worker.on('error', fail);
    entry.worker.on('exit', fail);
    workers.push(entry);
  };

  const render: typeof renderInvoicePdf = (invoice, shop, locale, options = {}) => {
    while (workers.length < capacity) startWorker();
    const entry = workers.reduce<PdfWorker | undefined>(
      (best, candidate) => (!best || candidate.pending.size < best.pending.size ? candidate : best),
      undefined,
    );
    if (!entry) return renderInvoicePdf(invoice, shop, locale, options);
    clearTimeout(entry.idle);
    const id = ++nextId;
    const job: PdfJob = { id, invoice, shop, locale, options };
    return new Promise<Buffer>((resolve, reject) => {
      entry.pending.set(id, { job, resolve, reject });
      entry.worker.postMessage(job);
    });
  };

  return {
    render,
    workers: () => workers.length,
    async close() {
      const stopping = workers.splice(0);
      for (const entry of stopping) clearTimeout(entry.idle);
      await Promise.all(stopping.map((entry) => entry.worker.terminate()));
    },
  };
}
