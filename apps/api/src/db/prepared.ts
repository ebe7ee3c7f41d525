import type { Executor } from './client';

/**
 * Prepared statements, built once per database handle and name. A list request then runs one
 * statement whose SQL text drizzle built once: on PostgreSQL a named prepared statement, parsed
 * (and after a few runs planned) once per pooled connection; on PGlite the same query with its
 * parameters. Each variant of a query (with or without a filter) has its own name, so one name
 * always stands for one SQL text.
 */
const statements = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
