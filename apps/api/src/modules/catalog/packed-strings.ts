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

  static from(values: Iterable<string | null | undefined>): PackedStrings {
    const builder = new PackedStrings.Builder();
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

  /** Appends values one at a time, so a long list never exists as strings all at once. */
  static Builder = class {
    private bytes = Buffer.allocUnsafeSlow(1 << 16);
    private used = 0;
    private starts = new Int32Array(1 << 12);
    private present = new Uint8Array(1 << 12);
    private count = 0;

    push(value: string | null | undefined) {
      if (this.count + 1 >= this.starts.length) {
        const starts = new Int32Array(this.starts.length * 2);
        starts.set(this.starts);
        this.starts = starts;
        const present = new Uint8Array(this.present.length * 2);
        present.set(this.present);
        this.present = present;
      }
      const size = value ? Buffer.byteLength(value) : 0;
      if (this.used + size > this.bytes.length) {
        const bytes = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + size));
        this.bytes.copy(bytes, 0, 0, this.used);
        this.bytes = bytes;
      }
      if (value) this.bytes.write(value, this.used);
      this.used += size;
      this.present[this.count] = value == null ? 0 : 1;
      this.count++;
      this.starts[this.count] = this.used;
    }

    finish(): PackedStrings {
      const bytes = Buffer.allocUnsafeSlow(this.used);
      this.bytes.copy(bytes, 0, 0, this.used);
      return new PackedStrings(
        bytes,
        this.starts.slice(0, this.count + 1),
        this.present.slice(0, this.count),
      );
    }
  };
}
