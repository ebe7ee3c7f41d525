import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadTogether } from './read-together';

/**
 * A store read through `ReadTogether`, recording each read's keys; after `hold()`, a read takes
 * its values at once and answers at `release()`.
 */
function store(trustMs = 2_000) {
  const values = new Map<string, number>([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);
  const reads: string[][] = [];
  let held: Array<() => void> | null = null;
  const together = new ReadTogether<number>({
    trustMs,
    max: 100,
    read: async (keys) => {
      reads.push([...keys].sort());
      const found = new Map(
        keys.flatMap((key) => (values.has(key) ? [[key, values.get(key)!] as const] : [])),
      );
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      return found;
    },
  });
  return {
    values,
    reads,
    together,
    /** Reads wait until `release()` from now on. */
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
    },
  };
}

let now = 0;
beforeEach(() => {
  now = 1_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReadTogether', () => {
  it('trusts a value for the period, then reads the keys in use together', async () => {
    const { together, reads } = store();
    expect(await together.get('a')).toBe(1);
    expect(await together.get('b')).toBe(2);
    expect(reads).toEqual([['a'], ['b']]);
    now += 1_500;
    expect(await together.get('b')).toBe(2);
    expect(reads).toHaveLength(2);
    // 'a' is due; 'b', asked since and read over half the period ago, comes with it.
    now += 600;
    expect(await together.get('a')).toBe(1);
    expect(reads.at(-1)).toEqual(['a', 'b']);
    now += 100;
    expect(await together.get('b')).toBe(2);
    expect(reads).toHaveLength(3);
    // A key not asked for a whole period is not read with the others.
    now += 2_000;
    await together.get('a');
    expect(reads.at(-1)).toEqual(['a']);
  });

  it('leaves out the keys read less than half the period ago', async () => {
    const { together, reads } = store();
    await together.get('a');
    now += 1_100;
    await together.get('b');
    now += 400;
    await together.get('c');
    expect(reads).toEqual([['a'], ['a', 'b'], ['c']]);
  });

  it('answers undefined for a key without a value, and holds nothing for it', async () => {
    const { together, reads, values } = store();
    expect(await together.get('x')).toBeUndefined();
    values.set('x', 9);
    expect(await together.get('x')).toBe(9);
    expect(reads).toEqual([['x'], ['x']]);
  });

  it('joins a read under way instead of starting another', async () => {
    const { together, reads, hold, release } = store();
    hold();
    const first = together.get('a');
    const second = together.get('a');
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(reads).toEqual([['a']]);
  });

  it('does not keep what a read found of a key forgotten meanwhile, and reads it anew', async () => {
    const { together, reads, values, hold, release } = store();
    hold();
    const before = together.get('a');
    together.forget('a');
    values.set('a', 10);
    release();
    expect(await before).toBe(1);
    expect(await together.get('a')).toBe(10);
    expect(reads).toEqual([['a'], ['a']]);
  });

  it('forgets the matching values and the reads under way', async () => {
    const { together, reads, values, hold, release } = store();
    await together.get('a');
    await together.get('b');
    hold();
    const reading = together.get('c');
    together.forgetWhere((value) => value === 1);
    values.set('a', 11);
    values.set('c', 33);
    release();
    expect(await reading).toBe(3);
    expect(await together.get('a')).toBe(11);
    expect(await together.get('b')).toBe(2);
    expect(await together.get('c')).toBe(33);
    expect(reads).toEqual([['a'], ['b'], ['c'], ['a'], ['c']]);
  });

  it('clears every value', async () => {
    const { together, reads } = store();
    await together.get('a');
    together.clear();
    await together.get('a');
    expect(reads).toEqual([['a'], ['a']]);
  });

  it('passes a failed read to those waiting for it, and reads again at the next ask', async () => {
    const failing = new ReadTogether<number>({
      trustMs: 2_000,
      max: 10,
      read: vi
        .fn()
        .mockRejectedValueOnce(new Error('down'))
        .mockResolvedValue(new Map([['a', 1]])),
    });
    await expect(failing.get('a')).rejects.toThrow('down');
    expect(await failing.get('a')).toBe(1);
  });

  it('reads at every ask when the period is 0', async () => {
    const { together, reads } = store(0);
    await together.get('a');
    await together.get('b');
    await together.get('a');
    expect(reads).toEqual([['a'], ['b'], ['a']]);
  });
});
