import { VarintReader, varintLength, writeVarint } from './varint';

/**
 * Lists of ascending numbers (the documents of each search token, the tokens of each document),
 * kept as the varint differences between neighbours in one byte buffer. The documents of a common
 * word are a few numbers apart, so a list takes little more than a byte a number instead of four.
 */
export class AscendingLists {
  private readonly reader: VarintReader;

  private constructor(
    bytes: Uint8Array,
    /** List l's numbers are in `bytes[starts[l] .. starts[l + 1])`. */
    private readonly starts: Int32Array,
    private readonly counts: Int32Array,
  ) {
    this.reader = new VarintReader(bytes);
  }

  /**
   * `listCount` lists from `entries`, which calls `visit(list, value)` for every value of every
   * list, each list's values ascending. It is called twice: to size the lists, then to fill them.
   */
  static build(
    listCount: number,
    entries: (visit: (list: number, value: number) => void) => void,
  ): AscendingLists {
    const counts = new Int32Array(listCount);
    const starts = new Int32Array(listCount + 1);
    // The last value written of each list, so that the next is written as the difference.
    const last = new Int32Array(listCount);
    entries((list, value) => {
      counts[list] = (counts[list] as number) + 1;
      starts[list + 1] =
        (starts[list + 1] as number) + varintLength(value - (last[list] as number));
      last[list] = value;
    });
    for (let list = 0; list < listCount; list++) {
      starts[list + 1] = (starts[list + 1] as number) + (starts[list] as number);
    }
    const bytes = new Uint8Array(starts[listCount] as number);
    const at = starts.slice(0, listCount);
    last.fill(0);
    entries((list, value) => {
      at[list] = writeVarint(bytes, at[list] as number, value - (last[list] as number));
      last[list] = value;
    });
    return new AscendingLists(bytes, starts, counts);
  }

  /** How many numbers list `list` has. */
  count(list: number): number {
    return this.counts[list] as number;
  }

  /** The most numbers a list has. */
  longest(): number {
    return this.counts.reduce((most, count) => Math.max(most, count), 0);
  }

  /** Writes the first `limit` numbers of `list` into `into`; answers how many it wrote. */
  decode(list: number, into: Int32Array, limit = into.length): number {
    const { reader } = this;
    const end = this.starts[list + 1] as number;
    reader.position = this.starts[list] as number;
    let value = 0;
    let written = 0;
    while (reader.position < end && written < limit) {
      value += reader.next();
      into[written++] = value;
    }
    return written;
  }

  /**
   * Raises `best[value]` to `tier` for each value of `list`: by document, the best match of a
   * query word, in one pass over the bytes.
   */
  raise(list: number, tier: number, best: Uint8Array): void {
    const { reader } = this;
    const end = this.starts[list + 1] as number;
    reader.position = this.starts[list] as number;
    let value = 0;
    while (reader.position < end) {
      value += reader.next();
      if (tier > (best[value] as number)) best[value] = tier;
    }
  }

  /** The `k` smallest numbers of the union of `lists`, ascending. */
  smallestOfUnion(lists: readonly number[], k: number): number[] {
    const { reader } = this;
    const position = Int32Array.from(lists, (list) => this.starts[list] as number);
    const end = Int32Array.from(lists, (list) => this.starts[list + 1] as number);
    // The next number of each list, or -1 once it is done.
    const head = new Int32Array(lists.length);
    const advance = (list: number, from: number) => {
      if ((position[list] as number) >= (end[list] as number)) {
        head[list] = -1;
        return;
      }
      reader.position = position[list] as number;
      head[list] = from + reader.next();
      position[list] = reader.position;
    };
    for (let list = 0; list < lists.length; list++) advance(list, 0);
    const out: number[] = [];
    while (out.length < k) {
      let best = -1;
      let bestList = -1;
      for (let list = 0; list < lists.length; list++) {
        const value = head[list] as number;
        if (value >= 0 && (best < 0 || value < best)) {
          best = value;
          bestList = list;
        }
      }
      if (bestList < 0) break;
      advance(bestList, best);
      // The lists are ascending and the smallest head is taken each time: a number several
      // lists have comes out several times in a row.
      if (out[out.length - 1] !== best) out.push(best);
    }
    return out;
  }
}
