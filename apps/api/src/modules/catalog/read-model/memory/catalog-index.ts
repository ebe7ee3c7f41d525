import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { preparedSql } from '../../../../db/prepared';
import type { CatalogSnapshot } from './snapshot';
import { loadCatalogSnapshot, loadProductRecords, loadStockNumbers } from './snapshot-loader';

/**
 * Where the database stood at a look: the catalog's structure and products versions (migrations
 * 0011 and 0042) and the oldest transaction still running (`pg_snapshot_xmin`): every change a
 * later look can find that this one could not see was made by a transaction at or after it.
 */
interface Look {
  structure: string;
  products: string;
  xmin: string;
}

/**
 * How often a request may trigger a look at whether the catalog changed (two index lookups): a
 * price or stock change made by another process shows within about a second.
 */
const CHECK_INTERVAL_MS = 1_000;
/** Beyond this many products changed since the last look, every product's numbers are read. */
const MAX_CHANGED_READ_BY_ID = 5_000;
/**
 * Beyond this many products changed in place (texts, categories, activity) since the snapshot
 * was built, the snapshot is built again: each keeps its words in memory, and a built document
 * whose words changed costs every search a little.
 */
const MAX_CHANGED_IN_PLACE = 20_000;

/**
 * Keeps the in-memory catalog snapshot fresh. Any process can change the catalog (several API
 * processes share one database), so each process looks every second at what triggers keep for
 * it (migrations 0011, 0038, 0042), index lookups whatever the catalog's size: a changed
 * structure version (the categories) rebuilds the snapshot in the background while requests
 * keep using the previous one; the products whose texts, pictures, categories or activity
 * changed since the last look (staff, imports) are read by id and applied in place, and so are
 * those whose price, stock or sales numbers changed (orders). The process that changes stock
 * applies it at once with `refreshStock`.
 */
export class CatalogIndex {
  private current: Promise<CatalogSnapshot> | null = null;
  private seen: Look | null = null;
  private checkedAt = 0;
  private refreshing: Promise<void> | null = null;
  /** Counts `rebuild` calls: a background refresh started before one must not replace its result. */
  private rebuilds = 0;
  /** Products whose stock the next read applies; the read waiting to start; the last one. */
  private readonly stockWanted = new Set<string>();
  private nextStockRead: Promise<void> | null = null;
  private stockRead: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The current snapshot; the first call builds it. */
  /** Milliseconds since the snapshot was last found current; null before the first snapshot. */
  checkedAgoMs(): number | null {
    return this.checkedAt === 0 ? null : Date.now() - this.checkedAt;
  }

  async snapshot(): Promise<CatalogSnapshot> {
    if (!this.current) this.current = this.build(null);
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

  /**
   * A write in this process changed the catalog: looks now rather than at the next request's
   * check; the new snapshot is built in the background as after any look.
   */
  lookNow(): void {
    this.checkedAt = 0;
    if (this.current) void this.snapshot();
  }

  /** Rebuilds now and waits for it: after a write whose effect must show at once. */
  async rebuild(): Promise<CatalogSnapshot> {
    this.rebuilds++;
    this.current = this.build(this.current);
    return this.current;
  }

  /**
   * Applies the current stock and sales numbers of these products to the snapshot now. Calls
   * made while a read is under way share one read after it: orders placed at the same time ask
   * the database once, not once each, and an older read never lands after a newer one.
   */
  refreshStock(productIds: string[]): Promise<void> {
    if (!this.current || productIds.length === 0) return Promise.resolve();
    for (const id of productIds) this.stockWanted.add(id);
    if (!this.nextStockRead) {
      const read = this.stockRead.then(() => this.readWantedStock());
      this.nextStockRead = read;
      this.stockRead = read.catch(() => undefined);
    }
    return this.nextStockRead;
  }

  private async readWantedStock(): Promise<void> {
    this.nextStockRead = null;
    const productIds = [...this.stockWanted];
    this.stockWanted.clear();
    const snapshot = await this.current;
    if (!snapshot) return;
    for (const { id, ...numbers } of await loadStockNumbers(this.db, productIds)) {
      snapshot.setStock(id, numbers);
    }
  }

  private look(): Promise<Look> {
    const statement = preparedSql<Look>(
      this.db,
      'catalog_look',
      () => sql`select structure::text as structure, products::text as products,
        pg_snapshot_xmin(pg_current_snapshot())::text as xmin
        from catalog_version where id = 1`,
    );
    return statement({}).then(([row]) => row ?? { structure: '', products: '', xmin: '0' });
  }

  /** Products whose texts, categories or activity were changed by transactions at or after `xmin`. */
  private async productsChangedSince(xmin: string): Promise<string[]> {
    const statement = preparedSql<{ id: string }>(
      this.db,
      'catalog_product_changes',
      () => sql`select product_id as id from catalog_product_changes
        where xid >= ${sql.placeholder('xmin')}::bigint`,
    );
    return (await statement({ xmin })).map((row) => row.id);
  }

  /** Products whose stock or sales numbers were changed by transactions at or after `xmin`. */
  private async changedSince(xmin: string): Promise<string[]> {
    const statement = preparedSql<{ id: string }>(
      this.db,
      'catalog_stock_changes',
      () => sql`select product_id as id from product_stock_changes
        where xid >= ${sql.placeholder('xmin')}::bigint`,
    );
    return (await statement({ xmin })).map((row) => row.id);
  }

  /**
   * Loads a new snapshot. A failed build is not kept: the snapshot before it (`previous`) stays
   * in use, or, with none, the next call builds again instead of failing until a restart.
   */
  private build(previous: Promise<CatalogSnapshot> | null): Promise<CatalogSnapshot> {
    const building = this.load();
    building.catch((error: unknown) => {
      if (this.current !== building) return;
      this.log.error({ err: error }, 'catalog index build failed');
      this.current = previous;
    });
    return building;
  }

  private async load(): Promise<CatalogSnapshot> {
    const started = Date.now();
    // Looked at first: what changes while the snapshot loads is found by the next look.
    const seen = await this.look();
    const snapshot = await loadCatalogSnapshot(this.db);
    this.seen = seen;
    this.log.info({ products: snapshot.size, ms: Date.now() - started }, 'catalog index built');
    return snapshot;
  }

  /** Looks at what changed since the last look and applies it (every couple of seconds). */
  async refreshIfChanged(): Promise<void> {
    const seen = this.seen;
    if (!seen || !this.current) return;
    const rebuilds = this.rebuilds;
    const now = await this.look();
    const structureChanged = now.structure !== seen.structure;
    const products =
      structureChanged || now.products === seen.products
        ? []
        : await this.productsChangedSince(seen.xmin);
    const snapshot = await this.current;
    if (structureChanged || snapshot.changedProducts + products.length > MAX_CHANGED_IN_PLACE) {
      const next = await loadCatalogSnapshot(this.db);
      // A rebuild since this look holds a newer snapshot: this one would take the catalog back.
      if (rebuilds !== this.rebuilds) return;
      this.seen = now;
      this.current = Promise.resolve(next);
      return;
    }
    // All at once: each application makes every cached answer be computed again.
    if (products.length) {
      const { records, gone } = await loadProductRecords(this.db, products);
      snapshot.applyProducts(records, gone);
    }
    const changed = await this.changedSince(seen.xmin);
    if (changed.length) {
      const numbers = await loadStockNumbers(
        this.db,
        changed.length > MAX_CHANGED_READ_BY_ID ? undefined : changed,
      );
      for (const { id, ...stock } of numbers) snapshot.setStock(id, stock);
    }
    this.seen = now;
  }
}
