// In-memory catalog build and in-place changes (issue 22, decision 015), on the PostgreSQL
// database of `npm run bench:seed` (DATABASE_URL, 100,000 products), in this process: the time
// to build the whole snapshot, the time its reads alone take, and the time to read and apply
// 1, 100 and 1,000 products in place. Run: DATABASE_URL=postgres://… npm run bench:catalog-build
import { between } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { productCategories, productTranslations } from '../apps/api/src/db/schema';
import {
  loadCatalogSnapshot,
  loadProductRecords,
  readSnapshotBatch,
} from '../apps/api/src/modules/catalog/read-model/memory/snapshot-loader';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) throw new Error('DATABASE_URL (PostgreSQL) is needed');
const { db, close } = await openDatabase(databaseUrl, '.data-bench');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The reads of a build alone, batch by batch as `loadCatalogSnapshot` makes them. */
async function readsAlone(): Promise<number> {
  let rows = 0;
  for (let after: string | null = null; ;) {
    const batch: { id: string }[] = await readSnapshotBatch(db, after, 5_000);
    const [first, last] = [batch[0], batch[batch.length - 1]];
    if (!first || !last) break;
    rows += batch.length;
    await Promise.all([
      db
        .select({
          productId: productTranslations.productId,
          locale: productTranslations.locale,
          title: productTranslations.title,
        })
        .from(productTranslations)
        .where(between(productTranslations.productId, first.id, last.id)),
      db
        .select()
        .from(productCategories)
        .where(between(productCategories.productId, first.id, last.id)),
    ]);
    if (batch.length < 5_000) break;
    after = last.id;
  }
  return rows;
}

try {
  for (let round = 1; round <= 2; round++) {
    let started = performance.now();
    const snapshot = await loadCatalogSnapshot(db);
    const build = performance.now() - started;
    started = performance.now();
    const rows = await readsAlone();
    const reads = performance.now() - started;
    console.log(
      `round ${round}: ${rows.toLocaleString('en')} products built in ${seconds(build)}, its reads alone ${seconds(reads)}`,
    );
    const ids = Array.from({ length: 1_000 }, (_, i) => snapshot.idOf((i * 97) % snapshot.size));
    for (const count of [1, 100, 1_000]) {
      started = performance.now();
      const { records, gone } = await loadProductRecords(db, ids.slice(0, count));
      const read = performance.now() - started;
      started = performance.now();
      snapshot.applyProducts(records, gone);
      const apply = performance.now() - started;
      console.log(
        `  ${count.toLocaleString('en')} products in place: read ${read.toFixed(1)} ms, applied ${apply.toFixed(1)} ms`,
      );
    }
  }
} finally {
  await close();
}
