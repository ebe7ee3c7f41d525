import { PackedStrings } from './packed-strings';
import { AscendingLists } from './ascending-lists';
import { compactCode, compareCodePoints, tokenize, withinOneEdit } from '../text';

/** What a product is found by: codes (SKU, reference) and words (titles in every language…). */
export interface SearchDocument {
  codes: string[];
  words: string[];
}

/** Match quality, best first: a better tier always ranks above a worse one. */
const TIER = { codeExact: 16, codePrefix: 8, exact: 4, prefix: 2, typo: 1 } as const;
/** Codes rank above any words: a word match scores at most TIER.exact per query term. */
const CODE_RANK = 1_000_000;
const PREFIX_CACHE_LIMIT = 64;
const PREFIX_CACHE_SIZE = 5_000;
const MULTI_TERM_CANDIDATES = 20_000;
/** Beyond this many codes starting with a query, its most popular documents are cached. */
const CODE_SCAN_LIMIT = 500;

/** A document found by a query, with the rank of its match (higher is better). */
export interface RankedDocument {
  doc: number;
  rank: number;
}

/**
 * The first position in [0, length) of a sorted list where `below(position)` turns false: a
 * binary search for the first value at or after the one `below` compares with.
 */
export function lowerBound(length: number, below: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Tokens and codes of documents, collected one document at a time in any order. */
export interface TokenizedDocuments {
  /** Distinct normalized words; documents refer to them by index. */
  tokens: string[];
  /**
   * Word indexes of document d: `docTokenData[docTokenStart[d] .. docTokenStart[d + 1])`. The
   * search index they are handed to renumbers and sorts them in place.
   */
  docTokenStart: Int32Array;
  docTokenData: Int32Array;
  /** Compact codes (SKU, reference…) and the document of each. */
  codes: string[];
  codeDocs: Int32Array;
}

/**
 * Tokenizes documents as they come (a catalog is read in batches), keeping only word indexes in
 * a flat array: the texts themselves can be dropped as soon as a document is added.
 */
export class TokenCollector {
  private readonly tokenIds = new Map<string, number>();
  private readonly tokens: string[] = [];
  private data = new Int32Array(1 << 16);
  private length = 0;
  private readonly starts: number[] = [0];
  private readonly codes: string[] = [];
  private readonly codeDocs: number[] = [];

  /** Adds the next document; answers its number. */
  add(document: SearchDocument): number {
    const doc = this.starts.length - 1;
    const words = new Set<string>();
    for (const text of document.words) for (const word of tokenize(text)) words.add(word);
    if (this.length + words.size > this.data.length) {
      const grown = new Int32Array(Math.max(this.data.length * 2, this.length + words.size));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    for (const word of words) {
      let id = this.tokenIds.get(word);
      if (id === undefined) {
        id = this.tokens.push(word) - 1;
        this.tokenIds.set(word, id);
      }
      this.data[this.length++] = id;
    }
    this.starts.push(this.length);
    for (const code of document.codes) {
      const compact = compactCode(code);
      if (compact) {
        this.codes.push(compact);
        this.codeDocs.push(doc);
      }
    }
    return doc;
  }

  /**
   * The documents collected, renumbered so that document d is the one added as `order[d]`.
   * Called once: the collector lets go of its words.
   */
  finish(order?: Int32Array): TokenizedDocuments {
    const count = this.starts.length - 1;
    const added = order ?? Int32Array.from({ length: count }, (_, i) => i);
    const numberOf = new Int32Array(count);
    added.forEach((from, doc) => (numberOf[from] = doc));
    const docTokenStart = new Int32Array(count + 1);
    const docTokenData = new Int32Array(this.length);
    added.forEach((from, doc) => {
      const words = this.data.subarray(this.starts[from], this.starts[from + 1]);
      docTokenData.set(words, docTokenStart[doc] as number);
      docTokenStart[doc + 1] = (docTokenStart[doc] as number) + words.length;
    });
    // Let go of the collected words at once: the index built next allocates as much again.
    this.data = new Int32Array(0);
    return {
      tokens: this.tokens,
      docTokenStart,
      docTokenData,
      codes: this.codes,
      codeDocs: Int32Array.from(this.codeDocs, (from) => numberOf[from] as number),
    };
  }
}

/**
 * An inverted index over documents numbered 0..n-1 in order of popularity, so that among
 * equally good matches the most popular comes first and the top k of a posting list are its
 * first k entries. Codes match exactly or by prefix; words exactly, by prefix or with one typo.
 */
export class SearchIndex {
  private readonly tokens: string[];
  /** The documents of each token. */
  private readonly postings: AscendingLists;
  /** The tokens of each document. */
  private readonly docTokens: AscendingLists;
  /** Room for one token's documents or one document's tokens, decoded. */
  private readonly decoded: Int32Array;
  private readonly tokenIds = new Map<string, number>();
  /** Token ids by token length, each list in alphabetical order (ids follow the sorted tokens). */
  private readonly tokensByLength: number[][] = [];
  /** The distinct characters of the tokens. */
  private readonly letters: string[];
  private readonly docCount: number;
  /** The codes sorted, as bytes: half a million strings would be as many heap objects. */
  private readonly codes: PackedStrings;
  private readonly codeDocs: Int32Array;
  private readonly prefixTop = new Map<string, Int32Array>();

  /** From documents in order of popularity, or from documents tokenized beforehand. */
  constructor(input: readonly SearchDocument[] | TokenizedDocuments) {
    let tokenized: TokenizedDocuments;
    if (Array.isArray(input)) {
      const collector = new TokenCollector();
      for (const document of input as readonly SearchDocument[]) collector.add(document);
      tokenized = collector.finish();
    } else {
      tokenized = input as TokenizedDocuments;
    }
    // Words sorted, so that the words of a prefix are neighbours.
    const byText = Int32Array.from(tokenized.tokens, (_, i) => i).sort((a, b) => {
      const x = tokenized.tokens[a] as string;
      const y = tokenized.tokens[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const renumber = new Int32Array(byText.length);
    byText.forEach((old, id) => (renumber[old] = id));
    this.tokens = Array.from(byText, (old) => tokenized.tokens[old] as string);
    const letters = new Set<string>();
    this.tokens.forEach((token, id) => {
      this.tokenIds.set(token, id);
      (this.tokensByLength[token.length] ??= []).push(id);
      for (const letter of token) letters.add(letter);
    });
    this.letters = [...letters];

    // Both ways, token to documents and document to tokens, as varint differences: about a
    // quarter of the bytes of 32-bit numbers.
    const { docTokenStart } = tokenized;
    this.docCount = docTokenStart.length - 1;
    // Renumbered and sorted in place: the tokenized documents are handed over to this index.
    const sorted = tokenized.docTokenData;
    sorted.forEach((old, at) => (sorted[at] = renumber[old] as number));
    for (let doc = 0; doc < this.docCount; doc++) {
      sorted.subarray(docTokenStart[doc], docTokenStart[doc + 1]).sort();
    }
    const eachDocToken = (visit: (doc: number, token: number) => void) => {
      for (let doc = 0; doc < this.docCount; doc++) {
        const end = docTokenStart[doc + 1] as number;
        for (let at = docTokenStart[doc] as number; at < end; at++)
          visit(doc, sorted[at] as number);
      }
    };
    this.postings = AscendingLists.build(this.tokens.length, (visit) =>
      eachDocToken((doc, token) => visit(token, doc)),
    );
    this.docTokens = AscendingLists.build(this.docCount, eachDocToken);
    this.decoded = new Int32Array(Math.max(this.docCount, this.docTokens.longest()));

    // Codes in code point order, the byte order of their UTF-8, so that a lookup compares bytes,
    // never strings.
    const byCode = Int32Array.from(tokenized.codes, (_, i) => i).sort(
      (a, b) =>
        compareCodePoints(tokenized.codes[a] as string, tokenized.codes[b] as string) ||
        (tokenized.codeDocs[a] as number) - (tokenized.codeDocs[b] as number),
    );
    this.codes = PackedStrings.from(Array.from(byCode, (i) => tokenized.codes[i] as string));
    this.codeDocs = Int32Array.from(byCode, (i) => tokenized.codeDocs[i] as number);
  }

  /** The number of documents indexed. */
  get size(): number {
    return this.docCount;
  }

  /**
   * The first `limit` documents having token `id`, ascending, in a buffer the next call reuses.
   */
  private posting(id: number, limit?: number): Int32Array {
    return this.decoded.subarray(0, this.postings.decode(id, this.decoded, limit));
  }

  /** Token ids matching a query term, with the tier of each. */
  private matchTerm(term: string, withTypos: boolean): Map<number, number> {
    const matches = new Map<number, number>();
    const [start, end] = this.prefixRange(term);
    for (let id = start; id < end; id++) {
      matches.set(id, this.tokens[id] === term ? TIER.exact : TIER.prefix);
    }
    if (withTypos) for (const id of this.typoIds(term, start, end)) matches.set(id, TIER.typo);
    return matches;
  }

  /** The ids of the tokens starting with `term`, neighbours in the sorted tokens: [start, end). */
  private prefixRange(term: string): [number, number] {
    const end = `${term}\uffff`;
    return [
      lowerBound(this.tokens.length, (id) => (this.tokens[id] as string) < term),
      lowerBound(this.tokens.length, (id) => (this.tokens[id] as string) < end),
    ];
  }

  /**
   * Token ids within one typo of `term` (of four letters or more), outside the ids [prefixStart,
   * prefixEnd) of the tokens starting with it.
   */
  private typoIds(term: string, prefixStart: number, prefixEnd: number): number[] {
    if (term.length < 4) return [];
    const found = new Set<number>();
    const add = (id: number) => {
      if (id < prefixStart || id >= prefixEnd) found.add(id);
    };
    const head = term.slice(0, 2);
    // A typo after the second letter: only the words starting with the same two letters and of a
    // length within one are compared (neighbours in each length's alphabetical list).
    for (let length = term.length - 1; length <= term.length + 1; length++) {
      const ids = this.tokensByLength[length];
      if (!ids) continue;
      for (let i = this.firstStartingWith(ids, head); i < ids.length; i++) {
        const id = ids[i] as number;
        const token = this.tokens[id] as string;
        if (!token.startsWith(head)) break;
        if (withinOneEdit(term, token)) add(id);
      }
    }
    // A typo in the first two letters: one of them missing, replaced, one more before or after
    // the first, or a swap of the first and second or second and third; each word is looked up.
    const [a, b, c] = [term.charAt(0), term.charAt(1), term.charAt(2)];
    const words = [
      term.slice(1),
      a + term.slice(2),
      b + a + term.slice(2),
      a + c + b + term.slice(3),
    ];
    for (const letter of this.letters) {
      words.push(letter + term.slice(1), letter + term);
      words.push(a + letter + term.slice(2), a + letter + term.slice(1));
    }
    for (const word of words) {
      const id = this.tokenIds.get(word);
      if (id !== undefined) add(id);
    }
    return [...found];
  }

  /** The position in `ids` (alphabetical) of the first token starting with `prefix` or after. */
  private firstStartingWith(ids: readonly number[], prefix: string): number {
    return lowerBound(ids.length, (i) => (this.tokens[ids[i] as number] as string) < prefix);
  }

  /** The position of the first code at or after `code` (UTF-8 bytes) in their order. */
  private firstCodeFrom(code: Uint8Array): number {
    return lowerBound(this.codes.length, (i) => this.codes.compare(i, code) < 0);
  }

  /**
   * Documents whose code equals (or, from 3 characters, starts with) the query, best first:
   * exact codes, then the most popular of the codes starting with it (cached per prefix when
   * many codes do, as a three-letter prefix of SKUs can).
   */
  private matchCodes(query: string, k: number): { doc: number; tier: number }[] {
    const compact = compactCode(query);
    if (compact.length < 2) return [];
    const bytes = Buffer.from(compact);
    const exact: number[] = [];
    let i = this.firstCodeFrom(bytes);
    for (; i < this.codes.length && this.codes.compare(i, bytes) === 0; i++) {
      exact.push(this.codeDocs[i] as number);
    }
    exact.sort((a, b) => a - b);
    const out: { doc: number; tier: number }[] = exact.map((doc) => ({
      doc,
      tier: TIER.codeExact,
    }));
    if (compact.length < 3) return out.slice(0, k);
    // The codes starting with the query are neighbours: [i, end).
    const start = i;
    const end = lowerBound(
      this.codes.length,
      (j) => j < start || this.codes.startsWith(j, bytes) || this.codes.compare(j, bytes) < 0,
    );
    const wanted = k + exact.length;
    let top: ArrayLike<number>;
    if (end - start <= CODE_SCAN_LIMIT) {
      top = this.codeDocs.slice(start, end).sort();
    } else {
      // Distinct documents (a product's SKU and reference can both start with the query).
      const key = `code:${compact}`;
      let cached = this.prefixTop.get(key);
      if (!cached || (cached.length < wanted && cached.length < end - start)) {
        const docs = this.codeDocs.slice(start, end).sort();
        cached = docs
          .filter((doc, j) => j === 0 || docs[j - 1] !== doc)
          .subarray(0, Math.max(wanted, 50));
        if (this.prefixTop.size >= PREFIX_CACHE_SIZE) this.prefixTop.clear();
        this.prefixTop.set(key, cached);
      }
      top = cached;
    }
    const seen = new Set(exact);
    for (let j = 0; j < top.length && out.length < wanted; j++) {
      const doc = top[j] as number;
      if (seen.has(doc)) continue;
      seen.add(doc);
      out.push({ doc, tier: TIER.codePrefix });
    }
    return out.slice(0, k);
  }

  /**
   * The most popular documents having a word that starts with `prefix` (the token ids
   * [start, end) without `exact`), cached per prefix.
   */
  private topByPrefix(
    prefix: string,
    start: number,
    end: number,
    exact: number | undefined,
    k: number,
  ): number[] {
    const lists = () => {
      const out: number[] = [];
      for (let id = start; id < end; id++) if (id !== exact) out.push(id);
      return out;
    };
    if (end - start <= PREFIX_CACHE_LIMIT) return this.postings.smallestOfUnion(lists(), k);
    let cached = this.prefixTop.get(prefix);
    // A cached list shorter than asked for is complete only if it was asked for as many.
    if (!cached || (cached.length < k && cached.length >= 50)) {
      cached = Int32Array.from(this.postings.smallestOfUnion(lists(), Math.max(k, 50)));
      if (this.prefixTop.size >= PREFIX_CACHE_SIZE) this.prefixTop.clear();
      this.prefixTop.set(prefix, cached);
    }
    return Array.from(cached.subarray(0, k));
  }

  /** The best k documents for a query: codes first, then exact words, prefixes, one typo. */
  search(query: string, k: number): number[] {
    return this.ranked(query, k).map(({ doc }) => doc);
  }

  /**
   * The best k documents for a query with the rank of each, best first: by rank descending, then
   * by document (popularity), so that the answers of two indexes merge into one order.
   */
  ranked(query: string, k: number): RankedDocument[] {
    const terms = [...new Set(tokenize(query))];
    const results: RankedDocument[] = [];
    const taken = new Set<number>();
    const take = (doc: number, rank: number) => {
      if (results.length < k && !taken.has(doc)) {
        taken.add(doc);
        results.push({ doc, rank });
      }
    };
    for (const { doc, tier } of this.matchCodes(query, k)) take(doc, CODE_RANK + tier);
    if (terms.length === 0 || results.length >= k) return results;

    if (terms.length === 1) {
      const term = terms[0] as string;
      const exact = this.tokenIds.get(term);
      if (exact !== undefined) {
        const list = this.posting(exact, k);
        for (let i = 0; i < list.length && results.length < k; i++) {
          take(list[i] as number, TIER.exact);
        }
      }
      const [start, end] = this.prefixRange(term);
      if (results.length < k) {
        for (const doc of this.topByPrefix(term, start, end, exact, k + taken.size)) {
          take(doc, TIER.prefix);
        }
      }
      if (results.length < k) {
        const typos = this.typoIds(term, start, end);
        for (const doc of this.postings.smallestOfUnion(typos, k + taken.size)) {
          take(doc, TIER.typo);
        }
      }
      return results;
    }

    const scored = this.scoreAllTerms(terms, MULTI_TERM_CANDIDATES);
    scored.sort((a, b) => b.score - a.score || a.doc - b.doc);
    for (const { doc, score } of scored) take(doc, score);
    return results;
  }

  /** Documents matching every term (AND), each with the sum of its best tier per term. */
  private scoreAllTerms(terms: string[], candidateLimit: number) {
    const perTerm = terms.map((term) => this.matchTerm(term, true));
    const size = (matches: Map<number, number>) => {
      let total = 0;
      for (const id of matches.keys()) total += this.postings.count(id);
      return total;
    };
    const order = perTerm.map((matches, i) => ({ i, size: size(matches) }));
    order.sort((a, b) => a.size - b.size);
    const first = (order[0] as { i: number }).i;
    const others = perTerm.filter((_, i) => i !== first);
    // The candidates: the most popular documents of the term matched by the fewest.
    const driver = this.bestTierByDoc(perTerm[first] as Map<number, number>);
    const scored: { doc: number; score: number }[] = [];
    const tokens = this.decoded;
    let candidates = 0;
    for (let doc = 0; doc < this.docCount && candidates < candidateLimit; doc++) {
      let score = driver[doc] as number;
      if (score === 0) continue;
      candidates++;
      const count = this.docTokens.decode(doc, tokens);
      for (const matches of others) {
        let best = 0;
        for (let i = 0; i < count; i++) {
          const tier = matches.get(tokens[i] as number);
          if (tier !== undefined && tier > best) best = tier;
        }
        if (best === 0) {
          score = 0;
          break;
        }
        score += best;
      }
      if (score > 0) scored.push({ doc, score });
    }
    return scored;
  }

  /** By document, the best tier of the tokens among `matches` it has (0 for none). */
  private bestTierByDoc(matches: Map<number, number>): Uint8Array {
    const best = new Uint8Array(this.docCount);
    for (const [id, tier] of matches) this.postings.raise(id, tier, best);
    return best;
  }

  /**
   * Every document the query matches, as a mask by document: codes by prefix, or every term by
   * word, prefix or one typo. Unranked, so the postings are simply marked: a two-letter prefix
   * that matches most of the catalog costs one pass over its postings.
   */
  matchAll(query: string): Uint8Array {
    const count = this.docCount;
    const mask = new Uint8Array(count);
    const compact = compactCode(query);
    if (compact.length >= 2) {
      const bytes = Buffer.from(compact);
      for (let i = this.firstCodeFrom(bytes); i < this.codes.length; i++) {
        if (!this.codes.startsWith(i, bytes)) break;
        mask[this.codeDocs[i] as number] = 1;
      }
    }
    let all: Uint8Array | null = null;
    for (const term of new Set(tokenize(query))) {
      const hit = new Uint8Array(count);
      for (const id of this.matchTerm(term, true).keys()) {
        this.postings.raise(id, 1, hit);
      }
      if (all)
        for (let doc = 0; doc < count; doc++)
          all[doc] = (all[doc] as number) & (hit[doc] as number);
      else all = hit;
    }
    if (all)
      for (let doc = 0; doc < count; doc++)
        mask[doc] = (mask[doc] as number) | (all[doc] as number);
    return mask;
  }
}
