import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, VALIDATION_KEYS } from '@portal/contract';

type Tree = { [key: string]: string | Tree };

/**
 * The namespaces: the shop's texts, the back office's (downloaded by staff screens only), the
 * claims' and the approvals' (downloaded by their screens only).
 */
const NAMESPACES = ['translation', 'staff', 'claims', 'approvals', 'quotes'] as const;

function load(locale: string, namespace: (typeof NAMESPACES)[number] = 'translation'): Tree {
  const file = namespace === 'translation' ? `${locale}.json` : `${namespace}/${locale}.json`;
  const url = new URL(`./locales/${file}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [nested, leaf] of flatten(value, path)) entries.set(nested, leaf);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

const variables = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('English has every validation key of the contract', () => {
    const english = flatten(load('en'));
    for (const key of VALIDATION_KEYS) expect(english.has(key), key).toBe(true);
  });

  describe.each(NAMESPACES)('%s', (namespace) => {
    const english = flatten(load('en', namespace));

    describe.each(LOCALES)('%s', (locale) => {
      const translated = flatten(load(locale, namespace));

      it('has every English key with a non-empty text', () => {
        for (const key of english.keys()) {
          const value = translated.get(key);
          expect(typeof value, `${locale}: ${key}`).toBe('string');
          expect(String(value).trim(), `${locale}: ${key}`).not.toBe('');
        }
      });

      it('has no keys that English lacks', () => {
        const extra = [...translated.keys()].filter((key) => !english.has(key));
        expect(extra).toEqual([]);
      });

      it('keeps the same {{variables}} as English', () => {
        for (const [key, value] of english) {
          expect(variables(translated.get(key)), `${locale}: ${key}`).toEqual(variables(value));
        }
      });
    });
  });
});
