import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Category, CategoryDetail, Locale, ProductListItem } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, serviceUnavailable } from '../../platform/errors';
import type { CatalogCall, CatalogFailure, CatalogProcessOptions } from './catalog-process';
import type { CatalogMethod, CatalogReader } from './catalog-reader';
import { FrameKind, FrameReader, FrameWriter, type Frame } from './frames';
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
  private child: { process: ChildProcess; writer: FrameWriter } | null = null;
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
    return this.child?.process.pid;
  }

  private start() {
    const { path, execArgv } = entry();
    // File descriptor 3 of the child is its end of a socket pair: the frames' wire.
    const child = spawn(process.execPath, [...execArgv, fileURLToPath(path)], {
      stdio: ['ignore', 'inherit', 'inherit', 'pipe'],
      env: { ...process.env, PORTAL_CATALOG_PROCESS: JSON.stringify(this.options) },
    });
    const socket = child.stdio[3] as Socket;
    const reader = new FrameReader((frame) => this.settle(frame));
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.on('error', (error) => this.log.error({ err: error }, 'catalog socket failed'));
    child.on('error', (error) => this.log.error({ err: error }, 'catalog process failed'));
    child.on('exit', (code, signal) => {
      if (this.child?.process === child) this.child = null;
      this.exitedAt = Date.now();
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const call of waiting) call.reject(unavailable());
      if (!this.closing) this.log.error({ code, signal }, 'catalog process exited');
    });
    return { process: child, writer: new FrameWriter(socket, true) };
  }

  private settle({ id, kind, payload, tag }: Frame) {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    if (kind === FrameKind.bytes) {
      call.resolve(payload);
    } else if (kind === FrameKind.taggedBytes) {
      call.resolve({ etag: tag, body: payload });
    } else if (kind === FrameKind.value) {
      call.resolve(JSON.parse(payload.toString()));
    } else {
      const failure = JSON.parse(payload.toString()) as CatalogFailure;
      call.reject(
        'type' in failure
          ? new AppError(
              failure.type,
              failure.key,
              failure.vars,
              failure.details,
              failure.statusCode,
            )
          : new Error(`catalog process: ${failure.message}`),
      );
    }
  }

  private call<T>(method: CatalogMethod, ...args: unknown[]): Promise<T> {
    if (this.closing) return Promise.reject(unavailable());
    if (!this.child) {
      if (Date.now() - this.exitedAt < RESTART_AFTER_MS) return Promise.reject(unavailable());
      this.child = this.start();
    }
    const id = (this.nextId = (this.nextId + 1) >>> 0);
    const call: CatalogCall = { method, args };
    this.child.writer.write(id, FrameKind.call, JSON.stringify(call));
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  searchBody(text: string, locale: Locale, limit?: number) {
    return this.call<Buffer>('searchBody', text, locale, limit);
  }

  listingBody(filter: ListingFilter, locale: Locale) {
    return this.call<Buffer>('listingBody', filter, locale);
  }

  productBody(key: 'id' | 'sku' | 'slug', value: string, locale: Locale) {
    return this.call<Buffer>('productBody', key, value, locale);
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

  nestedCategories(locale: Locale, ifNoneMatch?: string) {
    return this.call<{ etag: string; body: Buffer }>('nestedCategories', locale, ifNoneMatch);
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

  /** Closes the socket (the process then exits) and waits for the exit. */
  async close() {
    this.closing = true;
    const child = this.child?.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      (child.stdio[3] as Socket).end();
    });
  }
}
