import { sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { prepared } from './prepared';
import { boundariesFrom, type Boundaries } from './seek-index';

/**
 * A select list of `columns` under their own names, for a page's FROM item (below): when the
 * list's index includes them all, the page is an index-only scan and reads no table rows.
 */
export const columnsOf = (...columns: Column[]) =>
  sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  );

/** What both ways of reading a page (below) are given. */
interface ListPage {
  columns: SQL;
  as: string;
  from: SQL;
  where: SQL;
  newestFirst: SQL;
  maxLimit: number;
}

interface NearerEndPage extends ListPage {
  oldestFirst: SQL;
  total: SQL;
}

interface BoundaryPage extends ListPage {
  sortKey: SQL;
  boundary: SQL;
}

/**
 * A page of a list without a search: from a remembered boundary (pageFromBoundary) for the
 * statement that `seek`s, otherwise from the nearer end (pageFromNearerEnd).
 */
export function listPage(options: NearerEndPage & BoundaryPage & { seek: boolean }): SQL {
  return options.seek ? pageFromBoundary(options) : pageFromNearerEnd(options);
}

/**
 * A list statement: the one row of `counted` (a FROM item named "counted": the list's total and
 * version, and any other count) left joined to `page` (a FROM item, with any `joins` after it), so
 * an empty page still answers the counts; then `columns`, in `orderBy`. Its rows are ListRows.
 */
export const countedPageSql = (options: {
  counted: SQL;
  page: SQL;
  joins?: SQL;
  columns: SQL;
  orderBy: SQL;
}) =>
  sql`select "counted".*, ${options.columns} from ${options.counted}
    left join ${options.page} on true ${options.joins ?? sql``} order by ${options.orderBy}`;

/** A row of a countedPageSql statement: the counts, and one row of the page (nulls: none). */
export type ListRow<Counts, Item extends { id: string }> = Counts & (Item | { id: null });

/**
 * The rows of one page of a list, as a FROM item named `as` with the select list `columns`, read
 * from whichever end of the list is nearer. An OFFSET makes PostgreSQL step over that many index
 * entries, one to two milliseconds per 10,000: the pages past the middle are read from the other
 * end (the index scanned backwards, in `oldestFirst` order, the exact reverse of `newestFirst`),
 * so no page skips more than half of the list. `total` is the number of rows `where` matches, read
 * in the same statement (so from the same snapshot, e.g. a count kept by a trigger); the caller
 * sorts the page's rows again. Parameters: the placeholders `limit` and `offset`. `maxLimit`,
 * the largest limit a request may ask for, bounds the page for the planner: a prepared
 * statement's generic plan does not know the limit, and guessing a tenth of the table it would
 * join the page to a full scan of the rows instead of looking up each row.
 */
function pageFromNearerEnd(options: NearerEndPage): SQL {
  const { columns, as, from, where, newestFirst, oldestFirst, total, maxLimit } = options;
  const limit = sql`${sql.placeholder('limit')}::int`;
  const offset = sql`${sql.placeholder('offset')}::int`;
  return sql`(select * from ((select ${columns} from ${from} where ${where} and ${offset} * 2 < ${total}
      order by ${newestFirst} limit ${limit} offset ${offset})
    union all
    (select ${columns} from ${from} where ${where} and ${offset} * 2 >= ${total}
      order by ${oldestFirst}
      limit greatest(least(${offset} + ${limit}, ${total}) - ${offset}, 0)
      offset greatest(${total} - ${offset} - ${limit}, 0))) as "both_ends"
    limit ${sql.raw(String(Math.trunc(maxLimit)))}) as ${sql.identifier(as)}`;
}

/**
 * The rows of one page read from a remembered page boundary (seek-index.ts): the rows at or after
 * the boundary's sort key in the list's order (`sortKey <= boundary`, both row values in
 * `newestFirst`'s descending order), skipping the placeholder `skip` of them (fewer than the
 * boundaries' spacing) and taking `limit`. A FROM item like pageFromNearerEnd's.
 */
function pageFromBoundary(options: BoundaryPage): SQL {
  const { columns, as, from, where, sortKey, boundary, newestFirst, maxLimit } = options;
  return sql`(select * from (select ${columns} from ${from}
      where ${where} and ${sortKey} <= ${boundary}
      order by ${newestFirst}
      limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('skip')}::int) as "from_boundary"
    limit ${sql.raw(String(Math.trunc(maxLimit)))}) as ${sql.identifier(as)}`;
}

/**
 * What a list's page boundaries are computed from: the kept counts whose versions, summed, are the
 * list's version (each change moves at least one up), and the list's rows with their sort key,
 * newest first (`at` desc, `tie` desc), read from one scan of the list's index.
 */
export interface BoundariesOf {
  counts: { version: PgColumn; where: SQL | undefined };
  rows: { from: PgTable; where: SQL; at: PgColumn; tie: PgColumn };
}

/**
 * A list's page boundaries (seek-index.ts) from one prepared statement named `name`: the list's
 * version left joined to every `every`-th row's sort key (the first, the every+1-th, ...) as text
 * (exact: a timestamp's microseconds survive), in the list's order. `of` is built once, with
 * `sql.placeholder`s for what `values` gives.
 */
export async function listBoundaries(
  db: Executor,
  name: string,
  of: () => BoundariesOf,
  values: Record<string, unknown> & { every: number },
): Promise<Boundaries> {
  const statement = prepared(db, name, (executor) => boundariesStatement(executor, name, of()));
  return boundariesFrom(await statement.execute(values));
}

function boundariesStatement(db: Executor, name: string, { counts, rows }: BoundariesOf) {
  const version = db
    .select({ version: sql<string>`coalesce(sum(${counts.version}), 0)::text`.as('version') })
    .from(counts.version.table)
    .where(counts.where)
    .as('list_version');
  const bounds = sql`(select "at", "tie", "rn" from (select ${rows.at}::text as "at", ${rows.tie}::text as "tie",
      row_number() over (order by ${rows.at} desc, ${rows.tie} desc) as "rn"
      from ${rows.from} where ${rows.where}) as "numbered"
    where ("rn" - 1) % ${sql.placeholder('every')}::int = 0) as "bounds"`;
  return db
    .select({
      version: version.version,
      at: sql<string | null>`"bounds"."at"`,
      tie: sql<string | null>`"bounds"."tie"`,
    })
    .from(version)
    .leftJoin(bounds, sql`true`)
    .orderBy(sql`"bounds"."rn"`)
    .prepare(name);
}
