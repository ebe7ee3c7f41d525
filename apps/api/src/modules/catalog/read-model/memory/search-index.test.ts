import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import { compareCodePoints, normalize, tokenize, withinOneEdit } from '../text';

// Documents are numbered by popularity: 0 is the most popular.
const docs = [
  {
    codes: ['BAT-LP-DE-000001', 'DELL-451-BBXX'],
    words: [
      'Battery for Dell Latitude 5480',
      'Batterie pour Dell Latitude 5480',
      'Batería para Dell Latitude 5480',
      'Dell',
    ],
  },
  {
    codes: ['CHG-PH-AP-000002', 'A1720'],
    words: ['Charger for iPhone 12', 'Chargeur pour iPhone 12', 'Ladegerät für iPhone 12', 'Apple'],
  },
  {
    codes: ['BAT-PT-MA-000003', 'BL1850'],
    words: ['Battery for Makita DHP482', 'Akku für Makita DHP482', 'Makita'],
  },
  {
    codes: ['SOL-PN-00004', 'SP-400'],
    words: ['Solar panel 400 W mono', 'Panneau solaire 400 W', 'SunPower'],
  },
  {
    codes: ['BAT-LP-DE-000005', 'DELL-7FJ92'],
    words: ['Battery for Dell XPS 13', 'Batterie pour Dell XPS 13', 'Dell'],
  },
];
const index = new SearchIndex(docs);

describe('text', () => {
  it('ignores case and accents', () => {
    expect(normalize('Batería')).toBe('bateria');
    expect(tokenize('Ladegerät für iPhone-12')).toEqual(['ladegerat', 'fur', 'iphone', '12']);
  });
  it.each([
    ['battery', 'batery', true],
    ['battery', 'bettery', true],
    ['battery', 'batetry', true],
    ['battery', 'batteryy', true],
    ['battery', 'bxttxry', false],
    ['dell', 'del', true],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
  });
});

describe('SearchIndex', () => {
  it('finds a SKU or reference exactly, whatever the punctuation, first', () => {
    expect(index.search('bat-pt-ma-000003', 5)[0]).toBe(2);
    expect(index.search('BL1850', 5)[0]).toBe(2);
    expect(index.search('dell 7fj92', 5)[0]).toBe(4);
  });

  it('finds SKUs by prefix', () => {
    expect(index.search('BAT-LP', 5)).toEqual([0, 4]);
  });

  it('matches words in every language, by prefix, most popular first', () => {
    expect(index.search('batterie', 5)).toEqual([0, 4]);
    expect(index.search('bateria', 5)).toEqual([0]);
    expect(index.search('Batería', 5)).toEqual([0]);
    expect(index.search('charg', 5)).toEqual([1]);
    expect(index.search('ba', 2)).toEqual([0, 2]);
  });

  it('puts whole-word matches before prefix matches', () => {
    const extra = new SearchIndex([
      { codes: [], words: ['Panelling kit'] },
      { codes: [], words: ['Solar panel'] },
    ]);
    expect(extra.search('panel', 2)).toEqual([1, 0]);
  });

  it('tolerates one typo in words of four letters or more', () => {
    expect(index.search('batery', 5)).toEqual(expect.arrayContaining([0, 2, 4]));
    expect(index.search('makta', 5)).toEqual([2]);
    expect(index.search('chrger', 5)).toEqual([1]);
  });

  it('tolerates a typo in the first letter too: missing, another, one more, or swapped', () => {
    for (const query of ['akita', 'nakita', 'xmakita', 'amkita']) {
      expect(index.search(query, 5), query).toEqual([2]);
    }
    expect(index.search('vell xps', 5)).toEqual([4]);
  });

  it('finds with one typo exactly the words within one edit, as comparing every word would', () => {
    // Words and queries from a small alphabet, so that many are within one edit of each other.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const word = (length: number) =>
      Array.from({ length }, () => 'abcd'.charAt(random(4))).join('');
    const words = Array.from({ length: 400 }, () => word(4 + random(3)));
    const many = new SearchIndex(words.map((w) => ({ codes: [], words: [w] })));
    for (let q = 0; q < 200; q++) {
      const query = word(4 + random(3));
      const expected = words
        .map((w, doc) => (withinOneEdit(query, w) || w.startsWith(query) ? doc : -1))
        .filter((doc) => doc >= 0);
      expect(
        [...many.search(query, 1000)].sort((a, b) => a - b),
        query,
      ).toEqual(expected);
    }
  });

  it('requires every word of a multi-word query', () => {
    expect(index.search('battery dell', 5)).toEqual([0, 4]);
    expect(index.search('dell xps', 5)).toEqual([4]);
    expect(index.search('dell makita', 5)).toEqual([]);
  });

  it('answers nothing for text without letters or digits', () => {
    expect(index.search('  -- ', 5)).toEqual([]);
  });

  it('lists every match for listings', () => {
    const matched = (query: string) =>
      [...index.matchAll(query)].flatMap((hit, doc) => (hit ? [doc] : []));
    expect(matched('dell')).toEqual([0, 4]);
    expect(matched('sol')).toEqual([3]);
  });
});

describe('compareCodePoints', () => {
  it('orders texts as the bytes of their UTF-8 do', () => {
    const texts = ['', 'a', 'ab', 'b', 'z9', 'é', '\uE000', '\uFFFD', '😀', '😀a', 'ꝏ', 'Ω'];
    const byBytes = [...texts].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...texts].reverse().sort(compareCodePoints)).toEqual(byBytes);
  });
});
