import { compactCode, tokenize, withinOneEdit } from './text';

/** What a product is found by: codes (SKU, reference) and words (titles in every language…). */
export interface SearchDocument {
  codes: string[];
  words: string[];
}

/** Match quality, best first: a better tier always ranks above a worse one. */
const TIER = { codeExact: 16, codePrefix: 8, exact: 4, prefix: 2, typo: 1 } as const;
const PREFIX_CACHE_LIMIT = 64;
const PREFIX_CACHE_SIZE = 5_000;
const MULTI_TERM_CANDIDATES = 20_000;
/** Codes looked at for a prefix: enough to rank the best few by popularity. */
const CODE_SCAN_LIMIT = 500;

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The k smallest ids of the union of ascending lists. */
function smallestOfUnion(lists: Int32Array[], k: number): number[] {
  const seen = new Set<number>();
  const heads = lists.map(() => 0);
  const out: number[] = [];
  while (out.length < k) {
    let best = -1;
    let bestList = -1;
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l] as Int32Array;
      const head = heads[l] as number;
      if (head < list.length && (best < 0 || (list[head] as number) < best)) {
        best = list[head] as number;
        bestList = l;
      }
    }
    if (bestList < 0) break;
    heads[bestList] = (heads[bestList] as number) + 1;
    if (!seen.has(best)) {
      seen.add(best);
      out.push(best);
    }
  }
  return out;
}

/**
 * An inverted index over documents numbered 0..n-1 in order of popularity, so that among
 * equally good matches the most popular comes first and the top k of a posting list are its
 * first k entries. Codes match exactly or by prefix; words exactly, by prefix or with one typo.
 */
export class SearchIndex {
  private readonly tokens: string[];
  /** Posting lists of all tokens in one array: token i's are [postingStart[i], postingStart[i+1]). */
  private readonly postingData: Int32Array;
  private readonly postingStart: Int32Array;
  private readonly tokenIds = new Map<string, number>();
  private readonly tokensByLength: number[][] = [];
  private readonly docTokenData: Int32Array;
  private readonly docTokenStart: Int32Array;
  private readonly codes: string[];
  private readonly codeDocs: Int32Array;
  private readonly prefixTop = new Map<string, Int32Array>();

  constructor(documents: readonly SearchDocument[]) {
    const docWords = documents.map((doc) => new Set(doc.words.flatMap(tokenize)));
    const all = new Set<string>();
    for (const words of docWords) for (const word of words) all.add(word);
    this.tokens = [...all].sort();
    this.tokens.forEach((token, id) => {
      this.tokenIds.set(token, id);
      (this.tokensByLength[token.length] ??= []).push(id);
    });
    // Flat typed arrays rather than one small array per token and per document: at 100,000
    // products that is millions of objects fewer for the garbage collector to walk.
    const counts = new Int32Array(this.tokens.length + 1);
    this.docTokenStart = new Int32Array(docWords.length + 1);
    docWords.forEach((words, doc) => {
      this.docTokenStart[doc + 1] = (this.docTokenStart[doc] as number) + words.size;
    });
    this.docTokenData = new Int32Array(this.docTokenStart[docWords.length] as number);
    docWords.forEach((words, doc) => {
      const ids = Int32Array.from(words, (word) => this.tokenIds.get(word) as number).sort();
      this.docTokenData.set(ids, this.docTokenStart[doc] as number);
      for (const id of ids) counts[id + 1] = (counts[id + 1] as number) + 1;
    });
    for (let i = 1; i < counts.length; i++)
      counts[i] = (counts[i] as number) + (counts[i - 1] as number);
    this.postingStart = counts;
    this.postingData = new Int32Array(counts[this.tokens.length] as number);
    const fill = Int32Array.from(counts.subarray(0, this.tokens.length));
    for (let doc = 0; doc < docWords.length; doc++) {
      for (const id of this.docTokens(doc)) {
        this.postingData[fill[id] as number] = doc;
        fill[id] = (fill[id] as number) + 1;
      }
    }

    const codePairs: [string, number][] = [];
    documents.forEach((doc, id) => {
      for (const code of doc.codes) {
        const compact = compactCode(code);
        if (compact) codePairs.push([compact, id]);
      }
    });
    codePairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.codes = codePairs.map(([code]) => code);
    this.codeDocs = Int32Array.from(codePairs, ([, id]) => id);
  }

  /** The documents having token `id`, ascending. */
  private posting(id: number): Int32Array {
    return this.postingData.subarray(this.postingStart[id], this.postingStart[id + 1]);
  }

  /** The token ids of a document, ascending. */
  private docTokens(doc: number): Int32Array {
    return this.docTokenData.subarray(this.docTokenStart[doc], this.docTokenStart[doc + 1]);
  }

  /** Token ids matching a query term, with the tier of each. */
  private matchTerm(term: string, withTypos: boolean): Map<number, number> {
    const matches = new Map<number, number>();
    for (let i = lowerBound(this.tokens, term); i < this.tokens.length; i++) {
      const token = this.tokens[i] as string;
      if (!token.startsWith(term)) break;
      matches.set(i, token === term ? TIER.exact : TIER.prefix);
    }
    if (withTypos && term.length >= 4) {
      for (let length = term.length - 1; length <= term.length + 1; length++) {
        for (const id of this.tokensByLength[length] ?? []) {
          if (!matches.has(id) && withinOneEdit(term, this.tokens[id] as string)) {
            matches.set(id, TIER.typo);
          }
        }
      }
    }
    return matches;
  }

