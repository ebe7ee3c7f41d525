/**
 * A seeded PRNG (mulberry32): tiny and fast, and the same seed always yields the same catalog,
 * which Math.random cannot promise.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max) rounded to `step`. */
  real(min: number, max: number, step = 0.1): number {
    const value = min + this.next() * (max - min);
    return Number((Math.round(value / step) * step).toFixed(6));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** `count` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const result: T[] = [];
    while (result.length < count && pool.length) {
      const [item] = pool.splice(Math.floor(this.next() * pool.length), 1);
      if (item !== undefined) result.push(item);
    }
    return result;
  }

  /** An integer in [0, max] where small values are far more common (popularity, sales). */
  skewed(max: number, power = 3): number {
    return Math.floor(max * this.next() ** power);
  }

  /** Fills a part-number pattern: `#` a digit, `@` an upper-case letter, anything else as is. */
  pattern(template: string): string {
    let out = '';
    for (const char of template) {
      if (char === '#') out += String(this.int(0, 9));
      else if (char === '@') out += String.fromCharCode(65 + this.int(0, 25));
      else out += char;
    }
    return out;
  }
}
