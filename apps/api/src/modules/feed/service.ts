import { can, type AnyRole, type ProductSettings } from '@portal/contract';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Config } from '../../config';
import { postgresPoolOf, type Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { replaceXmlFeedKey, sameXmlFeedKey, xmlFeedUrl } from './key';
import { copyProductElements, findFeedUser, readProductElements, type FeedRendering } from './repo';
import { feedHead, feedTail, type FeedHeader } from './xml';

export interface FeedDeps {
  db: Executor;
  config: Config;
  settings: () => Promise<ProductSettings>;
  /** The unit prices of a company's price list (pricing's `PriceBooks.unitPricesOf`). */
  unitPricesOf: (companyId: string) => Promise<SQL | null>;
}

/** Products per keyset page (PGlite): one query and about 1 MB of XML a page. */
const PAGE_SIZE = 500;

/** What the stream needs, settled before it starts. */
export interface OpenFeed extends FeedHeader {
  lowStockThreshold: number;
  unitPrices: SQL | null;
}

/**
 * Checks a feed link: the key must be the user's current one, the user an active owner (xml_feed.view) of an
 * active company whose is_xml_active is on. Every refusal is the same NOT_FOUND, so a caller
 * learns nothing about which condition failed.
 */
export async function openXmlFeed(
  { db, settings, unitPricesOf }: FeedDeps,
  userId: string,
  key: string,
): Promise<OpenFeed> {
  const user = await findFeedUser(db, userId);
  const allowed =
    user !== null &&
    sameXmlFeedKey(user.xmlFeedKey, key) &&
    user.status === 'active' &&
    can(user.role as AnyRole, 'xml_feed.view') &&
    user.companyStatus === 'active' &&
    user.isXmlActive === 'on';
  if (!user || !allowed) throw notFound();
  // Read before the first byte is sent: once streaming, a failure can only cut the response.
  const [{ low_stock_threshold }, unitPrices] = await Promise.all([
    settings(),
    unitPricesOf(user.companyId),
  ]);
  return {
    generatedAt: new Date(),
    company: user.companyName,
    lowStockThreshold: low_stock_threshold,
    unitPrices,
  };
}

/**
 * Replaces the caller's feed key and answers the new link; the old link is dead from now on.
 * Only where the link is shown: an owner of an active company with the XML option on.
 */
export async function renewXmlFeedLink(
  { db, config }: Pick<FeedDeps, 'db' | 'config'>,
  userId: string,
): Promise<{ url: string }> {
  const user = await findFeedUser(db, userId);
  if (!user || user.companyStatus !== 'active' || user.isXmlActive !== 'on') throw notFound();
  return { url: xmlFeedUrl(config, userId, await replaceXmlFeedKey(db, userId)) };
}

/** Reads the rendered elements a page at a time, the next page while this one is written. */
async function* pagesOf(db: Executor, rendering: FeedRendering, pageSize: number) {
  let next = readProductElements(db, rendering, null, pageSize);
  try {
    for (let rows = await next; rows.length; rows = await next) {
      const last = rows[rows.length - 1];
      next =
        last && rows.length === pageSize
          ? readProductElements(db, rendering, last.id, pageSize)
          : Promise.resolve([]);
      yield rows.map((row) => `${row.xml}\n`).join('');
    }
  } finally {
    // A client that hangs up leaves the read-ahead page behind: its failure is nobody's error.
    next.catch(() => undefined);
  }
}

/** The COPY streams under way, per pool. */
const copyStreams = new WeakMap<pg.Pool, number>();

/**
 * Whether a feed may stream with COPY from `pool`: a stream holds its connection for as long as
 * its client reads (a slow one, minutes), so at most half of the pool's connections copy at
 * once, and the requests that need one for a moment still find one. Given back by `endCopy`.
 */
function startCopy(pool: pg.Pool): boolean {
  const streams = copyStreams.get(pool) ?? 0;
  if (streams >= Math.max(1, Math.floor((pool.options.max ?? 10) / 2))) return false;
  copyStreams.set(pool, streams + 1);
  return true;
}

function endCopy(pool: pg.Pool) {
  copyStreams.set(pool, (copyStreams.get(pool) ?? 1) - 1);
}

/**
 * The catalog as XML. Each product's element is rendered by the database; on PostgreSQL one
 * COPY streams them as the bytes it sends, on PGlite keyset pages are read. Pulled by a stream,
 * either reads on only when the socket has taken what came before, so memory stays flat
 * however large the catalog. `copy: false` reads pages on PostgreSQL too, as does a feed asked
 * while half of the pool's connections are copying (`startCopy`).
 */
export async function* catalogXml(
  { db, config }: Pick<FeedDeps, 'db' | 'config'>,
  feed: OpenFeed,
  { pageSize = PAGE_SIZE, copy = true }: { pageSize?: number; copy?: boolean } = {},
): AsyncGenerator<string | Buffer> {
  const rendering = {
    origin: new URL(config.appUrl).origin,
    lowStockThreshold: feed.lowStockThreshold,
    unitPrices: feed.unitPrices,
  };
  const pool = copy ? postgresPoolOf(db) : undefined;
  const copying = pool !== undefined && startCopy(pool);
  try {
    yield feedHead(feed);
    yield* copying ? copyProductElements(pool, rendering) : pagesOf(db, rendering, pageSize);
    yield feedTail;
  } finally {
    if (copying) endCopy(pool);
  }
}
