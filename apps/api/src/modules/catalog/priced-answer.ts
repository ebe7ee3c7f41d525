import type { ProductListItem } from '@portal/contract';
import { LRUCache } from 'lru-cache';
import { fromCents, toCents } from '../../platform/money';
import type { PriceBook } from '../pricing';
import {
  answerBody,
  serializeAnswer,
  type ComputedAnswer,
  type SerializedAnswer,
} from './read-model/serialized-answer';

/** A product as an answer names it: its id and its catalog price in euros. */
type Priced = { _id: string; price: number; list_price?: number; price_tiers?: unknown };

/** Gives a product the buyer's price (and the catalog price struck through when it differs). */
function reprice<T extends Priced>(item: T, book: PriceBook, withTiers = false): T {
  if (!book.prices(item._id)) return item;
  const listCents = toCents(item.price);
  const cents = book.unitCents(item._id, listCents, 1);
  const priced: T = { ...item, price: fromCents(cents) };
  if (cents !== listCents) priced.list_price = item.price;
  if (withTiers) {
    const tiers = book.tiersOf(item._id, listCents);
    if (tiers.length) {
      priced.price_tiers = tiers.map((tier) => ({
        min_quantity: tier.minQuantity,
        price: fromCents(tier.cents),
      }));
    }
  }
  return priced;
}

/** List rows with the buyer's prices. */
export function repriceItems<T extends Priced>(items: T[], book: PriceBook | null): T[] {
  return book ? items.map((item) => reprice(item, book)) : items;
}

/**
 * Priced answers are made far more often than catalog answers (one per list, and rarely asked
 * twice): gzip's fastest level costs about a third of its default for a few more bytes.
 */
export const PRICED_GZIP = { level: 1 };

/** What the priced answers kept may hold (their gzip, or JSON under GZIP_FROM_BYTES). */
const PRICED_ANSWERS_BYTES = 16 * 1024 * 1024;

/** A number per catalog answer's bytes (the response cache hands out new wrappers of them). */
const answerNumbers = new WeakMap<Buffer, number>();
let answersNumbered = 0;

/**
 * Catalog answers priced for one price list, by the catalog answer they were made from and the
 * list's version: each list's version of an answer is made once while it is asked (answers per
 * price list, not per company), and they hold at most PRICED_ANSWERS_BYTES, the least recently
 * used going first. Kept beside each catalog answer instead, they grew with every list that
 * asked it for as long as the answer lived.
 */
const pricedAnswers = new LRUCache<string, SerializedAnswer>({
  maxSize: PRICED_ANSWERS_BYTES,
  sizeCalculation: (answer) => (answer.gzip ?? (answer.json as Buffer)).byteLength + 64,
});

/** The bytes a priced answer is kept in: its gzip, else its JSON in memory of its own. */
function kept(answer: ComputedAnswer): SerializedAnswer {
  if (answer.gzip) return { gzip: answer.gzip, productIds: answer.productIds };
  // A small Buffer is a slice of an 8 KB pool that it would keep whole for as long as it lives.
  const json = Buffer.allocUnsafeSlow(answer.json.byteLength);
  answer.json.copy(json);
  return { json, productIds: answer.productIds };
}

/**
 * A search, listing or product answer with the buyer's prices: the answer itself, unread, without
 * a price list or when the list prices none of its products (most product pages of a list that
 * discounts a few categories).
 */
export function pricedAnswer(
  answer: SerializedAnswer,
  book: PriceBook | null,
  kind: 'items' | 'product',
): SerializedAnswer {
  if (!book || !answer.productIds.some((id) => book.prices(id))) return answer;
  const bytes = answer.gzip ?? (answer.json as Buffer);
  let number = answerNumbers.get(bytes);
  if (number === undefined) answerNumbers.set(bytes, (number = answersNumbered++));
  const key = `${number}|${book.key}`;
  const held = pricedAnswers.get(key);
  if (held) return held;
  const value = JSON.parse(answerBody(answer, undefined).body.toString('utf8')) as
    (Priced & Record<string, unknown>) | { items: ProductListItem[] };
  const priced =
    kind === 'product'
      ? serializeAnswer(reprice(value as Priced, book, true), PRICED_GZIP)
      : serializeAnswer(
          { ...value, items: repriceItems((value as { items: ProductListItem[] }).items, book) },
          PRICED_GZIP,
        );
  pricedAnswers.set(key, kept(priced));
  return priced;
}
