import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import {
  DEFAULT_LOCALE,
  PRODUCT_IMPORT_COLUMNS,
  type StaffProductListQuery,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BOM, csvLines, type CsvValue } from '../../platform/csv';
import { fromCents } from '../../platform/money';
import { listConditions } from './staff-products';

const EXPORT_PAGE_SIZE = 1_000;

type ExportQuery = Pick<
  StaffProductListQuery,
  'q' | 'category' | 'manufacturer' | 'stock' | 'active'
>;

interface ExportRow {
  sku: string;
  reference: string;
  ean: string | null;
  texts: Record<string, { title: string; description: string }> | null;
  price_cents: number;
  quantity: number;
  manufacturer: string;
  category: string | null;
  state: string;
  warranty_months: number;
  weight_grams: number;
  box_width_mm: number;
  box_height_mm: number;
  box_length_mm: number;
  is_active: boolean;
}

/**
 * The filtered catalog in pages of 1,000 by SKU (keyset: each page is one index range), as rows
 * of the import's columns: an export can be changed in a spreadsheet and imported back.
 */
async function* exportPages(
  db: Db,
  query: ExportQuery,
  lowStock: number,
): AsyncGenerator<CsvValue[][]> {
  const conditions = await listConditions(db, query, lowStock);
  const search = query.q ? sql`join product_search s on s.product_id = p.id` : sql``;
  let after = '';
  for (;;) {
    const where = sql.join([...conditions, sql`p.sku > ${after}`], sql` and `);
    const { rows } = (await db.execute(sql`
      select p.sku, p.reference, p.ean, p.price_cents, p.quantity, p.manufacturer, p.state,
        p.warranty_months, p.weight_grams, p.box_width_mm, p.box_height_mm, p.box_length_mm,
        p.is_active,
        (select json_object_agg(t.locale, json_build_object('title', t.title,
            'description', t.description))
          from product_translations t where t.product_id = p.id) as texts,
        (select ct.slug from product_categories pc
          join category_translations ct on ct.category_id = pc.category_id
            and ct.locale = ${DEFAULT_LOCALE}
          where pc.product_id = p.id order by ct.slug limit 1) as category
      from products p ${search}
      where ${where}
      order by p.sku
      limit ${EXPORT_PAGE_SIZE}`)) as unknown as { rows: ExportRow[] };
    if (rows.length === 0) return;
    yield rows.map((row) =>
      PRODUCT_IMPORT_COLUMNS.map((column): CsvValue => {
        if (column.startsWith('title_') || column.startsWith('description_')) {
          const [kind, locale] = column.split('_') as ['title' | 'description', string];
          return row.texts?.[locale]?.[kind] ?? '';
        }
        switch (column) {
          case 'price':
            return fromCents(row.price_cents).toFixed(2);
          case 'stock':
            return row.quantity;
          case 'active':
            return row.is_active ? 'yes' : 'no';
          default:
            return row[column as keyof ExportRow] as CsvValue;
        }
      }),
    );
    const last = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    after = last.sku;
  }
}

/**
 * `GET /admin/products/export.csv`: the filtered catalog as CSV (UTF-8 with BOM, the import's
 * columns, cells that would start a formula escaped), one chunk per page.
 */
export async function* exportProductsCsv(
  db: Db,
  query: ExportQuery,
  lowStock: number,
): AsyncGenerator<string> {
  yield BOM + csvLines([[...PRODUCT_IMPORT_COLUMNS]]);
  for await (const page of exportPages(db, query, lowStock)) yield csvLines(page);
}

/** Cells a spreadsheet would run as a formula stay text (OWASP CSV injection). */
const safeCell = (value: CsvValue) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/**
 * `GET /admin/products/export.xlsx`: the same as a spreadsheet, written row by row by exceljs's
 * streaming writer; a page waits until the answer took the one before.
 */
export function exportProductsXlsx(db: Db, query: ExportQuery, lowStock: number): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PRODUCT_IMPORT_COLUMNS.map((key) => ({
    header: key,
    key,
    width: key.startsWith('description_') ? 40 : key.startsWith('title_') ? 32 : 14,
  }));
  const numeric = new Set([
    'stock',
    'warranty_months',
    'weight_grams',
    'box_width_mm',
    'box_height_mm',
    'box_length_mm',
  ]);
  const write = async () => {
    for await (const page of exportPages(db, query, lowStock)) {
      for (const row of page) {
        sheet
          .addRow(
            row.map((cell, index) => {
              const column = PRODUCT_IMPORT_COLUMNS[index] ?? '';
              if (column === 'price') return Number(cell);
              return numeric.has(column) ? cell : safeCell(cell);
            }),
          )
          .commit();
      }
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
