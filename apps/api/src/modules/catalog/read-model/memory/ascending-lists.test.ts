import { describe, expect, it } from 'vitest';
import { AscendingLists } from './ascending-lists';

describe('AscendingLists', () => {
  // The documents of five tokens: gaps of one byte, of two (200) and of three (20,000), a
  // document 0 and a token no document has.
  const docs: number[][] = Array.from({ length: 40_000 }, (_, doc) => {
    const tokens: number[] = [];
    if (doc % 2 === 0) tokens.push(0);
    if (doc % 200 === 0) tokens.push(1);
    if (doc % 20_000 === 7) tokens.push(2);
    if (doc === 0) tokens.push(3);
    return tokens;
  });
  const postings = AscendingLists.build(5, (visit) =>
    docs.forEach((tokens, doc) => tokens.forEach((token) => visit(token, doc))),
  );
  const expected = (token: number) =>
    docs.flatMap((tokens, doc) => (tokens.includes(token) ? [doc] : []));

  it('gives back every list as built', () => {
    const into = new Int32Array(docs.length);
    for (const token of [0, 1, 2, 3, 4]) {
      expect(postings.count(token)).toBe(expected(token).length);
      const count = postings.decode(token, into);
      expect(Array.from(into.subarray(0, count))).toEqual(expected(token));
    }
    expect(postings.longest()).toBe(20_000);
    expect(postings.decode(0, into, 3)).toBe(3);
    expect(Array.from(into.subarray(0, 3))).toEqual([0, 2, 4]);
  });

  it('raises the best tier of each number of a list', () => {
    const best = new Uint8Array(docs.length);
    postings.raise(1, 2, best);
    postings.raise(2, 4, best);
    postings.raise(0, 1, best);
    expect([best[0], best[2], best[7], best[200], best[20_007], best[3]]).toEqual([
      2, 1, 4, 2, 4, 0,
    ]);
  });

  it('answers the smallest numbers of a union once each', () => {
    expect(postings.smallestOfUnion([1, 2, 3], 5)).toEqual([0, 7, 200, 400, 600]);
    expect(postings.smallestOfUnion([0, 1], 4)).toEqual([0, 2, 4, 6]);
    expect(postings.smallestOfUnion([2, 4], 10)).toEqual([7, 20_007]);
    expect(postings.smallestOfUnion([], 10)).toEqual([]);
  });
});
