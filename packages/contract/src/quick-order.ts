import { z } from 'zod';
import { CART_MAX_LINE_QUANTITY } from './constants';
import { productListItemSchema } from './catalog';

/** The most lines one quick order checks or adds at once. */
export const QUICK_ORDER_MAX_LINES = 500;
/** The longest SKU or reference a line may name. */
export const QUICK_ORDER_CODE_MAX_LENGTH = 64;
/** The largest file a quick order reads (a CSV of 500 lines is far smaller). */
export const QUICK_ORDER_FILE_MAX_BYTES = 1024 * 1024;

/** One line as the buyer typed, pasted or uploaded it: a SKU (or reference) and a quantity. */
export const quickOrderLineSchema = z.strictObject({
  sku: z.string().trim().min(1).max(QUICK_ORDER_CODE_MAX_LENGTH),
  quantity: z.number().int().min(1).max(CART_MAX_LINE_QUANTITY),
});
export type QuickOrderLine = z.infer<typeof quickOrderLineSchema>;

/** `POST /quick-order/check` and `POST /quick-order/add-to-cart`. */
export const quickOrderRequestSchema = z.strictObject({
  lines: z.array(quickOrderLineSchema).min(1).max(QUICK_ORDER_MAX_LINES),
});
export type QuickOrderRequest = z.infer<typeof quickOrderRequestSchema>;

/**
 * What a line turned out to be: `found` (can be added as asked), `unknown` (no product has this
 * SKU or reference), `inactive` (no longer sold), `short` (less stock than asked, beside what the
 * cart already holds).
 */
export const QUICK_ORDER_STATUSES = ['found', 'unknown', 'inactive', 'short'] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];

export const quickOrderSuggestionSchema = z.object({ sku: z.string(), name: z.string() });

/** One checked line; lines naming the same product are merged into the first of them. */
export const quickOrderOutcomeSchema = z.object({
  /** The request's line numbers (from 1) this outcome stands for: several when merged. */
  rows: z.array(z.number().int()),
  /** The code as the buyer gave it. */
  sku: z.string(),
  /** The quantity asked, summed over merged lines. */
  quantity: z.number().int(),
  status: z.enum(QUICK_ORDER_STATUSES),
  /** The product (title, price, stock, picture) when one was found, active or not. */
  product: productListItemSchema.nullable(),
  /** How many more of it the cart can take now (stock less what the cart holds). */
  available: z.number().int(),
  /** How many of it the cart holds already. */
  in_cart: z.number().int(),
  /** For an unknown code: the shop's search on it ('did you mean'). */
  suggestions: z.array(quickOrderSuggestionSchema),
});
export type QuickOrderOutcome = z.infer<typeof quickOrderOutcomeSchema>;

export const quickOrderCheckResponseSchema = z.object({
  lines: z.array(quickOrderOutcomeSchema),
  /** Every line is `found`: 'Add all to cart' can go ahead. */
  ready: z.boolean(),
  /** The found lines at today's prices, in euros, before VAT. */
  subtotal: z.number(),
});
export type QuickOrderCheckResponse = z.infer<typeof quickOrderCheckResponseSchema>;

/**
 * Why a pasted or uploaded line cannot become a quick order line: a quantity with decimals, a
 * quantity that is not a positive whole number, no code, or a cell that is a formula.
 */
export const QUICK_ORDER_ROW_PROBLEMS = ['decimal', 'quantity', 'sku', 'formula'] as const;
export type QuickOrderRowProblem = (typeof QUICK_ORDER_ROW_PROBLEMS)[number];

/** A line read from pasted text or a file, with its problem when it has one. */
export const quickOrderRowSchema = z.object({
  /** The line number in the text or sheet (from 1, the header row counted). */
  line: z.number().int(),
  sku: z.string(),
  /** The quantity as written (kept so the buyer can mend it). */
  quantity: z.string(),
  problem: z.enum(QUICK_ORDER_ROW_PROBLEMS).nullable(),
});
export type QuickOrderRow = z.infer<typeof quickOrderRowSchema>;

/** `POST /quick-order/read-file`: the lines of an uploaded CSV or XLSX file. */
export const quickOrderFileResponseSchema = z.object({ rows: z.array(quickOrderRowSchema) });

const HEADER_WORDS = {
  sku: [
    'sku',
    'code',
    'article',
    'artikel',
    'artikelnummer',
    'artículo',
    'articolo',
    'référence',
    'reference',
    'referencia',
    'riferimento',
    'product',
    'produit',
    'producto',
    'prodotto',
  ],
  quantity: [
    'quantity',
    'qty',
    'quantité',
    'quantite',
    'cantidad',
    'menge',
    'anzahl',
    'aantal',
    'hoeveelheid',
    'quantità',
    'quantita',
  ],
};

