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
    const starts = new Int32Array(values.length + 1);
    const present = new Uint8Array(values.length);
    values.forEach((value, i) => {
      present[i] = value == null ? 0 : 1;
      starts[i + 1] = (starts[i] as number) + (value ? Buffer.byteLength(value) : 0);
    });
    const bytes = Buffer.allocUnsafeSlow(starts[values.length] as number);
    values.forEach((value, i) => {
      if (value) bytes.write(value, starts[i] as number);
    });
    return new PackedStrings(bytes, starts, present);
  }

  get length(): number {
    return this.present.length;
  }

  get(i: number): string | undefined {
    if (!this.present[i]) return undefined;
    return this.bytes.toString('utf8', this.starts[i], this.starts[i + 1]);
  }
}
