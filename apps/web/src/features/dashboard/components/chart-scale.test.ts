import { describe, expect, it } from 'vitest';
import { niceMax } from './chart-scale';

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(36_234.9)).toBe(50_000);
    expect(niceMax(1_000)).toBe(1_000);
    expect(niceMax(1_001)).toBe(2_000);
    expect(niceMax(0.42)).toBe(0.5);
    expect(niceMax(7.5)).toBe(10);
  });

  it('gives an empty chart a scale', () => {
    expect(niceMax(0)).toBe(100);
  });
});
