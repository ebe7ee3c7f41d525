import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@portal/contract';

interface TermsContent {
  intro: string;
  sections: { title: string; paragraphs: string[] }[];
}

const load = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`./content/${locale}.json`, import.meta.url), 'utf8'),
  ) as TermsContent;

const english = load('en');

describe.each(LOCALES)('terms and conditions in %s', (locale) => {
  it('has the same structure as English, with text everywhere', () => {
    const terms = load(locale);
    expect(terms.intro.trim()).not.toBe('');
    expect(terms.sections.map((section) => section.paragraphs.length)).toEqual(
      english.sections.map((section) => section.paragraphs.length),
    );
    for (const section of terms.sections) {
      expect(section.title.trim()).not.toBe('');
      for (const paragraph of section.paragraphs) expect(paragraph.trim()).not.toBe('');
    }
  });
});