const FORMULA_START = /^[=+@]/;

/** A quantity cell as a whole number from 1, or why it is not one (empty means 1). */
export function readOrderQuantity(cell: string): number | QuickOrderRowProblem {
  const text = cell.trim().replace(/\s/g, '');
  if (text === '') return 1;
  if (FORMULA_START.test(text)) return 'formula';
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    return value >= 1 && value <= CART_MAX_LINE_QUANTITY ? value : 'quantity';
  }
  // 2.0 and 2,00 are whole numbers as spreadsheets write them; 2.5 is not.
  const decimal = /^(\d+)[.,](\d+)$/.exec(text);
  if (decimal)
    return /^0+$/.test(decimal[2] ?? '') ? readOrderQuantity(decimal[1] ?? '') : 'decimal';
  return 'quantity';
}

/** The column of a header row whose name is one of `words`, or -1. */
function columnOf(header: string[], words: string[]): number {
  return header.findIndex((cell) => words.includes(cell.trim().toLowerCase()));
}

/** A row naming its columns (SKU, Qty…), or whose quantity column holds words, not a number. */
function isHeader(cells: string[]): boolean {
  const named =
    columnOf(cells, HEADER_WORDS.sku) >= 0 || columnOf(cells, HEADER_WORDS.quantity) >= 0;
  const quantity = (cells[1] ?? '').trim();
  return named || (quantity !== '' && !/\d/.test(quantity));
}

/**
 * Spreadsheet rows (cells as text) as quick order lines. A first row whose quantity is not a
 * number is a header: its column names (SKU, Qty, Menge, Quantité…) pick the columns, else the
 * code is the first column and the quantity the second. Empty rows are skipped. Reads at most
 * `maxRows` lines and one more, so a caller can tell the text is too long.
 */
export function readOrderRows(
  records: string[][],
  maxRows: number = QUICK_ORDER_MAX_LINES,
): QuickOrderRow[] {
  let skuColumn = 0;
  let quantityColumn = 1;
  let headerRead = false;
  const rows: QuickOrderRow[] = [];
  records.forEach((cells, index) => {
    if (rows.length > maxRows) return;
    if (cells.every((cell) => cell.trim() === '')) return;
    if (rows.length === 0 && !headerRead && isHeader(cells)) {
      headerRead = true;
      const sku = columnOf(cells, HEADER_WORDS.sku);
      const quantity = columnOf(cells, HEADER_WORDS.quantity);
      skuColumn = sku >= 0 ? sku : quantity === 0 ? 1 : 0;
      quantityColumn = quantity >= 0 ? quantity : skuColumn === 1 ? 0 : 1;
      return;
    }
    const sku = (cells[skuColumn] ?? '').trim();
    const quantityCell = (cells[quantityColumn] ?? '').trim();
    const quantity = readOrderQuantity(quantityCell);
    const problem: QuickOrderRowProblem | null =
      sku === ''
        ? 'sku'
        : FORMULA_START.test(sku)
          ? 'formula'
          : typeof quantity === 'number'
            ? null
            : quantity;
    rows.push({
      line: index + 1,
      sku,
      quantity: typeof quantity === 'number' ? String(quantity) : quantityCell,
      problem,
    });
  });
  return rows;
}

/** Splits one line of a CSV or TSV on `separator`, honouring double quotes. */
function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/**
 * Text pasted from a spreadsheet or read from a CSV file as quick order lines: tab, semicolon or
 * comma separated (the first of these its first lines use), or a code and a quantity separated by
 * spaces as typed by hand; with or without a header row.
 */
export function readOrderText(
  text: string,
  maxRows: number = QUICK_ORDER_MAX_LINES,
): QuickOrderRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const sample = lines.filter((line) => line.trim() !== '').slice(0, 20);
  const separator =
    ['\t', ';', ','].find((candidate) => sample.some((line) => line.includes(candidate))) ??
    (sample.some((line) => /\S\s+\d\S*\s*$/.test(line)) ? ' ' : '\t');
  const records = lines.map((line) =>
    separator === ' ' ? splitSpaced(line) : splitLine(line, separator),
  );
  return readOrderRows(records, maxRows);
}

/** `SKU 12` typed by hand: the last word is the quantity. */
function splitSpaced(line: string): string[] {
  const match = /^(.*\S)\s+(\S+)\s*$/.exec(line.trim());
  return match ? [match[1] ?? '', match[2] ?? ''] : [line];
}
