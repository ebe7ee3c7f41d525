import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * A statement whose SQL text is built once, its values given as `sql.placeholder(name)`. On
 * PostgreSQL every pooled connection prepares it once under `name` and then only binds and runs
 * it (no parsing and planning per request); on PGlite it runs as a plain query. Rows come back
 * as the driver gives them (timestamps as text on PostgreSQL, Date on PGlite). `name` must be
 * unique to this SQL text.
 */
export function preparedStatement<Row>(db: Db, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values: Record<string, unknown>): Promise<Row[]> => {
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
