import { describe, expect, it } from 'vitest';
import { prefixRange } from './prefix';

describe('prefixRange', () => {
  it('ends before the next prefix of the same length', () => {
    expect(prefixRange('100080')).toEqual({ from: '100080', to: '100081' });
    expect(prefixRange('1009')).toEqual({ from: '1009', to: '100:' });
    expect(prefixRange('%_')).toEqual({ from: '%_', to: '%`' });
  });

  it('moves the last character a code point up, past the surrogates and U+10FFFF', () => {
    expect(prefixRange('aé')).toEqual({ from: 'aé', to: 'aê' });
    expect(prefixRange('a\u{d7ff}')).toEqual({ from: 'a\u{d7ff}', to: 'a\u{e000}' });
    expect(prefixRange('a😀')).toEqual({ from: 'a😀', to: 'a😁' });
    expect(prefixRange('ab\u{10ffff}\u{10ffff}')).toEqual({
      from: 'ab\u{10ffff}\u{10ffff}',
      to: 'ac',
    });
    expect(prefixRange('\u{10ffff}')).toEqual({ from: '\u{10ffff}', to: undefined });
    expect(prefixRange('')).toEqual({ from: '', to: undefined });
  });
});
