import { readFileSync } from 'node:fs';
import { SPEC_KEYS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { specLabelKey } from './spec-keys';

const english = JSON.parse(
  readFileSync(new URL('../../i18n/locales/en.json', import.meta.url), 'utf8'),
) as { catalog: { specs: Record<string, string> } };

describe('specification labels', () => {
  it('has an English label for every code of the contract (other languages: locales.test)', () => {
    for (const code of SPEC_KEYS) expect(english.catalog.specs[code], code).toBeTruthy();
    expect(Object.keys(english.catalog.specs).sort()).toEqual([...SPEC_KEYS].sort());
  });

  it('gives no label key for an unknown code, so the code itself is shown', () => {
    expect(specLabelKey('voltage')).toBe('catalog.specs.voltage');
    expect(specLabelKey('flux_capacitance')).toBeNull();
  });
});
