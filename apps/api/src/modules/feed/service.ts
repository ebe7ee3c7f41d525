import { can, type AnyRole, type Locale, type ProductSettings } from '@portal/contract';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { availabilityOf } from '../catalog/product-repo';
import { verifyXmlFeedKey } from './key';
import { findFeedUser, readCategoryLinks, readProductBatch, readTitles } from './repo';
import { feedHead, feedTail, productXml, type FeedCategory, type FeedHeader } from './xml';

export interface FeedDeps {
  db: Executor;
  config: Config;
  settings: () => Promise<ProductSettings>;
}

/** Products per keyset page: three queries per page, memory bounded by one page. */
const BATCH_SIZE = 500;
/** Output is handed to the socket in chunks of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

/** What the stream needs, settled before it starts. */
export interface OpenFeed extends FeedHeader {
  lowStockThreshold: number;
}

/**
 * Checks a feed link: the key must be the user's, the user an active owner (xml_feed.view) of an
 * active company whose is_xml_active is on. Every refusal is the same NOT_FOUND, so a caller
 * learns nothing about which condition failed.
 */
export async function openXmlFeed(
  { db, config, settings }: FeedDeps,
  userId: string,
  key: string,
): Promise<OpenFeed> {
  if (!verifyXmlFeedKey(config.jwtSecret, userId, key)) throw notFound();
  const user = await findFeedUser(db, userId);
  const allowed =
    user?.status === 'active' &&
    can(user.role as AnyRole, 'xml_feed.view') &&
    user.companyStatus === 'active' &&
    user.isXmlActive === 'on';
  if (!user || !allowed) throw notFound();
  // Read before the first byte is sent: once streaming, a failure can only cut the response.
  const { low_stock_threshold } = await settings();
  return {
    generatedAt: new Date(),
    company: user.companyName,
    lowStockThreshold: low_stock_threshold,
  };
}

function groupBy<T extends { productId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.productId);
    if (group) group.push(row);
    else groups.set(row.productId, [row]);
  }
  return groups;
}

/** One keyset page of active products with their titles and categories: three queries. */
async function readPage(db: Executor, afterId: string | null, size: number) {
  const rows = await readProductBatch(db, afterId, size);
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return null;
  // Rows of inactive products inside the range are read too and simply never looked up.
  const range = { first: first.id, last: last.id };
  const [titles, links] = await Promise.all([readTitles(db, range), readCategoryLinks(db, range)]);
  return {
    rows,
    titlesOf: groupBy(titles),
    categoriesOf: groupBy(links),
    nextAfter: rows.length < size ? null : last.id,
  };
}

/**
 * The catalog as XML, produced page by page: pulled by a stream, it reads a page only when the
 * socket has taken the previous chunks, so memory stays flat however large the catalog.
 */
export async function* catalogXml(
  { db, config }: Pick<FeedDeps, 'db' | 'config'>,
  feed: OpenFeed,
  batchSize = BATCH_SIZE,
): AsyncGenerator<string> {
  const base = `${config.appUrl}/`;
  const absolute = (path: string) => new URL(path, base).href;
  let chunk = feedHead(feed);
  let next = readPage(db, null, batchSize);
  try {
    for (let page = await next; page; page = await next) {
      // The next page is read while this one is written: database and CPU work side by side.
      next = page.nextAfter ? readPage(db, page.nextAfter, batchSize) : Promise.resolve(null);
      for (const row of page.rows) {
        const categories: FeedCategory[] = (page.categoriesOf.get(row.id) ?? []).map(
          ({ id, slug, name }) => ({ id, slug, name }),
        );
        const titles = Object.fromEntries(
          (page.titlesOf.get(row.id) ?? []).map(({ locale, title }) => [locale, title]),
        ) as Partial<Record<Locale, string>>;
        chunk += productXml(
          {
            ...row,
            // SPEC section 4: out of stock when not in stock or quantity 0 or less.
            inStock: row.isInStock && row.quantity > 0,
            availability: availabilityOf(row, feed.lowStockThreshold),
            titles,
            categories,
            // One price list for every approved customer today; customer prices would apply here.
            customerPriceCents: row.priceCents,
          },
          absolute,
        );
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
    }
  } finally {
    // A client that hangs up leaves the read-ahead page behind: its failure is nobody's error.
    next.catch(() => undefined);
  }
  yield chunk + feedTail;
}
