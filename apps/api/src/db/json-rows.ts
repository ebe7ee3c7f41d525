import { getTableColumns, type Table } from 'drizzle-orm';

/** A row a statement answered as JSON (`to_jsonb(row)`), before `rowFromJson` reads it. */
export type JsonRow = Record<string, unknown>;

/**
 * A `JsonRow` (keyed by the columns' SQL names) read as the query builder reads the table's
 * rows: the schema's property names, each value through its column's own mapping (timestamps to
 * Date, jsonb as parsed). Lets one statement write several
 * tables and answer all their rows, where each would otherwise be its own round trip.
 */
export function rowFromJson<T extends Table>(table: T, json: JsonRow): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
