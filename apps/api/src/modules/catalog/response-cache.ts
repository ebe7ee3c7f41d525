import type { CatalogSnapshot, SnapshotDependencies } from './catalog-snapshot';

interface Entry {
  body: Buffer;
  bytes: number;
  /** The snapshot's change clock when the answer was computed. */
  builtAt: number;
  dependencies: SnapshotDependencies;
}

/**
 * Serialized catalog answers (search, listing pages, product pages) of one snapshot, by request
 * key, least recently used first out once they hold more than `maxBytes`. An answer is served
 * only while none of what it shows changed: the snapshot compares the documents it lists (stock,
 * sales, views) and, for listings, the order and the in-stock filter it depends on, against its
 * change clock. A rebuilt snapshot (texts, prices, categories) starts with an empty cache.
 * Answers carry no user or company data: catalog prices and texts are the same for every buyer.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly snapshot: CatalogSnapshot,
    private readonly maxBytes: number,
  ) {}

  /** Bytes held (bodies and keys). */
  get size(): number {
    return this.bytes;
  }

  get count(): number {
    return this.entries.size;
  }

  /** The cached body for `key` if it is still what the snapshot would answer now. */
  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.snapshot.unchangedSince(entry.builtAt, entry.dependencies)) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /**
   * Serializes `value` and keeps it under `key`. `builtAt` is the snapshot's clock read before
   * the answer was computed, so a change made meanwhile makes the entry stale at once.
   */
  set(key: string, value: unknown, builtAt: number, dependencies: SnapshotDependencies): Buffer {
    const body = Buffer.from(JSON.stringify(value));
    const bytes = body.byteLength + key.length * 2 + 64;
    // An answer bigger than an eighth of the budget would push out too much to be worth it.
    if (bytes > this.maxBytes / 8) return body;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { body, bytes, builtAt, dependencies });
    this.bytes += bytes;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldKey, old);
    }
    return body;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

const caches = new WeakMap<CatalogSnapshot, ResponseCache>();

/** The response cache of a snapshot: it goes away with its snapshot. */
export function responseCacheOf(snapshot: CatalogSnapshot, maxBytes: number): ResponseCache {
  let cache = caches.get(snapshot);
  if (!cache) caches.set(snapshot, (cache = new ResponseCache(snapshot, maxBytes)));
  return cache;
}
