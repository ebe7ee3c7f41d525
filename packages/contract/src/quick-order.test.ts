import { describe, expect, it } from 'vitest';
import { readOrderText, QUICK_ORDER_MAX_LINES } from './quick-order';

const lines = (text: string) =>
  readOrderText(text).map(({ sku, quantity, problem }) => [sku, quantity, problem]);

describe('reading pasted order lines', () => {
  it('reads tab separated cells as a spreadsheet copies them, without a header', () => {
    expect(lines('BAT-1\t4\r\nBAT-2\t12\r\n')).toEqual([
      ['BAT-1', '4', null],
      ['BAT-2', '12', null],
    ]);
  });

  it('reads semicolons and commas, and a header naming its columns in any order', () => {
    expect(lines('Menge;Artikelnummer\n3;BAT-1\n')).toEqual([['BAT-1', '3', null]]);
    expect(lines('sku,qty\n"BAT-1",2\nBAT-2,"7"')).toEqual([
      ['BAT-1', '2', null],
      ['BAT-2', '7', null],
    ]);
    expect(lines('Product;Description\nBAT-1;1')).toEqual([['BAT-1', '1', null]]);
  });

  it('takes a missing quantity as 1 and a code followed by a number typed by hand', () => {
    expect(lines('BAT-1\nBAT-2 5\n\n')).toEqual([
      ['BAT-1', '1', null],
      ['BAT-2', '5', null],
    ]);
  });

  it('refuses decimals, negative or zero quantities, formulas and lines without a code', () => {
    expect(lines('A\t2.5\nB\t2,00\nC\t-1\nD\t0\nE\tten\n=cmd|x\t1\n\t3\nF\t=2+2')).toEqual([
      ['A', '2.5', 'decimal'],
      ['B', '2', null],
      ['C', '-1', 'quantity'],
      ['D', '0', 'quantity'],
      ['E', 'ten', 'quantity'],
      ['=cmd|x', '1', 'formula'],
      ['', '3', 'sku'],
      ['F', '=2+2', 'formula'],
    ]);
  });

  it('keeps the line numbers of the text and reads one line past the limit', () => {
    expect(readOrderText('sku;qty\n\nA;1').map((row) => row.line)).toEqual([3]);
    const long = Array.from({ length: 700 }, (_, i) => `S${i}\t1`).join('\n');
    expect(readOrderText(long)).toHaveLength(QUICK_ORDER_MAX_LINES + 1);
  });
});
