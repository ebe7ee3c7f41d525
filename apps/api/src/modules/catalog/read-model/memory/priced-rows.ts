import type { AdvancedFilterResponse, Locale } from '@portal/contract';
import { LRUCache } from 'lru-cache';
import { fromCents } from '../../../../platform/money';
import type { PriceBook } from '../../../pricing';
import type { CatalogSnapshot } from './snapshot';

/** A listing row's JSON after its price: `"_id":…}`, and the snapshot's clock it was read at. */
interface RowTail {
  json: Buffer;
  builtAt: number;
}

/** What the row tails of a snapshot may hold (about 600 bytes a row). */
const ROW_TAILS_BYTES = 16 * 1024 * 1024;

const rowTailsOf = new WeakMap<CatalogSnapshot, LRUCache<string, RowTail>>();

/**
 * A document's listing row as JSON without its price, kept per snapshot, locale and low-stock
 * threshold while the document is unchanged.
 */
function rowTail(snapshot: CatalogSnapshot, doc: number, locale: Locale, lowStock: number): Buffer {
  let tails = rowTailsOf.get(snapshot);
  if (!tails) {
    tails = new LRUCache({
      maxSize: ROW_TAILS_BYTES,
      sizeCalculation: (tail) => tail.json.byteLength + 64,
    });
    rowTailsOf.set(snapshot, tails);
  }
  const key = `${locale}|${lowStock}|${doc}`;
  const held = tails.get(key);
  if (held && snapshot.unchangedSince(held.builtAt, { docs: [doc] })) return held.json;
  const builtAt = snapshot.version;
  const { price, ...row } = snapshot.listItem(doc, locale, lowStock);
  const json = Buffer.from(JSON.stringify(row).slice(1));
  tails.set(key, { json, builtAt });
  return json;
}

/**
 * A listing page at a price list's prices as JSON, written from its documents' rows kept
 * without their price: such a page is made per list (a listing in the buyer's price order or
 * filtered by it) and rarely asked twice, and building and serializing its rows again was most
 * of its cost. Each row gets the buyer's price from 1 unit, and the catalog price struck
 * through when they differ (as `repriceItems` gives). With the ids of the products it prices.
 */
export function pricedListingJson(
  snapshot: CatalogSnapshot,
  docs: readonly number[],
  page: Omit<AdvancedFilterResponse, 'items'>,
  book: PriceBook,
  locale: Locale,
  lowStock: number,
): { json: Buffer; productIds: string[] } {
  const parts: Buffer[] = [Buffer.from('{"items":[')];
  const productIds = docs.map((doc) => snapshot.idOf(doc));
  docs.forEach((doc, index) => {
    const listCents = snapshot.price[doc] as number;
    const id = productIds[index] as string;
    const cents = book.prices(id) ? book.unitCents(id, listCents, 1) : listCents;
    const head =
      cents === listCents
        ? `${index ? ',' : ''}{"price":${fromCents(cents)},`
        : `${index ? ',' : ''}{"price":${fromCents(cents)},"list_price":${fromCents(listCents)},`;
    parts.push(Buffer.from(head), rowTail(snapshot, doc, locale, lowStock));
  });
  parts.push(Buffer.from(`],${JSON.stringify(page).slice(1)}`));
  return { json: Buffer.concat(parts), productIds };
}
