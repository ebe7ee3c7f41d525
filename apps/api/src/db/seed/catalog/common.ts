import type { Locale, ProductState } from '@portal/contract';
import type { Random } from './random';
import type { SpecKey } from '@portal/contract';
import type { Spec } from './types';

export const words = (
  en: string,
  fr: string,
  es: string,
  de: string,
  nl: string,
  it: string,
): Record<Locale, string> => ({ en, fr, es, de, nl, it });

export const FOR = words('for', 'pour', 'para', 'für', 'voor', 'per');

export const spec = (key: SpecKey, value: string | number): Spec => ({ key, value: String(value) });

/** Wholesale prices end in .90 and stay inside the type's range. */
export function priceCents(euros: number, min: number, max: number): number {
  const clamped = Math.min(max, Math.max(min, euros));
  return Math.max(min * 100, Math.round(clamped) * 100 - 10);
}

/** The original brand for about one product in five, otherwise an aftermarket maker. */
export function pickMaker(
  rng: Random,
  brand: string,
  compatibles: readonly string[],
  originalShare = 0.2,
): { manufacturer: string; original: boolean } {
  return rng.chance(originalShare)
    ? { manufacturer: brand, original: true }
    : { manufacturer: rng.pick(compatibles), original: false };
}

/** Refurbished stock comes mostly from original brands. */
export const pickState = (rng: Random, original: boolean): ProductState =>
  rng.chance(original ? 0.25 : 0.02) ? 'refurbished' : 'new';

/** `count` distinct part numbers from patterns (`#` digit, `@` letter). */
export function partNumbers(rng: Random, patterns: readonly string[], count: number): string[] {
  const parts = new Set<string>();
  for (let tries = 0; parts.size < count && tries < count * 4; tries++) {
    parts.add(rng.pattern(rng.pick(patterns)));
  }
  return [...parts];
}

/** A compatible product's own reference: the brand and the part it replaces, 'DELL-451-BBXX'. */
export const compatibleReference = (brand: string, part: string) =>
  `${brand.toUpperCase().replace(/[^A-Z0-9]/g, '')}-${part.replace(/\s+/g, '')}`;

/** Two upper-case letters for the SKU: 'Dell' → 'DE'. */
export const codeOf = (name: string) =>
  name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
