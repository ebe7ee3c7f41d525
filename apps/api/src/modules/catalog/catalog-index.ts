import type { FastifyBaseLogger } from 'fastify';
import { count, eq, max, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { type CatalogSnapshot, loadCatalogSnapshot, loadStockNumbers } from './catalog-snapshot';

/** What the snapshot was built from: its structure (rebuild) and its stock (update in place). */
interface Fingerprint {
  structure: string;
  stock: string;
}

/** How often a request may trigger a look at whether the catalog changed. */
const CHECK_INTERVAL_MS = 2_000;

/**
 * Keeps the in-memory catalog snapshot fresh. Any process can change the catalog (several API
 * processes share one database), so each process compares a cheap fingerprint of the tables
 * every couple of seconds: a changed product text, price or category rebuilds the snapshot in
 * the background while requests keep using the previous one; changed stock or sales numbers
 * (orders) are read and applied in place. The process that changes stock applies it at once
 * with `refreshStock`.
 */
export class CatalogIndex {
  private current: Promise<CatalogSnapshot> | null = null;
  private fingerprint: Fingerprint | null = null;
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

  /** Applies the current stock and sales numbers of these products to the snapshot now. */
  async refreshStock(productIds: string[]): Promise<void> {
    if (!this.current || productIds.length === 0) return;
    const snapshot = await this.current;
    for (const { id, ...numbers } of await loadStockNumbers(this.db, productIds)) {
      snapshot.setStock(id, numbers);
    }
  }

  private async readFingerprint(): Promise<Fingerprint> {
    const [[p], [c]] = await Promise.all([
      this.db
        .select({
          n: count(),
          at: max(products.updatedAt),
          quantity: sum(products.quantity),
          inStock: sql<string>`count(*) filter (where ${products.isInStock})`,
          buyers: sum(products.buyers),
        })
        .from(products)
        .where(eq(products.isActive, true)),
      this.db.select({ n: count(), at: max(categories.updatedAt) }).from(categories),
    ]);
    return {
      structure: [p?.n, p?.at?.toISOString(), c?.n, c?.at?.toISOString()].join('|'),
      stock: [p?.quantity, p?.inStock, p?.buyers].join('|'),
    };
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
    if (fingerprint.structure !== this.fingerprint?.structure) {
      const next = await loadCatalogSnapshot(this.db);
      this.fingerprint = fingerprint;
      this.current = Promise.resolve(next);
    } else if (fingerprint.stock !== this.fingerprint.stock && this.current) {
      const snapshot = await this.current;
      for (const { id, ...numbers } of await loadStockNumbers(this.db)) {
        snapshot.setStock(id, numbers);
      }
      this.fingerprint = fingerprint;
    }
  }
}
