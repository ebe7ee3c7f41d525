import { fork, type ChildProcess } from 'node:child_process';
import type {
  Category,
  CategoryDetail,
  Locale,
  NestedCategory,
  ProductListItem,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, serviceUnavailable } from '../../platform/errors';
import type { CatalogAnswer, CatalogCall, CatalogProcessOptions } from './catalog-process';
import type { CatalogMethod, CatalogReader } from './catalog-reader';
import type { ListingFilter } from './service';

/**
 * V8 flags of the catalog process: the garbage of its requests dies in a young generation of
 * 64 MB instead of being promoted beside the index (decision 004).
 */
const CATALOG_NODE_ARGS = ['--max-semi-space-size=64'];
/** A catalog process that exited is not started again sooner than this. */
const RESTART_AFTER_MS = 1_000;
/** How long a closing catalog process has to exit before it is killed. */
const EXIT_GRACE_MS = 5_000;

/**
 * Compiled (`npm start`), this module is part of dist/main.js and the process is
 * dist/catalog-process.js beside it; from the TypeScript sources (tests, `npm run dev`) it runs
 * catalog-process.ts through tsx.
 */
function entry(): { path: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.js')) {
    return { path: new URL('./catalog-process.js', import.meta.url), execArgv: CATALOG_NODE_ARGS };
  }
  return {
    path: new URL('./catalog-process.ts', import.meta.url),
    execArgv: [...CATALOG_NODE_ARGS, '--import', 'tsx'],
  };
}

const unavailable = () => serviceUnavailable('errors.catalog_unavailable');

/** Serialized answers arrive as Uint8Array: viewed as a Buffer without copying. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The catalog answered by a child process that holds the index (`catalog-process.ts`), so the
 * API process keeps none of its memory. Started by the first call; should it exit, the calls
 * waiting on it fail with 503 and the next call starts another.
 */
export class CatalogProcess implements CatalogReader {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private exitedAt = 0;
  private closing = false;

  constructor(
    private readonly options: CatalogProcessOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The process id of the running catalog process, if any. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private start(): ChildProcess {
    const { path, execArgv } = entry();
    const child = fork(path, [], {
      execArgv,
      serialization: 'advanced',
      env: { ...process.env, PORTAL_CATALOG_PROCESS: JSON.stringify(this.options) },
    });
    child.on('message', (answer: CatalogAnswer) => this.settle(answer));
    child.on('error', (error) => this.log.error({ err: error }, 'catalog process failed'));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      this.exitedAt = Date.now();
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const call of waiting) call.reject(unavailable());
      if (!this.closing) this.log.error({ code, signal }, 'catalog process exited');
    });
    return child;
  }

  private settle(answer: CatalogAnswer) {
    const call = this.pending.get(answer.id);
    if (!call) return;
    this.pending.delete(answer.id);
    if (!('error' in answer)) {
      call.resolve(answer.value);
    } else if ('type' in answer.error) {
      const { type, key, vars, details, statusCode } = answer.error;
      call.reject(new AppError(type, key, vars, details, statusCode));
    } else {
      call.reject(new Error(`catalog process: ${answer.error.message}`));
    }
  }

  private call<T>(method: CatalogMethod, ...args: unknown[]): Promise<T> {
    if (this.closing) return Promise.reject(unavailable());
    if (!this.child) {
      if (Date.now() - this.exitedAt < RESTART_AFTER_MS) return Promise.reject(unavailable());
      this.child = this.start();
    }
    const child = this.child;
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const call: CatalogCall = { id, method, args };
      child.send(call, (error) => {
        if (!error || !this.pending.delete(id)) return;
        reject(unavailable());
      });
    });
  }

  searchBody(text: string, locale: Locale, limit?: number) {
    return this.call<Uint8Array>('searchBody', text, locale, limit).then(asBuffer);
  }

  listingBody(filter: ListingFilter, locale: Locale) {
    return this.call<Uint8Array>('listingBody', filter, locale).then(asBuffer);
  }

  productBody(key: 'id' | 'sku' | 'slug', value: string, locale: Locale) {
    return this.call<Uint8Array>('productBody', key, value, locale).then(asBuffer);
  }

  top(kind: 'most_viewed' | 'best_seller', locale: Locale, limit?: number) {
    return this.call<ProductListItem[]>('top', kind, locale, limit);
  }

  byIds(ids: readonly string[], locale: Locale) {
    return this.call<ProductListItem[]>('byIds', ids, locale);
  }

  categories(locale: Locale) {
    return this.call<Category[]>('categories', locale);
  }

  nestedCategories(locale: Locale) {
    return this.call<{ tree: NestedCategory[]; etag: string }>('nestedCategories', locale);
  }

  category(idOrSlug: string, locale: Locale) {
    return this.call<CategoryDetail>('category', idOrSlug, locale);
  }

  increaseViews(productId: string, userId: string) {
    return this.call<{ views: number; counted: boolean }>('increaseViews', productId, userId);
  }

  refreshStock(productIds: string[]) {
    return this.call<undefined>('refreshStock', productIds);
  }

  rebuild() {
    return this.call<undefined>('rebuild');
  }

  warm() {
    return this.call<undefined>('warm');
  }

  /** Closes the channel (the process then exits) and waits for the exit. */
  async close() {
    this.closing = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.disconnect();
    });
  }
}
