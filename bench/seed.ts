// Seeds the benchmark data set: BENCH_PRODUCTS (default 100,000) demo catalog products and the
// demo accounts, into DATABASE_URL (PostgreSQL) when set, else into an embedded PGlite in
// DATA_DIR (default .data-bench). Migrates first; does nothing to a catalog that has products.
// Run: npm run bench:seed
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { seedCatalog } from '../apps/api/src/db/seed/catalog';
import { seedDemo } from '../apps/api/src/db/seed/demo';

const total = Number(process.env.BENCH_PRODUCTS ?? 100_000);
if (!Number.isInteger(total) || total < 1)
  throw new Error('BENCH_PRODUCTS must be a positive integer');

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? '.data-bench' });
mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(config.databaseUrl, config.dataDir);
const target = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
console.log(`seeding ${total.toLocaleString('en')} products into ${target}`);
await database.migrate();
if (await seedDemo(database.db, config.scryptCostLog2)) console.log('demo accounts seeded');

const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const step = Math.max(1000, Math.round(total / 20 / 1000) * 1000);
const result = await seedCatalog(database.db, {
  products: total,
  onProgress: (done) => {
    if (done % step === 0 || done === total) {
      const rate = Math.round(done / elapsed());
      console.log(`  ${done.toLocaleString('en')} products, ${elapsed().toFixed(1)} s (${rate}/s)`);
    }
  },
});
if (result.products === 0) {
  console.log(
    'the catalog already has products: nothing seeded (use a fresh DATA_DIR or database)',
  );
} else {
  console.log(
    `seeded ${result.categories} categories and ${result.products.toLocaleString('en')} products ` +
      `in ${elapsed().toFixed(1)} s`,
  );
  // Planner statistics now, as autovacuum would gather them in time (it may be off, as in CI).
  await database.db.execute(
    sql`analyze products, product_translations, product_categories, categories, category_translations,
      product_search, catalog_words`,
  );
}
await database.close();
