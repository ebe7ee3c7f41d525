import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client';

/**
 * Prepared statements, built once per database handle and name. A list request then runs one
 * statement whose SQL text drizzle built once: on PostgreSQL a named prepared statement, parsed
 * and planned (its generic plan, see client.ts) once per pooled connection; on PGlite the same
 * query with its parameters. Each variant of a query (with or without a filter) has its own name, so one name
 * always stands for one SQL text.
 */
const statements = new WeakMap<object, Map<string, unknown>>();
const preparedOn = new WeakMap<object, Db>();

/** Builds `db`'s prepared statements on `on` (client.ts: connections that keep generic plans). */
export function prepareOn(db: Db, on: Db) {
  preparedOn.set(db, on);
}

export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(preparedOn.get(db) ?? db);
    byName.set(name, statement);
  }
  return statement;
}

const dialect = new PgDialect();

/**
 * A hand-written statement (a CTE the query builder cannot express), prepared the same way: its
 * values are `sql.placeholder(name)` in `query`, given to the returned function. Rows come back
 * as the driver gives them (timestamps as text on PostgreSQL, Date on PGlite).
 */
export function preparedSql<Row>(db: Db, name: string, query: () => SQL) {
  return prepared(db, name, (on) => {
    const statement = (on as Db)._.session.prepareQuery(
      dialect.sqlToQuery(query()),
      undefined,
      name,
      false,
    );
    return async (values: Record<string, unknown>): Promise<Row[]> => {
      const result = (await statement.execute(values)) as { rows: Row[] };
      return result.rows;
    };
  });
}
