// Varints: a non-negative number in 7-bit groups, low first, the high bit of each byte set when
// another follows (0-127 in one byte, up to 16,383 in two). The catalog's packed texts and search
// lists store numbers this way.

/** The bytes of `value` as a varint. */
export function varintLength(value: number): number {
  let length = 1;
  for (let rest = value; rest > 0x7f; rest >>>= 7) length++;
  return length;
}

/** Writes `value` at `position` of `bytes` (room enough); answers the position after it. */
export function writeVarint(bytes: Uint8Array, position: number, value: number): number {
  let at = position;
  let rest = value;
  while (rest > 0x7f) {
    bytes[at++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  bytes[at++] = rest;
  return at;
}

/** Reads varints one after the other from `position`. */
export class VarintReader {
  position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** The varint at `position`, which moves past it. */
  next(): number {
    const { bytes } = this;
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[this.position++] as number;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  }
}
