import { describe, expect, it } from 'vitest';
import { CatalogSearch } from './catalog-search';
import { SearchIndex, type SearchDocument } from './search-index';

const WORDS = ['battery', 'batterie', 'charger', 'solar', 'panel', 'lithium', 'makita', 'dell'];
const NONE: SearchDocument = { codes: [], words: [] };

/** A pseudo-random sequence that is the same at every run (mulberry32). */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

function documentOf(next: (below: number) => number, n: number): SearchDocument {
  const pick = () => WORDS[next(WORDS.length)] as string;
  return {
    codes: [`SKU-${String(n).padStart(5, '0')}`, `REF${next(50)}`],
    words: [`${pick()} ${pick()} ${next(100)}`, pick()],
  };
}

describe('the catalog search with products changed in place', () => {
  it('answers as an index built anew from the products as they are now', () => {
    const next = numbers(7);
    const truth = Array.from({ length: 300 }, (_, n) => documentOf(next, n));
    // Segments of at most 40 products: many of them, with products changed again in older ones.
    const search = new CatalogSearch(new SearchIndex(truth), 40);
    const queries = ['battery', 'bat', 'batery', 'solar panel', 'SKU-002', 'REF7', 'dell 4', 'zz'];
    // Changes of every size: words changed (again), products gone and added, so that segments
    // are made, merged and emptied.
    for (let round = 0; round < 40; round++) {
      const changed = new Map<number, SearchDocument | null>();
      const size = 1 + next(round % 5 === 0 ? 120 : 12);
      for (let i = 0; i < size; i++) {
        const doc = next(4) === 0 ? truth.length : next(truth.length);
        const gone = next(6) === 0;
        const document = gone ? null : documentOf(next, doc);
        truth[doc] = document ?? NONE;
        changed.set(doc, document);
      }
      search.update(changed, truth.length);
      const fresh = new SearchIndex(truth);
      for (const query of queries) {
        for (const k of [8, 30]) {
          expect(search.search(query, k), `${round}: ${query} (${k})`).toEqual(
            fresh.search(query, k),
          );
        }
        expect(search.matchAll(query), `${round}: ${query}`).toEqual(fresh.matchAll(query));
      }
    }
  });
});
