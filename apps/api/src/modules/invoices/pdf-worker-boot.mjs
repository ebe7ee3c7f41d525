// Starts pdf-worker.ts in a worker thread: registers tsx's loader in this thread (on Node 20 a
// worker does not get it from `--import tsx`), then loads the TypeScript named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
