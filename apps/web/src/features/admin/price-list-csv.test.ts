import { describe, expect, it } from 'vitest';
import { readPriceCsv, writePriceCsv } from './price-list-csv';

describe('price list CSV', () => {
  it('reads commas or semicolons with decimal commas, and skips the header and blank lines', () => {
    expect(readPriceCsv('sku,min_quantity,price\nBAT-1,1,50\n\nBAT-1,10,40.5\n')).toEqual([
      { sku: 'BAT-1', min_quantity: 1, price: 50 },
      { sku: 'BAT-1', min_quantity: 10, price: 40.5 },
    ]);
    expect(readPriceCsv('\uFEFFSKU;min_quantity;price\r\n"CHG-2";50;12,75')).toEqual([
      { sku: 'CHG-2', min_quantity: 50, price: 12.75 },
    ]);
  });

  it('writes what it reads', () => {
    const rows = [{ sku: 'SOL-3', min_quantity: 100, price: 99.9 }];
    expect(writePriceCsv(rows)).toBe('sku,min_quantity,price\nSOL-3,100,99.90');
    expect(readPriceCsv(writePriceCsv(rows))).toEqual(rows);
  });
});
