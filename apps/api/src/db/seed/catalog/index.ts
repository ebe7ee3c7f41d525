import { randomUUID } from 'node:crypto';
import { LOCALES, type ProductSettings } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { categoryIconPath } from '../media/paths';
import type { Db } from '../../client';
import { categories, categoryTranslations, products, settings } from '../../schema';
import { insertProducts } from './bulk-insert';
import { generateProduct, leafPicker } from './products';
import { Random } from './random';
import { flattenTree, type FlatCategory } from './tree';

/** The shop's catalog and cart settings until staff change them. */
export const DEFAULT_PRODUCT_SETTINGS: ProductSettings = {
  min_cart_amount: 150,
  min_cart_quantity: 5,
  low_stock_threshold: 10,
  listing_page_size: 24,
  default_sort: 'best_seller',
  new_arrival_days: 60,
};

export const DEFAULT_CATALOG_SEED = 20_260_101;
/** Products per transaction: large enough to amortise round trips, small enough to stay light. */
const BATCH_SIZE = 1000;

export interface SeedCatalogOptions {
  products: number;
  seed?: number;
  onProgress?: (done: number) => void;
  /** Creation dates count back from this day (default: today, UTC). */
  now?: Date;
}

/** Serialises catalog seeding when several API processes start on one database at once. */
const SEED_LOCK = 0x5eedca7;

/** Inserts the demo category tree, or finds it by English slug when it is already there. */
async function ensureCategories(
  db: Db,
  flat: FlatCategory[],
): Promise<{ ids: string[]; inserted: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await tx.$count(categories)) === 0) {
      const ids = flat.map(() => randomUUID());
      // Parents precede children in `flat`, so one statement satisfies the parent foreign key.
      await tx.insert(categories).values(
        flat.map((c, i) => ({
          id: ids[i],
          parentId: c.parentIndex === null ? null : ids[c.parentIndex],
          position: c.position,
          iconPath: categoryIconPath(c.icon),
        })),
      );
      await tx.insert(categoryTranslations).values(
        flat.flatMap((c, i) =>
          LOCALES.map((locale) => ({
            categoryId: ids[i] as string,
            locale,
            name: c.names[locale],
            slug: c.slugs[locale],
          })),
        ),
      );
      return { ids, inserted: flat.length };
    }
    const rows = await tx
      .select({ id: categoryTranslations.categoryId, slug: categoryTranslations.slug })
      .from(categoryTranslations)
      .where(eq(categoryTranslations.locale, 'en'));
    const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
    const ids = flat.map((c) => {
      const id = bySlug.get(c.slugs.en);
      if (!id) throw new Error(`existing categories lack the demo category '${c.slugs.en}'`);
      return id;
    });
    return { ids, inserted: 0 };
  });
}

/**
 * Seeds a deterministic demo catalog (the same seed gives the same products) and the default
 * product settings. Does nothing when products exist; answers how many rows it created.
 */
export async function seedCatalog(
  db: Db,
  options: SeedCatalogOptions,
): Promise<{ categories: number; products: number }> {
  await db
    .insert(settings)
    .values({ code: 'product_settings', value: DEFAULT_PRODUCT_SETTINGS })
    .onConflictDoNothing();
  if ((await db.$count(products)) > 0) return { categories: 0, products: 0 };

  const flat = flattenTree();
  const { ids, inserted } = await ensureCategories(db, flat);
  const rng = new Random(options.seed ?? DEFAULT_CATALOG_SEED);
  const pickLeaf = leafPicker(flat);
  const now = options.now ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

  for (let done = 0; done < options.products;) {
    const size = Math.min(BATCH_SIZE, options.products - done);
    const batch = Array.from({ length: size }, (_, i) => {
      const serial = done + i + 1;
      return generateProduct(rng, pickLeaf(rng, serial), serial, today);
    });
    await db.transaction((tx) => insertProducts(tx, batch, ids));
    done += size;
    options.onProgress?.(done);
  }
  return { categories: inserted, products: options.products };
}
