import { describe, expect, it } from 'vitest';
import { PackedStrings, WordPackedStrings } from './packed-strings';

describe('PackedStrings', () => {
  it('gives back every value as stored, missing ones as undefined', () => {
    const values = [
      'Battery – 11.1 V',
      undefined,
      '',
      'Ladegerät für iPhone 12',
      null,
      '日本語',
      'x',
    ];
    const packed = PackedStrings.from(values);
    expect(packed.length).toBe(values.length);
    expect(values.map((_, i) => packed.get(i))).toEqual([
      'Battery – 11.1 V',
      undefined,
      '',
      'Ladegerät für iPhone 12',
      undefined,
      '日本語',
      'x',
    ]);
    expect(packed.get(99)).toBeUndefined();
  });
});

describe('WordPackedStrings', () => {
  it('gives back every value as stored, made of words kept once', () => {
    const values = [
      'Battery for Dell XPS 15 – 11.1 V',
      undefined,
      '',
      ' two  spaces ',
      'Battery for HP ProBook 650 G2',
      null,
      '日本語 テキスト',
      'a-word-that-is-long-enough-to-be-a-slice-of-its-text and more',
    ];
    const packed = WordPackedStrings.from(' ', values);
    expect(packed.length).toBe(values.length);
    expect(values.map((_, i) => packed.get(i))).toEqual(values.map((value) => value ?? undefined));
    expect(packed.get(99)).toBeUndefined();
    // 'Battery' and 'for' are stored once for both titles.
    const words = new Set(values.flatMap((value) => value?.split(' ') ?? []));
    expect(packed.wordCount).toBe(words.size);
  });

  it('numbers words beyond one byte of varint', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `/api/media/${i}/thumb.svg`);
    const packed = WordPackedStrings.from('/', values);
    expect(Array.from({ length: values.length }, (_, i) => packed.get(i))).toEqual(values);
  });
});

describe('PackedStrings.compare', () => {
  it('orders values by their UTF-8 bytes without making strings', () => {
    const values = ['b', 'ab', 'a', '', 'Ä', 'abc', 'Z'];
    const packed = PackedStrings.from([...values, undefined]);
    const order = values.map((_, i) => i).sort((a, b) => packed.compareValues(a, b));
    expect(order.map((i) => values[i])).toEqual(['', 'Z', 'a', 'ab', 'abc', 'b', 'Ä']);
    expect(packed.compare(2, Buffer.from('a'))).toBe(0);
    expect(packed.compare(1, Buffer.from('abc'))).toBeLessThan(0);
    expect(packed.compare(0, Buffer.from('a'))).toBeGreaterThan(0);
    // A missing value compares as the empty one.
    expect(packed.compare(values.length, Buffer.from(''))).toBe(0);
  });
});
