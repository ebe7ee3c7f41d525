import {
  QUICK_ORDER_MAX_LINES,
  readOrderQuantity,
  type QuickOrderCheckResponse,
  type QuickOrderLine,
  type QuickOrderOutcome,
  type QuickOrderRow,
  type QuickOrderRowProblem,
} from '@portal/contract';

/** A row of the quick order grid as the buyer edits it. */
export interface GridRow {
  key: number;
  sku: string;
  quantity: string;
}

let nextKey = 1;
export const emptyRow = (): GridRow => ({ key: nextKey++, sku: '', quantity: '' });
export const gridRow = (sku: string, quantity: string): GridRow => ({
  key: nextKey++,
  sku,
  quantity,
});

/** How many empty rows a new grid shows. */
export const EMPTY_ROWS = 5;

/** The request the grid makes, with the grid row of each request line and each row's problem. */
export interface GridRequest {
  lines: QuickOrderLine[];
  /** The grid row index of each request line. */
  rowOfLine: number[];
  /** Problems of rows that cannot be sent, by grid row index. */
  problems: Map<number, QuickOrderRowProblem>;
}

const isBlank = (row: GridRow) => row.sku.trim() === '' && row.quantity.trim() === '';

/** The grid's lines that can be checked; blank rows are skipped, others get their problem. */
export function gridRequest(rows: GridRow[]): GridRequest {
  const request: GridRequest = { lines: [], rowOfLine: [], problems: new Map() };
  rows.forEach((row, index) => {
    if (isBlank(row)) return;
    const sku = row.sku.trim();
    const quantity = readOrderQuantity(row.quantity);
    if (sku === '') request.problems.set(index, 'sku');
    else if (/^[=+@]/.test(sku)) request.problems.set(index, 'formula');
    else if (typeof quantity !== 'number') request.problems.set(index, quantity);
    else {
      request.lines.push({ sku, quantity });
      request.rowOfLine.push(index);
    }
  });
  return request;
}

/** What the check says of one grid row: its outcome, or the row it was merged into. */
export type RowOutcome =
  { kind: 'outcome'; outcome: QuickOrderOutcome } | { kind: 'merged'; into: number };

/** The check's outcomes by grid row index (merged lines point at the first of them). */
export function outcomesByRow(
  check: QuickOrderCheckResponse | undefined,
  request: GridRequest,
): Map<number, RowOutcome> {
  const byRow = new Map<number, RowOutcome>();
  if (!check) return byRow;
  for (const outcome of check.lines) {
    const [first, ...merged] = outcome.rows.map((line) => request.rowOfLine[line - 1]);
    if (first === undefined) continue;
    byRow.set(first, { kind: 'outcome', outcome });
    for (const row of merged)
      if (row !== undefined) byRow.set(row, { kind: 'merged', into: first });
  }
  return byRow;
}

/**
 * Rows read from pasted text or a file put into the grid: they fill the blank rows from `at`
 * on, then follow; the grid never holds more than QUICK_ORDER_MAX_LINES rows that are not blank.
 * Answers the new rows and how many read rows did not fit.
 */
export function placeRows(
  rows: GridRow[],
  read: Pick<QuickOrderRow, 'sku' | 'quantity'>[],
  at = 0,
): { rows: GridRow[]; dropped: number } {
  const filled = rows.filter((row) => !isBlank(row)).length;
  const room = Math.max(0, QUICK_ORDER_MAX_LINES - filled);
  const taken = read.slice(0, room);
  const next = [...rows];
  let index = Math.min(at, next.length);
  for (const row of taken) {
    while (index < next.length && !isBlank(next[index] as GridRow)) index += 1;
    const placed = gridRow(row.sku, row.quantity);
    if (index < next.length) next[index] = placed;
    else next.push(placed);
    index += 1;
  }
  if (!next.some(isBlank)) next.push(emptyRow());
  return { rows: next, dropped: read.length - taken.length };
}
