import { describe, expect, it } from 'vitest';
import { discountedCents } from '../../../pricing';
import { byBuyerPrice } from './buyer-order';

/** A small generator of the same numbers every run. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe('byBuyerPrice', () => {
  // Catalogs with many equal prices, a few discounts (one of 100 %), fixed prices below, above
  // and equal to the catalog's, and fixed products outside the category.
  const cases = Array.from({ length: 60 }, (_, seed) => {
    const next = random(seed + 1);
    const size = 1 + next(400);
    const catalog = Array.from({ length: size }, () => 100 + next(50) * 25);
    const discounts = [0, 500, 1_250, 3_333, seed % 5 === 0 ? 10_000 : 2_000];
    const off = catalog.map(() => discounts[next(discounts.length)] as number);
    const fixedCents = new Map<number, number>();
    for (let i = 0; i < next(12); i++)
      fixedCents.set(next(size), next(3) === 0 ? 100 : next(2_000));
    const category = Array.from({ length: size }, (_, doc) => doc).filter(() => next(4) > 0);
    return { catalog, off, fixedCents, category };
  });

  it('gives the order of a full sort by buyer price, ties in catalog order', () => {
    for (const { catalog, off, fixedCents, category } of cases) {
      const catalogCents = (doc: number) => catalog[doc] as number;
      const buyerCents = (doc: number) =>
        fixedCents.get(doc) ?? discountedCents(catalogCents(doc), off[doc] as number);
      for (const direction of [1, -1] as const) {
        const ordered = Int32Array.from(category).sort(
          (a, b) => direction * (catalogCents(a) - catalogCents(b)) || a - b,
        );
        const position = new Map(Array.from(ordered, (doc, at) => [doc, at]));
        const expected = Array.from(ordered).sort(
          (a, b) =>
            direction * (buyerCents(a) - buyerCents(b)) ||
            (position.get(a) as number) - (position.get(b) as number),
        );
        const walked = [
          ...byBuyerPrice({
            ordered,
            direction,
            catalogCents: catalog,
            buyerCents,
            fixed: Int32Array.from(fixedCents.keys()),
            isFixed: (doc) => fixedCents.has(doc),
            maxBasisPoints: Math.max(...off),
          }),
        ];
        expect(walked).toEqual(expected);
      }
    }
  });

  it('reads only the start of the catalog order for a first page', () => {
    const size = 10_000;
    let read = 0;
    const catalogCents = new Proxy(
      Array.from({ length: size }, (_, doc) => 1_000 + doc),
      {
        get: (prices, key) => {
          if (typeof key === 'string' && /^\d+$/.test(key)) read++;
          return Reflect.get(prices, key);
        },
      },
    );
    const ordered = Int32Array.from({ length: size }, (_, doc) => doc);
    const first = [];
    for (const doc of byBuyerPrice({
      ordered,
      direction: 1,
      catalogCents,
      buyerCents: (doc) => discountedCents(1_000 + doc, doc % 3 === 0 ? 2_000 : 0),
      fixed: Int32Array.of(9_999),
      isFixed: (doc) => doc === 9_999,
      maxBasisPoints: 2_000,
    })) {
      first.push(doc);
      if (first.length === 24) break;
    }
    expect(first.slice(0, 3)).toEqual([0, 3, 6]);
    expect(read).toBeLessThan(1_000);
  });
});
