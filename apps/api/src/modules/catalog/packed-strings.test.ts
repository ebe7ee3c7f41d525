import { describe, expect, it } from 'vitest';
import { PackedStrings } from './packed-strings';

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
