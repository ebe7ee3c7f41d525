// Starts pdf-worker.ts in a piscina worker thread when the API runs from its TypeScript sources:
// registers tsx's loader in this thread (on Node 20 a worker does not get it from `--import
// tsx`), then hands piscina the TypeScript worker's task function.
import { register } from 'tsx/esm/api';

register();
const { default: renderInWorker } = await import(new URL('./pdf-worker.ts', import.meta.url).href);
export default renderInWorker;
