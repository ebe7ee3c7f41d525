import { VarintReader, writeVarint } from './varint';

/** Where each value of a builder ends in its bytes, and whether it is there, as values come. */
class ValueEnds {
  private starts: Int32Array;
  private present: Uint8Array;
  private count = 0;

  /** Room for `capacity` values before it grows. */
  constructor(capacity = 1 << 12) {
    this.starts = new Int32Array(capacity + 1);
    this.present = new Uint8Array(capacity);
  }

  /** The next value: present or not (null, undefined), its bytes ending at `end`. */
  add(present: boolean, end: number) {
    if (this.count >= this.present.length) {
      const capacity = Math.max(this.present.length * 2, 1 << 12);
      const starts = new Int32Array(capacity + 1);
      starts.set(this.starts.subarray(0, this.count + 1));
      this.starts = starts;
      const grown = new Uint8Array(capacity);
      grown.set(this.present);
      this.present = grown;
    }
    this.present[this.count] = present ? 1 : 0;
    this.count++;
    this.starts[this.count] = end;
  }

  /**
   * Value i is bytes `[starts[i], starts[i + 1])`; `present[i]` is 0 for a missing one. The
   * builder lets go of its arrays, so that what it grew in is freed at once.
   */
  finish(): { starts: Int32Array; present: Uint8Array } {
    const { starts, present, count } = this;
    const ends = {
      starts: starts.length === count + 1 ? starts : starts.slice(0, count + 1),
      present: present.length === count ? present : present.slice(0, count),
    };
    this.starts = new Int32Array(1);
    this.present = new Uint8Array(0);
    this.count = 0;
    return ends;
  }
}

/**
 * Many short strings in one UTF-8 buffer, read back one at a time. A buffer lives outside the
 * JavaScript heap and is one object for the garbage collector to look at, where the same texts
 * as strings are hundreds of thousands of objects (two bytes a character as soon as a text has
 * a character beyond Latin-1, such as an en dash).
 */
export class PackedStrings {
  private constructor(
    private readonly bytes: Buffer,
    /** Value i is `bytes[starts[i] .. starts[i + 1])`. */
    private readonly starts: Int32Array,
    private readonly present: Uint8Array,
  ) {}

  static from(values: readonly (string | null | undefined)[]): PackedStrings {
    // Sized first, so that nothing is grown and copied (half a million codes are 6 MB).
    let bytes = 0;
    for (const value of values) if (value) bytes += Buffer.byteLength(value);
    const builder = new PackedStrings.Builder(bytes, values.length);
    for (const value of values) builder.push(value);
    return builder.finish();
  }

  get length(): number {
    return this.present.length;
  }

  get(i: number): string | undefined {
    if (!this.present[i]) return undefined;
    return this.bytes.toString('utf8', this.starts[i], this.starts[i + 1]);
  }

  /**
   * Value i against `key` (UTF-8 bytes), byte by byte, without making a string: negative, zero
   * or positive. A missing value compares as the empty one.
   */
  compare(i: number, key: Uint8Array): number {
    const start = this.starts[i] as number;
    const length = (this.starts[i + 1] as number) - start;
    const shared = Math.min(length, key.length);
    for (let at = 0; at < shared; at++) {
      const difference = (this.bytes[start + at] as number) - (key[at] as number);
      if (difference) return difference;
    }
    return length - key.length;
  }

  /** Values i and j compared as `compare` does. */
  compareValues(i: number, j: number): number {
    const start = this.starts[j] as number;
    return this.compare(i, this.bytes.subarray(start, this.starts[j + 1]));
  }

  /** Whether value i starts with `prefix` (UTF-8 bytes). */
  startsWith(i: number, prefix: Uint8Array): boolean {
    const start = this.starts[i] as number;
    if (!this.present[i] || (this.starts[i + 1] as number) - start < prefix.length) return false;
    for (let at = 0; at < prefix.length; at++) {
      if (this.bytes[start + at] !== prefix[at]) return false;
    }
    return true;
  }

