import {
  CLAIM_CSV_COLUMNS,
  CLAIM_CSV_REQUIRED_COLUMNS,
  CLAIM_LIMITS,
  type ClaimCsvColumn,
  type ValidationKey,
} from '@portal/contract';
import { parse } from 'csv-parse/sync';
import { BOM, toCsv } from '../../platform/csv';

export type CsvValues = Record<ClaimCsvColumn, string>;

export interface CsvRecord {
  /** The file's line where the record starts (the header is line 1). */
  line: number;
  values: CsvValues;
}

export interface ParsedCsv {
  delimiter: ',' | ';';
  records: CsvRecord[];
}

/** A whole-file problem: a validation key and its variables, reported on the field `file`. */
export class CsvFileError extends Error {
  constructor(
    readonly key: ValidationKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Header words people write for each column, compared without case, spaces, `_`, `-` or `.`. */
const HEADER_ALIASES: Record<ClaimCsvColumn, readonly string[]> = {
  order_number: ['ordernumber', 'order', 'orderno', 'ordernr'],
  sku: ['sku', 'productsku', 'article', 'articlenumber'],
  quantity: ['quantity', 'qty', 'quantityreturn'],
  reason: ['reason'],
  demand_action: ['demandaction', 'demand', 'action'],
  comment: ['comment', 'comments', 'note', 'remark'],
};
const squash = (text: string) => text.toLowerCase().replace(/[\s_\-.]+/g, '');

function columnOf(header: string): ClaimCsvColumn | null {
  const word = squash(header);
  for (const column of CLAIM_CSV_COLUMNS) if (HEADER_ALIASES[column].includes(word)) return column;
  return null;
}

/**
 * Decodes an uploaded file as text, refusing what is not: NUL bytes (binaries, UTF-16) or bytes
 * that are not UTF-8. Strips a UTF-8 byte order mark (Excel's "CSV UTF-8" writes one).
 */
export function decodeCsvText(bytes: Buffer): string {
  if (bytes.length > CLAIM_LIMITS.csvMaxBytes) {
    throw new CsvFileError('validation.csv_too_large', {
      max: CLAIM_LIMITS.csvMaxBytes / 1_048_576,
    });
  }
  if (bytes.includes(0)) throw new CsvFileError('validation.csv_not_text');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new CsvFileError('validation.csv_not_text');
  }
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/** `;` when the header line has more semicolons than commas (as Excel writes in most of Europe). */
export function detectDelimiter(text: string): ',' | ';' {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Parses a claims CSV: comma or semicolon, quoted fields (with separators and line breaks inside),
 * CRLF or LF, empty lines skipped. Headers are matched to the columns; the required ones must be
 * there. More than the row limit is refused as a whole.
 */
export function parseClaimCsv(text: string): ParsedCsv {
  if (text.trim() === '') throw new CsvFileError('validation.csv_empty');
  const delimiter = detectDelimiter(text);
  let parsed: string[][];
  try {
    // Empty lines come back as records (and are dropped below) so line numbers can be counted
    // without the parser's per-record info, which doubles the parse time of a large file.
    parsed = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
  } catch {
    throw new CsvFileError('validation.csv_malformed');
  }
  let line = 1;
  const numbered: { line: number; record: string[] }[] = [];
  for (const record of parsed) {
    if (record.some((field) => field !== '')) numbered.push({ line, record });
    line += 1;
    for (const field of record) line += field.split('\n').length - 1;
  }
  const [header, ...rows] = numbered;
  if (!header) throw new CsvFileError('validation.csv_empty');
  const columns = header.record.map(columnOf);
  const missing = CLAIM_CSV_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length) {
    throw new CsvFileError('validation.csv_missing_columns', { columns: missing.join(', ') });
  }
  if (rows.length === 0) throw new CsvFileError('validation.csv_empty');
  if (rows.length > CLAIM_LIMITS.csvMaxRows) {
    throw new CsvFileError('validation.csv_too_many_rows', { max: CLAIM_LIMITS.csvMaxRows });
  }
  const records = rows.map(({ line: at, record }) => {
    const values: CsvValues = {
      order_number: '',
      sku: '',
      quantity: '',
      reason: '',
      demand_action: '',
      comment: '',
    };
    columns.forEach((column, index) => {
      if (column) values[column] = record[index] ?? '';
    });
    return { line: at, values };
  });
  return { delimiter, records };
}

/** The downloadable template: the header row and one example row. */
export function claimCsvTemplate(): string {
  return toCsv([
    [...CLAIM_CSV_COLUMNS],
    ['1000000001', 'BAT-EXAMPLE-001', 2, 'product_defect', 'replacement', 'Does not hold a charge'],
  ]);
}

/** A code as people type it ("Product defect", "product-defect") to its snake_case form. */
export const normalizeCode = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
