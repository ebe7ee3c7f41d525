import { LRUCache } from 'lru-cache';
import type { ComputedAnswer, SerializedAnswer } from '../serialized-answer';
import type { CatalogSnapshot, SnapshotDependencies } from './snapshot';

interface Entry {
  /** The gzip of the answer when it has one, else its JSON. */
  body: Buffer;
  gzipped: boolean;
  productIds: readonly string[];
  bytes: number;
  /** The snapshot's change clock when the answer was computed. */
  builtAt: number;
  dependencies: SnapshotDependencies;
}

/**
 * Serialized catalog answers (search, listing pages, product pages) of one snapshot, by request
 * key (lru-cache), least recently used first out once they hold more than `maxBytes` (compressed, see
 * GZIP_FROM_BYTES). An answer is served only while none of what it shows changed: the snapshot
 * compares the documents it lists (stock, sales, views) and, for listings, the order and the
 * in-stock filter it depends on, against its change clock; a product's texts or categories
 * changed in place make every answer be computed again, and a rebuilt snapshot (categories)
 * starts with an empty cache. Answers carry no user or company data: catalog prices and texts
 * are the same for every buyer.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly snapshot: CatalogSnapshot,
    maxBytes: number,
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => entry.bytes,
      // An answer bigger than an eighth of the budget would push out too much to be worth it.
      maxEntrySize: maxBytes / 8,
    });
  }

  /** Bytes held (bodies and keys). */
  get size(): number {
    return this.entries.calculatedSize;
  }

  get count(): number {
    return this.entries.size;
  }

  /** The cached answer for `key` if it is still what the snapshot would answer now. */
  get(key: string): SerializedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.snapshot.unchangedSince(entry.builtAt, entry.dependencies)) {
      this.entries.delete(key);
      return undefined;
    }
    const { body, productIds } = entry;
    return entry.gzipped ? { gzip: body, productIds } : { json: body, productIds };
  }

  /**
   * Keeps a serialized answer under `key`. `builtAt` is the snapshot's clock read before the
   * answer was computed, so a change made meanwhile makes the entry stale at once.
   */
  set(
    key: string,
    answer: ComputedAnswer,
    builtAt: number,
    dependencies: SnapshotDependencies,
  ): SerializedAnswer {
    const serialized = answer.gzip ?? answer.json;
    const bytes = serialized.byteLength + key.length * 2 + 64;
    if (bytes > this.entries.maxEntrySize) return answer;
    // Kept in memory of its own: a small Buffer is a slice of an 8 KB pool that it would keep
    // whole for as long as the entry lives.
    const body = Buffer.allocUnsafeSlow(serialized.byteLength);
    serialized.copy(body);
    this.entries.set(key, {
      body,
      gzipped: !!answer.gzip,
      productIds: answer.productIds,
      bytes,
      builtAt,
      dependencies,
    });
    return answer;
  }
}

const caches = new WeakMap<CatalogSnapshot, ResponseCache>();

/** The response cache of a snapshot: it goes away with its snapshot. */
export function responseCacheOf(snapshot: CatalogSnapshot, maxBytes: number): ResponseCache {
  let cache = caches.get(snapshot);
  if (!cache) caches.set(snapshot, (cache = new ResponseCache(snapshot, maxBytes)));
  return cache;
}
