/**
 * The strings starting with `prefix` as a half-open range in byte order (`text_pattern_ops`'
 * `~>=~` and `~<~`): from the prefix itself to the least string after all of them, the prefix
 * with its last character moved one code point up (UTF-8 keeps code point order; trailing
 * U+10FFFF, which has no next one, are dropped first). A prepared statement's generic plan can
 * seek such a range in the index from parameters; it cannot do that with `LIKE $1`, whose prefix
 * it only sees in a plan made for each value. `to` is undefined when nothing follows (an empty
 * prefix or one of only U+10FFFF).
 */
export function prefixRange(prefix: string): { from: string; to: string | undefined } {
  const points = [...prefix].map((char) => char.codePointAt(0) ?? 0);
  while (points.at(-1) === 0x10ffff) points.pop();
  const last = points.pop();
  if (last === undefined) return { from: prefix, to: undefined };
  // The surrogates are not characters: after U+D7FF comes U+E000.
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  return { from: prefix, to: String.fromCodePoint(...points, next) };
}

/** Text matched literally by LIKE and ILIKE: its `\`, `%` and `_` escaped (the default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
