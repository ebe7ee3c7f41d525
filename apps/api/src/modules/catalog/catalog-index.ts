import type { FastifyBaseLogger } from 'fastify';
import { count, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { type CatalogSnapshot, loadCatalogSnapshot } from './catalog-snapshot';

/** How often a request may trigger a look at whether the catalog changed. */
const CHECK_INTERVAL_MS = 2_000;

/**
 * Keeps the in-memory catalog snapshot fresh. Any process can change the catalog (several API
 * processes share one database), so each process compares a cheap fingerprint of the tables
 * every couple of seconds and rebuilds its snapshot in the background when it changed; requests
 * keep using the previous snapshot meanwhile.
 */
export class CatalogIndex {
  private current: Promise<CatalogSnapshot> | null = null;
  private fingerprint: string | null = null;
  private checkedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The current snapshot; the first call builds it. */
  async snapshot(): Promise<CatalogSnapshot> {
    if (!this.current) this.current = this.build();
    const snapshot = await this.current;
    if (Date.now() - this.checkedAt > CHECK_INTERVAL_MS && !this.refreshing) {
      this.checkedAt = Date.now();
      this.refreshing = this.refreshIfChanged()
        .catch((error: unknown) => this.log.error({ err: error }, 'catalog refresh failed'))
        .finally(() => {
          this.refreshing = null;
        });
    }
    return snapshot;
  }

  /** Rebuilds now and waits for it: after a write whose effect must show at once. */
  async rebuild(): Promise<CatalogSnapshot> {
    this.current = this.build();
    return this.current;
  }

  private async readFingerprint(): Promise<string> {
    const [[p], [c]] = await Promise.all([
      this.db
        .select({ n: count(), at: max(products.updatedAt) })
        .from(products)
        .where(eq(products.isActive, true)),
      this.db.select({ n: count(), at: max(categories.updatedAt) }).from(categories),
    ]);
    return [p?.n, p?.at?.toISOString(), c?.n, c?.at?.toISOString()].join('|');
  }

  private async build(): Promise<CatalogSnapshot> {
    const started = Date.now();
    // Read the fingerprint first: a change during the load triggers another rebuild later.
    this.fingerprint = await this.readFingerprint();
    const snapshot = await loadCatalogSnapshot(this.db);
    this.log.info({ products: snapshot.size, ms: Date.now() - started }, 'catalog index built');
    return snapshot;
  }

  private async refreshIfChanged() {
    const fingerprint = await this.readFingerprint();
    if (fingerprint === this.fingerprint) return;
    const next = await loadCatalogSnapshot(this.db);
    this.fingerprint = fingerprint;
    this.current = Promise.resolve(next);
  }
}
