import { describe, expect, it } from 'vitest';
import { searchText, submitTarget } from './search';

describe('product search', () => {
  it('sends trimmed text and nothing for blank text', () => {
    expect(searchText('  charger ')).toBe('charger');
    expect(searchText('   ')).toBe('');
    expect(searchText('x'.repeat(300))).toHaveLength(100);
  });

  it('Enter opens the highlighted product, or the only result', () => {
    const one = [{ sku: 'A1' }];
    const two = [{ sku: 'A1' }, { sku: 'B2' }];
    expect(submitTarget('B2', two)).toBe('B2');
    expect(submitTarget(null, one)).toBe('A1');
    expect(submitTarget(null, two)).toBeNull();
    expect(submitTarget(null, [])).toBeNull();
    expect(submitTarget(null, undefined)).toBeNull();
  });
});
