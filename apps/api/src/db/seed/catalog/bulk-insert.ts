import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import { products } from '../../schema';
import type { GeneratedProduct } from './products';

/*
 * A batch goes to the database as one JSON parameter per table: binding 20,000 parameters
 * through the query builder took longer than the inserts themselves, and one parameter stays
 * clear of PostgreSQL's 65,535-parameter limit. Translations and category links find their
 * product by SKU, so no ids travel back and forth. A second process seeding the same
 * deterministic batch at the same time conflicts on SKU and skips it.
 */

const productColumns = getTableColumns(products);
type ProductKey = keyof typeof productColumns;

/** Inserts the products of a batch, then their translations and leaf category links. */
export async function insertProducts(
  tx: Tx,
  batch: GeneratedProduct[],
  categoryIds: readonly string[],
): Promise<void> {
  const first = batch[0];
  if (!first) return;
  const keys = Object.keys(first.row) as ProductKey[];
  const columns = sql.raw(keys.map((key) => `"${productColumns[key].name}"`).join(', '));
  const rows = batch.map((p) =>
    Object.fromEntries(keys.map((key) => [productColumns[key].name, p.row[key]])),
  );
  await tx.execute(sql`
    insert into products (${columns})
    select ${columns} from json_populate_recordset(null::products, ${JSON.stringify(rows)}::json)
    on conflict do nothing`);

  const translations = batch.flatMap((p) =>
    p.translations.map((t) => ({
      sku: p.row.sku,
      locale: t.locale,
      title: t.title,
      standout_features: t.standoutFeatures,
    })),
  );
  await tx.execute(sql`
    insert into product_translations (product_id, locale, title, standout_features)
    select p.id, t.locale, t.title, t.standout_features
    from json_to_recordset(${JSON.stringify(translations)}::json)
      as t(sku text, locale text, title text, standout_features text[])
    join products p on p.sku = t.sku
    on conflict do nothing`);

  const links = batch.map((p) => ({ sku: p.row.sku, category_id: categoryIds[p.categoryIndex] }));
  await tx.execute(sql`
    insert into product_categories (product_id, category_id)
    select p.id, t.category_id
    from json_to_recordset(${JSON.stringify(links)}::json) as t(sku text, category_id uuid)
    join products p on p.sku = t.sku
    on conflict do nothing`);
}
