/** A price of a list as the screen edits it: SKU, from how many units, euros. */
export interface PriceRow {
  sku: string;
  min_quantity: number | string;
  price: number | string;
}

export const PRICE_CSV_HEADER = 'sku,min_quantity,price';

/**
 * Reads a price list's CSV: `sku,min_quantity,price` (a header line is skipped), commas or
 * semicolons between fields, a decimal comma accepted with semicolons (as spreadsheets in much
 * of Europe write it). Empty lines are left out; what the server refuses is named on its row.
 */
export function readPriceCsv(text: string): PriceRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const separator = (lines[0] ?? '').includes(';') ? ';' : ',';
  return lines
    .map((line) => line.split(separator).map((field) => field.trim().replace(/^"(.*)"$/, '$1')))
    .filter(([sku]) => sku && sku.toLowerCase() !== 'sku')
    .map(([sku = '', minQuantity = '1', price = '']) => ({
      sku,
      min_quantity: Number(minQuantity) || minQuantity,
      price: Number(separator === ';' ? price.replace(',', '.') : price),
    }));
}

/** Writes the prices as the CSV `readPriceCsv` reads. */
export function writePriceCsv(rows: PriceRow[]): string {
  const quote = (value: string) =>
    /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return [
    PRICE_CSV_HEADER,
    ...rows.map((row) => `${quote(row.sku)},${row.min_quantity},${Number(row.price).toFixed(2)}`),
  ].join('\n');
}