  /** Appends values one at a time, so a long list never exists as strings all at once. */
  static Builder = class {
    private bytes: Buffer;
    private used = 0;
    private readonly values: ValueEnds;

    /** Room for `bytes` bytes of `count` values before it grows. */
    constructor(bytes = 1 << 16, count?: number) {
      this.bytes = Buffer.allocUnsafeSlow(bytes);
      this.values = new ValueEnds(count);
    }

    push(value: string | null | undefined) {
      const size = value ? Buffer.byteLength(value) : 0;
      if (this.used + size > this.bytes.length) {
        const bytes = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + size));
        this.bytes.copy(bytes, 0, 0, this.used);
        this.bytes = bytes;
      }
      if (value) this.bytes.write(value, this.used);
      this.used += size;
      this.values.add(value != null, this.used);
    }

    /** The values pushed; the builder lets go of what it grew in. */
    finish(): PackedStrings {
      let bytes = this.bytes;
      if (this.used < bytes.length) {
        bytes = Buffer.allocUnsafeSlow(this.used);
        this.bytes.copy(bytes, 0, 0, this.used);
      }
      this.bytes = Buffer.alloc(0);
      this.used = 0;
      const { starts, present } = this.values.finish();
      return new PackedStrings(bytes, starts, present);
    }
  };
}

/**
 * Many texts made of few distinct words (titles, image paths), each stored as the varint
 * numbers of its words, split at `separator`, in one byte buffer: a title of ten words takes
 * about fifteen bytes instead of fifty, and the distinct words are kept once, as strings.
 */
export class WordPackedStrings {
  private readonly reader: VarintReader;

  private constructor(
    private readonly separator: string,
    private readonly words: readonly string[],
    bytes: Uint8Array,
    /** Value i is the word numbers in `bytes[starts[i] .. starts[i + 1])`. */
    private readonly starts: Int32Array,
    private readonly present: Uint8Array,
  ) {
    this.reader = new VarintReader(bytes);
  }

  static from(separator: string, values: Iterable<string | null | undefined>): WordPackedStrings {
    const builder = new WordPackedStrings.Builder(separator);
    for (const value of values) builder.push(value);
    return builder.finish();
  }

  get length(): number {
    return this.present.length;
  }

  /** How many distinct words the values are made of. */
  get wordCount(): number {
    return this.words.length;
  }

  get(i: number): string | undefined {
    if (!this.present[i]) return undefined;
    const { reader, words, separator } = this;
    const end = this.starts[i + 1] as number;
    let text: string | undefined;
    reader.position = this.starts[i] as number;
    while (reader.position < end) {
      const word = words[reader.next()];
      text = text === undefined ? word : text + separator + word;
    }
    return text;
  }

  /** Appends values one at a time; only the distinct words are kept as strings. */
  static Builder = class {
    private readonly wordIds = new Map<string, number>();
    private readonly words: string[] = [];
    private bytes = new Uint8Array(1 << 16);
    private used = 0;
    private readonly values = new ValueEnds();

    constructor(private readonly separator: string) {}

    push(value: string | null | undefined) {
      if (value != null) {
        // A value always has at least one word ('' is the one empty word).
        for (const word of value.split(this.separator)) this.writeNumber(this.wordId(word));
      }
      this.values.add(value != null, this.used);
    }

    private wordId(word: string): number {
      let id = this.wordIds.get(word);
      if (id === undefined) {
        // A copy: a word split from a long text may be a slice that keeps the whole text alive.
        const own = Buffer.from(word).toString();
        id = this.words.push(own) - 1;
        this.wordIds.set(own, id);
      }
      return id;
    }

    private writeNumber(value: number) {
      if (this.used + 5 > this.bytes.length) {
        const bytes = new Uint8Array(this.bytes.length * 2);
        bytes.set(this.bytes.subarray(0, this.used));
        this.bytes = bytes;
      }
      this.used = writeVarint(this.bytes, this.used, value);
    }

    /** The values pushed; the builder lets go of what it grew in. */
    finish(): WordPackedStrings {
      const { starts, present } = this.values.finish();
      const bytes = this.bytes.slice(0, this.used);
      this.bytes = new Uint8Array(0);
      this.used = 0;
      return new WordPackedStrings(this.separator, this.words, bytes, starts, present);
    }
  };
}
