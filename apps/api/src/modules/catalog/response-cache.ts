import { LRUCache } from 'lru-cache';
import { gunzipSync, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { CatalogSnapshot, SnapshotDependencies } from './catalog-snapshot';

/**
 * A catalog answer serialized: its JSON, or (from this many bytes on) the gzip of its JSON. A
 * listing page shrinks about five times and a product page twice, so the cache holds that many
 * more answers per byte, and a browser (which accepts gzip) is sent the compressed bytes as they
 * are.
 */
export const GZIP_FROM_BYTES = 1024;

/** An answer just serialized: its JSON, and its gzip from GZIP_FROM_BYTES on. */
type ComputedAnswer = { json: Buffer; gzip?: Buffer };

/**
 * The JSON when it is at hand (an answer under GZIP_FROM_BYTES, or one just computed), the gzip
 * of the JSON for answers of at least GZIP_FROM_BYTES: one of the two or both.
 */
export type SerializedAnswer = ComputedAnswer | { json?: never; gzip: Buffer };

/** Serializes a catalog answer once: its JSON, and its gzip when large enough to gain from it. */
export function serializeAnswer(value: unknown): ComputedAnswer {
  const json = Buffer.from(JSON.stringify(value));
  return json.byteLength >= GZIP_FROM_BYTES ? { json, gzip: gzipSync(json) } : { json };
}

/**
 * The bytes to send for an answer to a request with this Accept-Encoding: the gzip as it is
 * when the client takes gzip, else the JSON (decompressed if only the gzip is kept).
 */
export function answerBody(
  answer: SerializedAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer; gzipped: boolean } {
  if (answer.gzip && acceptEncoding && negotiate(acceptEncoding, ['gzip', 'identity']) === 'gzip') {
    return { body: answer.gzip, gzipped: true };
  }
  return { body: answer.json ?? gunzipSync(answer.gzip), gzipped: false };
}

interface Entry {
  /** The gzip of the answer when it has one, else its JSON. */
  body: Buffer;
  gzipped: boolean;
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
 * in-stock filter it depends on, against its change clock. A rebuilt snapshot (texts, prices,
 * categories) starts with an empty cache. Answers carry no user or company data: catalog prices
 * and texts are the same for every buyer.
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
    return entry.gzipped ? { gzip: entry.body } : { json: entry.body };
  }

  /**
   * Serializes `value` and keeps it under `key`. `builtAt` is the snapshot's clock read before
   * the answer was computed, so a change made meanwhile makes the entry stale at once.
   */
  set(
    key: string,
    value: unknown,
    builtAt: number,
    dependencies: SnapshotDependencies,
  ): SerializedAnswer {
    const answer = serializeAnswer(value);
    const serialized = answer.gzip ?? answer.json;
    const bytes = serialized.byteLength + key.length * 2 + 64;
    if (bytes > this.entries.maxEntrySize) return answer;
    // Kept in memory of its own: a small Buffer is a slice of an 8 KB pool that it would keep
    // whole for as long as the entry lives.
    const body = Buffer.allocUnsafeSlow(serialized.byteLength);
    serialized.copy(body);
    this.entries.set(key, { body, gzipped: !!answer.gzip, bytes, builtAt, dependencies });
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
