import { discountedCents } from '../../../pricing';
import { lowerBound } from './search-index';

/** A category's documents by catalog price, and what a price list makes of their prices. */
export interface BuyerOrderInput {
  /**
   * Documents by catalog price, lowest first (`direction` 1) or dearest first (-1), equal prices
   * by document number: the snapshot's price orders.
   */
  ordered: Int32Array;
  direction: 1 | -1;
  /** The catalog price of each document, in cents. */
  catalogCents: ArrayLike<number>;
  buyerCents(doc: number): number;
  /** The list's documents with fixed prices (those not in `ordered` are passed over). */
  fixed: Int32Array;
  isFixed(doc: number): boolean;
  /** The largest percentage off of the list, in basis points: no other document gets more. */
  maxBasisPoints: number;
}

/** Whether (key, position) a comes before b. */
const before = (aKey: number, aPosition: number, bKey: number, bPosition: number) =>
  aKey < bKey || (aKey === bKey && aPosition < bPosition);

/**
 * Positions in `ordered` with their keys, least (key, position) first: a binary heap of pairs
 * in one array.
 */
class PositionHeap {
  private readonly pairs: number[] = [];

  get size() {
    return this.pairs.length >>> 1;
  }

  topKey() {
    return this.pairs[0] as number;
  }

  topPosition() {
    return this.pairs[1] as number;
  }

  private keyAt(slot: number) {
    return this.pairs[2 * slot] as number;
  }

  private positionAt(slot: number) {
    return this.pairs[2 * slot + 1] as number;
  }

  private put(slot: number, key: number, position: number) {
    this.pairs[2 * slot] = key;
    this.pairs[2 * slot + 1] = position;
  }

  push(key: number, position: number) {
    let slot = this.size;
    this.pairs.push(key, position);
    while (slot > 0) {
      const parent = (slot - 1) >>> 1;
      if (!before(key, position, this.keyAt(parent), this.positionAt(parent))) break;
      this.put(slot, this.keyAt(parent), this.positionAt(parent));
      slot = parent;
    }
    this.put(slot, key, position);
  }

  /** Takes the least pair out; its position. */
  pop(): number {
    const top = this.topPosition();
    const position = this.pairs.pop() as number;
    const key = this.pairs.pop() as number;
    const size = this.size;
    if (size === 0) return top;
    let slot = 0;
    for (;;) {
      let child = 2 * slot + 1;
      if (child >= size) break;
      const right = child + 1;
      if (
        right < size &&
        before(this.keyAt(right), this.positionAt(right), this.keyAt(child), this.positionAt(child))
      ) {
        child = right;
      }
      if (!before(this.keyAt(child), this.positionAt(child), key, position)) break;
      this.put(slot, this.keyAt(child), this.positionAt(child));
      slot = child;
    }
    this.put(slot, key, position);
    return top;
  }
}

/**
 * The documents of `ordered` by the buyer's price instead (lowest first for `direction` 1), equal
 * buyer prices in catalog order as PostgreSQL's listing breaks ties; lazily, so a page's walk
 * reads only the start of the category. A percentage off never lifts a price above the catalog's
 * nor below the catalog's less the list's largest discount: walking the catalog order, a document
 * read is given out once no document further on can come before it. The fixed prices (a few) are
 * found by binary search and sorted. Walked to the end (a filtered listing), it reads each
 * document once, through a heap of those not yet given out.
 */
export function* byBuyerPrice(input: BuyerOrderInput): Generator<number> {
  const { ordered, direction, catalogCents, buyerCents, isFixed, maxBasisPoints } = input;
  const count = ordered.length;
  const keyOf = (doc: number) => direction * buyerCents(doc);

  // Each found by binary search: `ordered` is by catalog price, then by document.
  const fixedKeys: number[] = [];
  const fixedPositions: number[] = [];
  for (const doc of input.fixed) {
    const cents = catalogCents[doc] as number;
    const position = lowerBound(count, (i) => {
      const other = ordered[i] as number;
      const difference = direction * ((catalogCents[other] as number) - cents);
      return difference < 0 || (difference === 0 && other < doc);
    });
    if (ordered[position] === doc) {
      fixedKeys.push(keyOf(doc));
      fixedPositions.push(position);
    }
  }
  const fixedOrder = fixedKeys
    .map((_, index) => index)
    .sort(
      (a, b) =>
        (fixedKeys[a] as number) - (fixedKeys[b] as number) ||
        (fixedPositions[a] as number) - (fixedPositions[b] as number),
    );

  /** The least key a document at `position` or further on (not fixed) can have. */
  const boundAt = (position: number) => {
    const cents = catalogCents[ordered[position] as number] as number;
    return direction === 1 ? discountedCents(cents, maxBasisPoints) : -cents;
  };
  const read = new PositionHeap();
  let nextFixed = 0;
  let position = 0;
  let bound = count > 0 ? boundAt(0) : Infinity;
  for (;;) {
    const fixedAt = fixedOrder[nextFixed];
    const fixedKey = fixedAt === undefined ? 0 : (fixedKeys[fixedAt] as number);
    const fixedPosition = fixedAt === undefined ? 0 : (fixedPositions[fixedAt] as number);
    const fixedFirst =
      fixedAt !== undefined &&
      (read.size === 0 ||
        fixedKey < read.topKey() ||
        (fixedKey === read.topKey() && fixedPosition < read.topPosition()));
    if (fixedFirst) {
      if (fixedKey < bound || (fixedKey === bound && fixedPosition < position)) {
        nextFixed++;
        yield ordered[fixedPosition] as number;
        continue;
      }
    } else if (read.size > 0 && read.topKey() <= bound) {
      yield ordered[read.pop()] as number;
      continue;
    }
    if (position === count) return;
    const doc = ordered[position] as number;
    if (!isFixed(doc)) read.push(keyOf(doc), position);
    position++;
    bound = position < count ? boundAt(position) : Infinity;
  }
}
