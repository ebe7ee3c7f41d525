import type { ProductListItem } from '@portal/contract';
import { fromCents, toCents } from '../../platform/money';
import type { PriceBook } from '../pricing';
import { answerBody, serializeAnswer, type SerializedAnswer } from './read-model/serialized-answer';

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
 * Catalog answers priced for one price list, kept beside the bytes of the answer they were made
 * from (the response cache hands out new wrappers of the same bytes): the read model's caches
 * stay per catalog answer, and each list's version of an answer is made once while that answer
 * lives (answers per price list, not per company).
 */
/**
 * Priced answers are made far more often than catalog answers (one per list, and rarely asked
 * twice): gzip's fastest level costs about a third of its default for a few more bytes.
 */
export const PRICED_GZIP = { level: 1 };

const pricedAnswers = new WeakMap<Buffer, Map<string, SerializedAnswer>>();

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
  let forBooks = pricedAnswers.get(bytes);
  const held = forBooks?.get(book.key);
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
  if (!forBooks) {
    forBooks = new Map();
    pricedAnswers.set(bytes, forBooks);
  }
  forBooks.set(book.key, priced);
  return priced;
}
