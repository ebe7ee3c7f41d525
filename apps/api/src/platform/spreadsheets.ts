import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/** A spreadsheet's header (lower case, trimmed) and its rows as text, with their row numbers. */
export interface Sheet {
  columns: string[];
  rows: { line: number; cells: string[] }[];
}

export type SheetProblem = 'unreadable' | 'empty' | 'too_many_rows';

/**
 * The text of a CSV file as spreadsheets write it: UTF-8 (with or without BOM), UTF-16 with its
 * BOM, else Windows-1252. A file with NUL bytes that is not UTF-16 is not text.
 */
export function decodeText(bytes: Buffer): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the header line: the most frequent of comma, semicolon and tab. */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((separator) => [
    separator,
    header.split(separator).length,
  ]) as [string, number][];
  return counts.sort((a, b) => b[1] - a[1])[0]?.[0] ?? ',';
}

function sheetOf(records: string[][], maxRows: number, firstLine = 1): Sheet | SheetProblem {
  const [header, ...rest] = records;
  if (!header) return 'empty';
  const rows = rest
    .map((cells, index) => ({ line: firstLine + index + 1, cells }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) return 'empty';
  if (rows.length > maxRows) return 'too_many_rows';
  return { columns: header.map((column) => column.trim().toLowerCase()), rows };
}

/** The cells of a CSV file as text, at most `maxRecords` records and one more. */
function csvRecords(bytes: Buffer, maxRecords: number): string[][] | 'unreadable' {
  const text = decodeText(bytes);
  if (text === null) return 'unreadable';
  try {
    return parse(text.replace(/^\uFEFF/, ''), {
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
      // One more than the limit is enough to say the file is too long.
      to_line: maxRecords + 1,
    }) as string[][];
  } catch {
    return 'unreadable';
  }
}

/** A cell of an XLSX sheet as text; a formula keeps its `=` so the row is refused. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return `=${String(value.formula ?? '')}`;
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** The cells of an XLSX file's first sheet as text, or why there are none to take. */
async function xlsxRecords(bytes: Buffer, maxRecords: number): Promise<string[][] | SheetProblem> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return 'unreadable';
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) return 'empty';
  if (sheet.actualRowCount > maxRecords) return 'too_many_rows';
  const width = sheet.columnCount;
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    records.push(
      Array.from({ length: width }, (_, index) => cellText(row.getCell(index + 1).value)),
    );
  });
  return records;
}

/**
 * The cells of a CSV file or an XLSX spreadsheet (told by its content: an XLSX file is a ZIP
 * archive, `PK`) as text, every record, the header too; at most `maxRecords` and one more (a
 * longer CSV is cut there, a longer XLSX sheet is `too_many_rows`); or why it cannot be read.
 */
export async function readRecords(
  bytes: Buffer,
  maxRecords: number,
): Promise<string[][] | SheetProblem> {
  if (bytes.length === 0) return 'empty';
  if (bytes.subarray(0, 2).toString('latin1') === 'PK') return xlsxRecords(bytes, maxRecords);
  return csvRecords(bytes, maxRecords);
}

/** A CSV file or an XLSX spreadsheet as its header and rows of text; or why it cannot be read. */
export async function readSheet(bytes: Buffer, maxRows: number): Promise<Sheet | SheetProblem> {
  const records = await readRecords(bytes, maxRows + 1);
  return typeof records === 'string' ? records : sheetOf(records, maxRows);
}
