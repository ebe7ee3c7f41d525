import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { BOM, csvLines } from './csv';

/** A cell of an export: text, an amount in euros, a moment, or nothing. */
export type ExportCell = string | number | Date | null;

/** A column of an export: its header (the key) and, in a spreadsheet, width and number format. */
export interface ExportColumn {
  key: string;
  width: number;
  numFmt?: string;
}

/** The media type of an XLSX file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet column of amounts, and one of moments. */
export const AMOUNT_FORMAT = '#,##0.00';
export const MOMENT_FORMAT = 'yyyy-mm-dd hh:mm';

/**
 * An export as CSV text (UTF-8 with a BOM, amounts with a dot and two decimals, moments in ISO
 * 8601, cells that would start a formula escaped), one chunk per page of rows.
 */
export async function* csvExport(
  columns: readonly ExportColumn[],
  pages: AsyncIterable<ExportCell[][]>,
): AsyncGenerator<string> {
  yield BOM + csvLines([columns.map((column) => column.key)]);
  for await (const page of pages) {
    yield csvLines(
      page.map((row) =>
        row.map((cell) =>
          typeof cell === 'number'
            ? cell.toFixed(2)
            : cell instanceof Date
              ? cell.toISOString()
              : cell,
        ),
      ),
    );
  }
}

/**
 * An export as a spreadsheet, written by exceljs's streaming writer row by row into the answer
 * (no shared strings: nothing grows with the row count). Each page waits until the answer took
 * what was written before, so a slow download holds the query loop rather than the memory. A
 * failure midway ends the download broken, never half-valid.
 */
export function xlsxExport(
  sheetName: string,
  columns: readonly ExportColumn[],
  pages: AsyncIterable<ExportCell[][]>,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ key, width, numFmt }) => ({
    header: key,
    key,
    width,
    ...(numFmt ? { style: { numFmt } } : {}),
  }));
  const write = async () => {
    for await (const page of pages) {
      for (const row of page) sheet.addRow(row).commit();
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
