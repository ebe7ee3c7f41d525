import { afterEach, describe, expect, it } from 'vitest';
import { pageBySeek, rememberedOn, seekSettings, type Boundaries } from './seek-index';

const saved = { ...seekSettings };
afterEach(() => Object.assign(seekSettings, saved));

/** A list of `rows` rows whose boundaries are computed by counting calls, at version '1'. */
function list(db: object, name: string, rows: number) {
  const computed: number[] = [];
  const read = (offset: number) =>
    pageBySeek({
      db,
      list: name,
      offset,
      newest: { at: 'infinity', tie: 'last' },
      compute: async (every): Promise<Boundaries> => {
        computed.push(every);
        const keys = [];
        for (let row = 0; row < rows; row += every) keys.push({ at: String(row), tie: name });
        return { version: '1', keys };
      },
      seek: async (boundary, skip) => ({
        page: `${name}: ${boundary.at} + ${skip}`,
        version: '1',
      }),
      plain: async () => `${name}: plain`,
    });
  return { read, computed };
}

describe('remembered page boundaries', () => {
  it('reads a page from the boundary at or before its offset, computing them once', async () => {
    seekSettings.every = 10;
    const db = {};
    const orders = list(db, 'orders', 100);
    expect(await orders.read(5)).toBe('orders: infinity + 5');
    expect(await orders.read(57)).toBe('orders: 50 + 7');
    expect(await orders.read(99)).toBe('orders: 90 + 9');
    expect(orders.computed).toEqual([10]);
    expect(rememberedOn(db)).toEqual({ lists: 1, keys: 10 });
  });

  it('forgets the least recently used lists when their boundaries exceed the budget', async () => {
    Object.assign(seekSettings, { every: 10, maxKeys: 15 });
    const db = {};
    const a = list(db, 'a', 100);
    const b = list(db, 'b', 100);
    const c = list(db, 'c', 50);
    await a.read(20);
    await b.read(20);
    expect(rememberedOn(db)).toEqual({ lists: 1, keys: 10 });
    await c.read(20);
    expect(rememberedOn(db)).toEqual({ lists: 2, keys: 15 });
    // b was used last before c: a is gone and is computed again.
    await b.read(30);
    await a.read(30);
    expect(b.computed).toEqual([10]);
    expect(a.computed).toEqual([10, 10]);
    expect(rememberedOn(db)).toEqual({ lists: 1, keys: 10 });
  });

  it('keeps a list larger than the whole budget until another list is read', async () => {
    Object.assign(seekSettings, { every: 10, maxKeys: 5 });
    const db = {};
    const big = list(db, 'big', 200);
    await big.read(150);
    await big.read(160);
    expect(big.computed).toEqual([10]);
    expect(rememberedOn(db)).toEqual({ lists: 1, keys: 20 });
  });
});
