import { LRUCache } from 'lru-cache';

export interface ReadTogetherOptions<V> {
  /** How long a value read is trusted; 0: read at every ask. */
  trustMs: number;
  /** How many keys are held (the least recently asked go first). */
  max: number;
  /** Reads these keys' values in one go; a key left out of the answer has none. */
  read: (keys: string[]) => Promise<Map<string, V>>;
}

interface Held<V> {
  value: V;
  readAt: number;
}

/** A key's read under way, and whether the key was forgotten since it began. */
interface Reading<V> {
  values: Promise<Map<string, V>>;
  forgotten: boolean;
}

/**
 * Values read from the database and trusted for `trustMs`, for every key in use at once (the
 * sessions of a process, the companies' price lists). When a key must be read again, every key
 * asked for within the trust period and read more than half of it ago is read with it, in one
 * call of `read`: with many keys in use, one statement about every half period instead of one per
 * key every period (200 keys and 2 s: 100 statements a second, each a round trip of the request
 * that met it). No value is trusted longer than `trustMs`, so a change made by another process
 * shows within it. A key asked while its read is under way waits for that read.
 */
export class ReadTogether<V> {
  private readonly held: LRUCache<string, Held<V>>;
  private readonly reading = new Map<string, Reading<V>>();
  /**
   * When each key was last asked for, the oldest ask first: the keys in use, read again
   * together. A key is dropped once not asked for within the trust period, so finding the keys
   * due takes as long as there are keys in use, not as there are keys held.
   */
  private readonly asked = new Map<string, number>();

  constructor(private readonly options: ReadTogetherOptions<V>) {
    this.held = new LRUCache({ max: options.max });
  }

  /** The key's value, read now if not trusted any more; undefined when it has none. */
  async get(key: string): Promise<V | undefined> {
    const now = Date.now();
    this.asked.delete(key);
    this.asked.set(key, now);
    const held = this.held.get(key);
    if (held && now - held.readAt < this.options.trustMs) return held.value;
    const values = await (this.reading.get(key)?.values ?? this.readDue(key));
    return values.get(key);
  }

  /**
   * Forget a key's value: the next ask reads it anew, not joining a read already under way, which
   * may have read it before it changed, and whose finding is not kept.
   */
  forget(key: string): void {
    this.held.delete(key);
    const reading = this.reading.get(key);
    if (!reading) return;
    reading.forgotten = true;
    this.reading.delete(key);
  }

  /**
   * Forget the values that match, and every read under way (whose values are not known yet, so
   * may match): those keys are read anew at their next ask.
   */
  forgetWhere(matches: (value: V) => boolean): void {
    for (const [key, held] of [...this.held.entries()]) if (matches(held.value)) this.forget(key);
    for (const key of [...this.reading.keys()]) this.forget(key);
  }

  /** Forget every value and every read under way. */
  clear(): void {
    this.forgetWhere(() => true);
  }

  /** Reads `key` with every key due soon (asked within the period, read over half of it ago). */
  private readDue(key: string): Promise<Map<string, V>> {
    const startedAt = Date.now();
    const { trustMs } = this.options;
    const keys = [key];
    for (const [other, askedAt] of this.asked) {
      if (startedAt - askedAt >= trustMs) {
        this.asked.delete(other);
        continue;
      }
      const held = this.held.peek(other);
      if (
        held &&
        other !== key &&
        !this.reading.has(other) &&
        startedAt - held.readAt >= trustMs / 2
      ) {
        keys.push(other);
      }
    }
    const readings = new Map<string, Reading<V>>();
    const values = this.options
      .read(keys)
      .then((found) => {
        for (const [read, reading] of readings) {
          if (reading.forgotten) continue;
          const value = found.get(read);
          if (value === undefined || trustMs <= 0) {
            this.held.delete(read);
            continue;
          }
          this.held.set(read, { value, readAt: startedAt });
        }
        return found;
      })
      .finally(() => {
        for (const [read, reading] of readings) {
          if (this.reading.get(read) === reading) this.reading.delete(read);
        }
      });
    for (const read of keys) {
      const reading = { values, forgotten: false };
      readings.set(read, reading);
      this.reading.set(read, reading);
    }
    return values;
  }
}
