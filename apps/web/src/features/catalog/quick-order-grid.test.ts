import { describe, expect, it } from 'vitest';
import type { QuickOrderCheckResponse, QuickOrderOutcome } from '@portal/contract';
import { emptyRow, gridRequest, gridRow, outcomesByRow, placeRows } from './quick-order-grid';

describe('the quick order grid', () => {
  it('sends the rows that can be checked and marks the others', () => {
    const rows = [
      gridRow('A', '2'),
      emptyRow(),
      gridRow('B', '1.5'),
      gridRow('', '3'),
      gridRow(' C ', ''),
    ];
    const request = gridRequest(rows);
    expect(request.lines).toEqual([
      { sku: 'A', quantity: 2 },
      { sku: 'C', quantity: 1 },
    ]);
    expect(request.rowOfLine).toEqual([0, 4]);
    expect([...request.problems]).toEqual([
      [2, 'decimal'],
      [3, 'sku'],
    ]);
  });

  it('maps merged outcomes back to their rows', () => {
    const request = gridRequest([gridRow('A', '1'), gridRow('x', '0'), gridRow('a', '2')]);
    const outcome: QuickOrderOutcome = {
      rows: [1, 2],
      sku: 'A',
      quantity: 3,
      status: 'found',
      product: null,
      available: 9,
      in_cart: 0,
      suggestions: [],
    };
    const check: QuickOrderCheckResponse = { lines: [outcome], ready: true, subtotal: 0 };
    const byRow = outcomesByRow(check, request);
    expect(byRow.get(0)).toEqual({ kind: 'outcome', outcome });
    expect(byRow.get(2)).toEqual({ kind: 'merged', into: 0 });
    expect(byRow.has(1)).toBe(false);
  });

  it('fills blank rows first, then adds rows, up to 500 filled', () => {
    const rows = [gridRow('A', '1'), emptyRow(), emptyRow()];
    const placed = placeRows(rows, [
      { sku: 'B', quantity: '2' },
      { sku: 'C', quantity: '3' },
      { sku: 'D', quantity: '4' },
    ]);
    expect(placed.rows.map((row) => row.sku)).toEqual(['A', 'B', 'C', 'D', '']);
    const many = Array.from({ length: 600 }, (_, i) => ({ sku: `S${i}`, quantity: '1' }));
    const full = placeRows(rows, many);
    expect(full.rows.filter((row) => row.sku !== '')).toHaveLength(500);
    expect(full.dropped).toBe(101);
  });
});
