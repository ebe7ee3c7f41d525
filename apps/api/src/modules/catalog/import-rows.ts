import {
  DEFAULT_LOCALE,
  LOCALES,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_LIMITS,
  PRODUCT_STATES,
  readDecimal,
  type ImportOutcome,
  type ImportReport,
  type ImportRowReport,
  type Locale,
  type ProductImportColumn,
} from '@portal/contract';
import { setImmediate } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  categoryTranslations,
  productCategories,
  productTranslations,
  products,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import { t, type MessageKey } from '../../platform/i18n';
import { slugify } from '../../platform/slug';
import type { Sheet, SheetProblem } from '../../platform/spreadsheets';

/** A checked row of a file: the values of the columns present (empty cells change nothing). */
export interface ImportRow {
  line: number;
  sku: string;
  /** Set when the row creates a product. */
  slug?: string;
  priceCents?: number;
  quantity?: number;
  reference?: string;
  ean?: string;
  manufacturer?: string;
  state?: string;
  warrantyMonths?: number;
  weightGrams?: number;
  boxWidthMm?: number;
  boxHeightMm?: number;
  boxLengthMm?: number;
  isActive?: boolean;
  categoryId?: string;
  titles?: Partial<Record<Locale, string>>;
  descriptions?: Partial<Record<Locale, string>>;
}

type Problem = { column: string; key: MessageKey; vars?: Record<string, string | number> };

const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const INTEGER_COLUMNS = {
  stock: 'quantity',
  warranty_months: 'warrantyMonths',
  weight_grams: 'weightGrams',
  box_width_mm: 'boxWidthMm',
  box_height_mm: 'boxHeightMm',
  box_length_mm: 'boxLengthMm',
} as const;
const TEXT_COLUMNS = { reference: ['reference', 64], manufacturer: ['manufacturer', 100] } as const;
/** What a new product cannot do without. */
const NEEDED_FOR_NEW = ['reference', 'title_en', 'price', 'manufacturer', 'category'] as const;

function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['yes', 'true', '1'].includes(value)) return true;
  if (['no', 'false', '0'].includes(value)) return false;
  return null;
}

/** Checks one row's cells: its values, or the problems of its columns. */
function checkCells(
  cells: Partial<Record<ProductImportColumn, string>>,
  categoryBySlug: Map<string, string>,
): { row: Omit<ImportRow, 'line' | 'sku'>; problems: Problem[] } {
  const row: Omit<ImportRow, 'line' | 'sku'> = {};
  const problems: Problem[] = [];
  for (const [column, raw] of Object.entries(cells) as [ProductImportColumn, string][]) {
    const text = raw.trim();
    if (column === 'sku' || text === '') continue;
    if (text.startsWith('=')) {
      problems.push({ column, key: 'import.formula' });
      continue;
    }
    if (column === 'price') {
      const price = readDecimal(text);
      const cents = price === null ? NaN : Math.round(price * 100);
      if (
        price === null ||
        price < 0 ||
        price > 1_000_000 ||
        Math.abs(cents - price * 100) > 1e-6
      ) {
        problems.push({ column, key: 'import.not_number' });
      } else row.priceCents = cents;
    } else if (column in INTEGER_COLUMNS) {
      const value = readDecimal(text);
      if (value === null || !Number.isInteger(value) || value < 0 || value > 10_000_000) {
        problems.push({ column, key: 'import.not_whole' });
      } else row[INTEGER_COLUMNS[column as keyof typeof INTEGER_COLUMNS]] = value;
    } else if (column in TEXT_COLUMNS) {
      const [field, max] = TEXT_COLUMNS[column as keyof typeof TEXT_COLUMNS];
      if (text.length > max) problems.push({ column, key: 'validation.too_long', vars: { max } });
      else row[field] = text;
    } else if (column === 'ean') {
      if (!/^\d{8,14}$/.test(text)) problems.push({ column, key: 'validation.invalid' });
      else row.ean = text;
    } else if (column === 'state') {
      if (!(PRODUCT_STATES as readonly string[]).includes(text.toLowerCase())) {
        problems.push({ column, key: 'validation.invalid_choice' });
      } else row.state = text.toLowerCase();
    } else if (column === 'active') {
      const value = parseBoolean(text);
      if (value === null) problems.push({ column, key: 'import.not_yes_no' });
      else row.isActive = value;
    } else if (column === 'category') {
      const id = categoryBySlug.get(text.toLowerCase());
      if (!id) problems.push({ column, key: 'import.unknown_category' });
      else row.categoryId = id;
    } else {
      const [kind, locale] = column.split('_') as ['title' | 'description', Locale];
      const max = kind === 'title' ? 300 : 10_000;
      if (text.length > max) problems.push({ column, key: 'validation.too_long', vars: { max } });
      else if (kind === 'title') row.titles = { ...row.titles, [locale]: text };
      else row.descriptions = { ...row.descriptions, [locale]: text };
    }
  }
  return { row, problems };
}