  /** Documents whose code equals (or, from 3 characters, starts with) the query, best first. */
  private matchCodes(query: string, k: number): { doc: number; tier: number }[] {
    const compact = compactCode(query);
    if (compact.length < 2) return [];
    const out: { doc: number; tier: number }[] = [];
    const end = Math.min(this.codes.length, lowerBound(this.codes, compact) + CODE_SCAN_LIMIT);
    for (let i = lowerBound(this.codes, compact); i < end; i++) {
      const code = this.codes[i] as string;
      if (!code.startsWith(compact)) break;
      if (code === compact) out.push({ doc: this.codeDocs[i] as number, tier: TIER.codeExact });
      else if (compact.length >= 3) {
        out.push({ doc: this.codeDocs[i] as number, tier: TIER.codePrefix });
      }
    }
    return out.sort((a, b) => b.tier - a.tier || a.doc - b.doc).slice(0, k);
  }

  /** The most popular documents having a word that starts with `prefix`, cached per prefix. */
  private topByPrefix(prefix: string, tokenIds: number[], k: number): number[] {
    if (tokenIds.length <= PREFIX_CACHE_LIMIT) {
      return smallestOfUnion(
        tokenIds.map((id) => this.posting(id)),
        k,
      );
    }
    let cached = this.prefixTop.get(prefix);
    if (!cached || cached.length < Math.min(k, 50)) {
      const lists = tokenIds.map((id) => this.posting(id));
      cached = Int32Array.from(smallestOfUnion(lists, Math.max(k, 50)));
      if (this.prefixTop.size >= PREFIX_CACHE_SIZE) this.prefixTop.clear();
      this.prefixTop.set(prefix, cached);
    }
    return Array.from(cached.subarray(0, k));
  }

  /** The best k documents for a query: codes first, then exact words, prefixes, one typo. */
  search(query: string, k: number): number[] {
    const terms = [...new Set(tokenize(query))];
    const results: number[] = [];
    const taken = new Set<number>();
    const take = (doc: number) => {
      if (results.length < k && !taken.has(doc)) {
        taken.add(doc);
        results.push(doc);
      }
    };
    for (const { doc } of this.matchCodes(query, k)) take(doc);
    if (terms.length === 0 || results.length >= k) return results;

    if (terms.length === 1) {
      const term = terms[0] as string;
      const exact = this.tokenIds.get(term);
      if (exact !== undefined) {
        const list = this.posting(exact);
        for (let i = 0; i < list.length && results.length < k; i++) take(list[i] as number);
      }
      if (results.length < k) {
        const prefixIds = [...this.matchTerm(term, false).keys()].filter((id) => id !== exact);
        for (const doc of this.topByPrefix(term, prefixIds, k + taken.size)) take(doc);
      }
      if (results.length < k && term.length >= 4) {
        const typos = [...this.matchTerm(term, true)]
          .filter(([, tier]) => tier === TIER.typo)
          .map(([id]) => this.posting(id));
        for (const doc of smallestOfUnion(typos, k + taken.size)) take(doc);
      }
      return results;
    }

    const scored = this.scoreAllTerms(terms, MULTI_TERM_CANDIDATES);
    scored.sort((a, b) => b.score - a.score || a.doc - b.doc);
    for (const { doc } of scored) take(doc);
    return results;
  }

  /** Documents matching every term (AND), each with the sum of its best tier per term. */
  private scoreAllTerms(terms: string[], candidateLimit: number) {
    const perTerm = terms.map((term) => this.matchTerm(term, true));
    const size = (matches: Map<number, number>) => {
      let total = 0;
      for (const id of matches.keys()) total += this.posting(id).length;
      return total;
    };
    const order = perTerm.map((matches, i) => ({ i, size: size(matches) }));
    order.sort((a, b) => a.size - b.size);
    const driver = perTerm[(order[0] as { i: number }).i] as Map<number, number>;
    const candidates = smallestOfUnion(
      [...driver.keys()].map((id) => this.posting(id)),
      candidateLimit,
    );
    const scored: { doc: number; score: number }[] = [];
    for (const doc of candidates) {
      let score = 0;
      let all = true;
      for (const matches of perTerm) {
        let best = 0;
        for (const id of this.docTokens(doc)) {
          const tier = matches.get(id);
          if (tier !== undefined && tier > best) best = tier;
        }
        if (best === 0) {
          all = false;
          break;
        }
        score += best;
      }
      if (all) scored.push({ doc, score });
    }
    return scored;
  }

  /** Every document the query matches (codes by prefix, all terms by word, prefix or typo). */
  matchAll(query: string): Set<number> {
    const matched = new Set<number>();
    const compact = compactCode(query);
    if (compact.length >= 2) {
      for (let i = lowerBound(this.codes, compact); i < this.codes.length; i++) {
        if (!(this.codes[i] as string).startsWith(compact)) break;
        matched.add(this.codeDocs[i] as number);
      }
    }
    const terms = [...new Set(tokenize(query))];
    if (terms.length) {
      for (const { doc } of this.scoreAllTerms(terms, Number.MAX_SAFE_INTEGER)) matched.add(doc);
    }
    return matched;
  }
}
