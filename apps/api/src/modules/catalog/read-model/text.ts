/** Lower case, accents removed: 'Batería', 'BATERIA' and 'bateria' are the same word. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Words of a text, normalized; letters and digits only. */
export function tokenize(text: string): string[] {
  return normalize(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** SKUs and references compare without case, spaces or punctuation: 'bat-lp 01' = 'BATLP01'. */
export function compactCode(code: string): string {
  return normalize(code).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A UTF-16 code unit's place in code point order: surrogates (of U+10000 and up) go last. */
const codePointRank = (unit: number) =>
  unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;

/**
 * Compares texts by code point, which is the byte order of their UTF-8 (JavaScript's `<`
 * compares UTF-16 code units, which puts U+10000 and up before U+E000–U+FFFF).
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** True when a and b differ by at most one edit (insert, delete, substitute or swap). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  if (la === lb) {
    let first = -1;
    let diffs = 0;
    for (let i = 0; i < la; i++) {
      if (a[i] !== b[i]) {
        if (++diffs > 2) return false;
        if (first < 0) first = i;
      }
    }
    if (diffs === 1) return true;
    // a transposition of neighbours counts as one typo
    return diffs === 2 && a[first] === b[first + 1] && a[first + 1] === b[first];
  }
  const [short, long] = la < lb ? [a, b] : [b, a];
  let i = 0;
  let j = 0;
  let skipped = false;
  while (i < short.length && j < long.length) {
    if (short[i] === long[j]) {
      i++;
      j++;
    } else {
      if (skipped) return false;
      skipped = true;
      j++;
    }
  }
  return true;
}