/** The file's problem as the form's error on `file`, in the staff member's language. */
export function fileProblem(locale: Locale, key: MessageKey, vars = {}, status = 400) {
  return new AppError(
    'VALIDATION_ERROR',
    'errors.validation_failed',
    {},
    [{ field: 'file', message: t(locale, key, vars) }],
    status,
  );
}

const SHEET_PROBLEMS: Record<SheetProblem, MessageKey> = {
  unreadable: 'import.file_unreadable',
  empty: 'import.file_empty',
  too_many_rows: 'validation.csv_too_many_rows',
};

/** A sheet read from a file, or its problem as a VALIDATION_ERROR on `file`. */
export function sheetOrThrow(sheet: Sheet | SheetProblem, locale: Locale): Sheet {
  if (typeof sheet !== 'string') return sheet;
  throw fileProblem(locale, SHEET_PROBLEMS[sheet], { max: PRODUCT_IMPORT_LIMITS.maxRows });
}

/** What a product is now, for the columns a file may change. */
interface Current {
  id: string;
  priceCents: number;
  quantity: number;
  reference: string;
  ean: string | null;
  manufacturer: string;
  state: string;
  warrantyMonths: number;
  weightGrams: number;
  boxWidthMm: number;
  boxHeightMm: number;
  boxLengthMm: number;
  isActive: boolean;
  categoryIds: string[];
  texts: Partial<Record<Locale, { title: string; description: string }>>;
}

/**
 * The products of these SKUs as they are now, by SKU; their texts and categories only when the
 * file changes them (a price and stock file of 100,000 rows reads no texts).
 */
export async function currentProducts(
  db: Executor,
  skus: string[],
  needs: { texts: boolean; categories: boolean },
): Promise<Map<string, Current>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      priceCents: products.priceCents,
      quantity: products.quantity,
      reference: products.reference,
      ean: products.ean,
      manufacturer: products.manufacturer,
      state: products.state,
      warrantyMonths: products.warrantyMonths,
      weightGrams: products.weightGrams,
      boxWidthMm: products.boxWidthMm,
      boxHeightMm: products.boxHeightMm,
      boxLengthMm: products.boxLengthMm,
      isActive: products.isActive,
      categoryIds: needs.categories
        ? sql<string[]>`array(select c.category_id::text from ${productCategories} c
            where c.product_id = ${products.id} order by 1)`
        : sql<string[]>`'{}'::text[]`,
      texts: needs.texts
        ? sql<{ locale: Locale; title: string; description: string }[]>`coalesce((
            select json_agg(json_build_object('locale', t.locale, 'title', t.title,
              'description', t.description)) from ${productTranslations} t
            where t.product_id = ${products.id}), '[]'::json)`
        : sql<{ locale: Locale; title: string; description: string }[]>`'[]'::json`,
    })
    .from(products)
    .where(inArray(products.sku, skus));
  return new Map(
    rows.map(({ sku, texts, ...row }) => [
      sku,
      { ...row, texts: Object.fromEntries(texts.map((text) => [text.locale, text])) },
    ]),
  );
}

const SCALARS = [
  'priceCents',
  'quantity',
  'reference',
  'ean',
  'manufacturer',
  'state',
  'warrantyMonths',
  'weightGrams',
  'boxWidthMm',
  'boxHeightMm',
  'boxLengthMm',
  'isActive',
] as const;

/** Whether a checked row would change the product as it is now. */
export function changes(row: ImportRow, current: Current): boolean {
  if (SCALARS.some((key) => row[key] !== undefined && row[key] !== current[key])) return true;
  if (
    row.categoryId &&
    (current.categoryIds.length !== 1 || current.categoryIds[0] !== row.categoryId)
  ) {
    return true;
  }
  return LOCALES.some((locale) => {
    const title = row.titles?.[locale];
    const description = row.descriptions?.[locale];
    const text = current.texts[locale];
    return (
      (title !== undefined && title !== text?.title) ||
      // A description for a language without a title is kept only once it has one.
      (description !== undefined && text !== undefined && description !== text.description)
    );
  });
}

async function categoriesBySlug(db: Executor): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: categoryTranslations.categoryId, slug: categoryTranslations.slug })
    .from(categoryTranslations)
    .where(eq(categoryTranslations.locale, DEFAULT_LOCALE));
  return new Map(rows.map((row) => [row.slug.toLowerCase(), row.id]));
}

/** A checked file: its kind, its columns, the report of every row, and the rows to apply. */
export interface CheckedFile {
  kind: 'products' | 'stock';
  columns: string[];
  report: ImportReport;
  rows: (ImportRow & { outcome: Exclude<ImportOutcome, 'error'> })[];
}

