import { SearchIndex, type RankedDocument, type SearchDocument } from './search-index';

/**
 * Products changed in place indexed together: a small search index, the catalog document of
 * each of its documents (ascending, so popularity order is kept) and what each is found by.
 */
interface Segment {
  index: SearchIndex;
  docs: Int32Array;
  documents: SearchDocument[];
  /** Its documents changed again or gone since (found in a later segment, or nowhere). */
  dead: number;
}

/**
 * A segment holding more documents than this is never merged with another: its index is built
 * in the event loop (about 60 µs a product), so a merge blocks requests for at most ~60 ms.
 */
const MAX_MERGED_SEGMENT = 1_000;

/**
 * The catalog's search: the index built with the snapshot, and small indexes (segments) of the
 * products changed in place since, like a search engine's. Each change indexes only the products
 * it changed, in a new segment; two neighbouring segments merge when the newer is at least half
 * the older, so a product is indexed again about log2(changes) times. A built document whose words
 * changed or that is gone is marked stale, and so is a segment's document changed again (a
 * segment more than half stale is indexed again without them): each index's answer skips its
 * stale documents, and the answers merge in rank order.
 */
export class CatalogSearch {
  private readonly stale: Uint8Array;
  private readonly staleList: number[] = [];
  private segments: Segment[] = [];
  /** The segment holding each changed document's words (a gone document is in none). */
  private readonly segmentOf = new Map<number, Segment>();
  /** All documents of the catalog, built ones and added ones. */
  private docCount: number;

  constructor(
    private readonly built: SearchIndex,
    private readonly maxMergedSegment = MAX_MERGED_SEGMENT,
  ) {
    this.docCount = built.size;
    this.stale = new Uint8Array(built.size);
  }

  /**
   * Takes what changed products are found by now: by document, its words, or null for a product
   * gone from the catalog; `docCount` is the catalog's documents.
   */
  update(changed: Map<number, SearchDocument | null>, docCount: number) {
    this.docCount = docCount;
    const fresh: number[] = [];
    for (const [doc, document] of changed) {
      if (doc < this.stale.length && !this.stale[doc]) {
        this.stale[doc] = 1;
        this.staleList.push(doc);
      }
      const old = this.segmentOf.get(doc);
      if (old) {
        old.dead++;
        this.segmentOf.delete(doc);
      }
      if (document) fresh.push(doc);
    }
    // A segment of mostly changed-again documents is indexed again with the others alone.
    const segments = this.segments
      .filter((segment) => segment.dead < segment.docs.length)
      .map((segment) =>
        segment.dead * 2 > segment.docs.length ? this.segment(this.live(segment)) : segment,
      );
    if (fresh.length) {
      segments.push(this.segment(fresh.map((doc) => [doc, changed.get(doc) as SearchDocument])));
    }
    // Neighbours of like size merge, newest first, as long as the result stays small.
    for (let last = segments.length - 1; last > 0; last = segments.length - 1) {
      const [older, newer] = [segments[last - 1] as Segment, segments[last] as Segment];
      const [olderLive, newerLive] = [older, newer].map(({ docs, dead }) => docs.length - dead);
      if (
        (newerLive as number) * 2 < (olderLive as number) ||
        (olderLive as number) + (newerLive as number) > this.maxMergedSegment
      ) {
        break;
      }
      segments.splice(last - 1, 2, this.segment([...this.live(older), ...this.live(newer)]));
    }
    this.segments = segments;
  }

  /** The documents of a segment still found through it, with their words. */
  private live(segment: Segment): [number, SearchDocument][] {
    const out: [number, SearchDocument][] = [];
    segment.docs.forEach((doc, at) => {
      if (this.segmentOf.get(doc) === segment) {
        out.push([doc, segment.documents[at] as SearchDocument]);
      }
    });
    return out;
  }

  private segment(entries: [number, SearchDocument][]): Segment {
    entries.sort(([a], [b]) => a - b);
    const documents = entries.map(([, document]) => document);
    const segment: Segment = {
      index: new SearchIndex(documents),
      docs: Int32Array.from(entries, ([doc]) => doc),
      documents,
      dead: 0,
    };
    for (const [doc] of entries) this.segmentOf.set(doc, segment);
    return segment;
  }

  /** The best k documents for a query (see `SearchIndex.search`). */
  search(query: string, k: number): number[] {
    let results = fresh(
      (wanted) => this.built.ranked(query, wanted),
      (doc) => !this.stale[doc],
      k,
      this.staleList.length,
    );
    for (const segment of this.segments) {
      const { docs } = segment;
      const found = fresh(
        (wanted) =>
          segment.index
            .ranked(query, wanted)
            .map(({ doc, rank }) => ({ doc: docs[doc] as number, rank })),
        (doc) => this.segmentOf.get(doc) === segment,
        k,
        segment.dead,
      );
      results = [...results, ...found];
    }
    if (this.segments.length) results.sort((a, b) => b.rank - a.rank || a.doc - b.doc);
    return results.slice(0, k).map(({ doc }) => doc);
  }

  /** Every document the query matches, as a mask by document (see `SearchIndex.matchAll`). */
  matchAll(query: string): Uint8Array {
    const built = this.built.matchAll(query);
    const mask = built.length === this.docCount ? built : new Uint8Array(this.docCount);
    if (mask !== built) mask.set(built);
    for (const doc of this.staleList) mask[doc] = 0;
    for (const segment of this.segments) {
      segment.index.matchAll(query).forEach((hit, at) => {
        const doc = segment.docs[at] as number;
        if (hit && this.segmentOf.get(doc) === segment) mask[doc] = 1;
      });
    }
    return mask;
  }
}

/**
 * The best k of an index's ranked answer that `isLive` keeps, asking the index for more while
 * stale documents (at most `staleCount`) took places.
 */
function fresh(
  ranked: (wanted: number) => RankedDocument[],
  isLive: (doc: number) => boolean,
  k: number,
  staleCount: number,
): RankedDocument[] {
  let wanted = k + Math.min(staleCount, k);
  for (;;) {
    const found = ranked(wanted);
    const live = staleCount ? found.filter(({ doc }) => isLive(doc)) : found;
    if (live.length >= k || found.length < wanted || wanted >= k + staleCount) {
      return live.slice(0, k);
    }
    wanted = Math.min(wanted * 2, k + staleCount);
  }
}