const CHECK_CHUNK = 5_000;
const YIELD_EVERY = 2_000;

/**
 * Checks every row of a sheet against the contract's rules and the catalog as it is: what each
 * row would do (create, update, leave unchanged) or why it cannot (each error with its column,
 * in the staff member's language). A sheet without a `sku` column, or with unknown columns, is
 * refused as a whole.
 */
export async function checkSheet(db: Executor, sheet: Sheet, locale: Locale): Promise<CheckedFile> {
  const columns = sheet.columns;
  const unknown = columns.filter(
    (column) => !(PRODUCT_IMPORT_COLUMNS as readonly string[]).includes(column),
  );
  if (!columns.includes('sku')) throw fileProblem(locale, 'import.no_sku_column');
  if (unknown.length) {
    throw fileProblem(locale, 'import.unknown_columns', { columns: unknown.join(', ') });
  }
  const kind = columns.every((column) => column === 'sku' || column === 'stock')
    ? 'stock'
    : 'products';
  const categoryBySlug = await categoriesBySlug(db);
  const seen = new Map<string, number>();
  const checked: {
    line: number;
    sku: string;
    row: Omit<ImportRow, 'line' | 'sku'>;
    problems: Problem[];
  }[] = [];
  for (const [index, { line, cells }] of sheet.rows.entries()) {
    // Long files are checked in slices: requests keep being answered meanwhile.
    if (index % YIELD_EVERY === YIELD_EVERY - 1) await setImmediate();
    const named = Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
    const sku = (named.sku ?? '').trim();
    const { row, problems } = checkCells(named, categoryBySlug);
    if (!sku || sku.length > 64 || !SKU_PATTERN.test(sku)) {
      problems.unshift({ column: 'sku', key: sku ? 'validation.invalid' : 'validation.required' });
    } else if (seen.has(sku.toUpperCase())) {
      problems.unshift({
        column: 'sku',
        key: 'import.duplicate_sku',
        vars: { row: seen.get(sku.toUpperCase()) ?? 0 },
      });
    } else seen.set(sku.toUpperCase(), line);
    checked.push({ line, sku, row, problems });
  }

  const needs = {
    texts: columns.some(
      (column) => column.startsWith('title_') || column.startsWith('description_'),
    ),
    categories: columns.includes('category'),
  };
  const current = new Map<string, Current>();
  const skus = checked.filter((item) => item.problems.length === 0).map((item) => item.sku);
  for (let start = 0; start < skus.length; start += CHECK_CHUNK) {
    const chunk = skus.slice(start, start + CHECK_CHUNK);
    for (const [sku, product] of await currentProducts(db, chunk, needs)) {
      current.set(sku, product);
    }
  }
  const reports: ImportRowReport[] = [];
  const rows: CheckedFile['rows'] = [];
  const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
  for (const { line, sku, row, problems } of checked) {
    const existing = current.get(sku);
    if (!existing && problems.length === 0) {
      for (const column of NEEDED_FOR_NEW) {
        if (!columns.includes(column) || !gives(row, column)) {
          problems.push({ column, key: 'import.required_new' });
        }
      }
    }
    if (problems.length) {
      counts.error += 1;
      reports.push({
        row: line,
        sku,
        outcome: 'error',
        errors: problems.map((problem) => ({
          column: problem.column,
          message: t(locale, problem.key, problem.vars ?? {}),
        })),
      });
      continue;
    }
    const outcome = !existing
      ? 'created'
      : changes({ line, sku, ...row }, existing)
        ? 'updated'
        : 'unchanged';
    counts[outcome] += 1;
    reports.push({ row: line, sku, outcome, errors: [] });
    rows.push({
      line,
      sku,
      ...row,
      ...(outcome === 'created'
        ? { slug: `${slugify(row.titles?.en ?? sku)}-${sku.toLowerCase()}` }
        : {}),
      outcome,
    });
  }
  const errorsFirst = [
    ...reports.filter((report) => report.outcome === 'error'),
    ...reports.filter((report) => report.outcome !== 'error'),
  ].slice(0, PRODUCT_IMPORT_LIMITS.reportRows);
  return {
    kind,
    columns,
    report: { kind, columns, total: checked.length, counts, rows: errorsFirst },
    rows,
  };
}

/** Whether a row gives the column a new product needs. */
function gives(row: Omit<ImportRow, 'line' | 'sku'>, column: (typeof NEEDED_FOR_NEW)[number]) {
  if (column === 'title_en') return row.titles?.en !== undefined;
  if (column === 'price') return row.priceCents !== undefined;
  if (column === 'category') return row.categoryId !== undefined;
  return row[column] !== undefined;
}
