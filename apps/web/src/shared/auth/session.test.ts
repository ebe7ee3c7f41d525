import { describe, expect, it } from 'vitest';
import { readTokenExpiry } from './session';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('readTokenExpiry', () => {
  it('reads the exp claim of a base64url payload', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ sub: 'ü?>', exp: 1_900_000_000 })}.sig`;
    expect(readTokenExpiry(token)).toBe(1_900_000_000);
  });

  it('returns null for unreadable tokens', () => {
    expect(readTokenExpiry('garbage')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
    expect(readTokenExpiry(`x.${encode({ sub: 1 })}.y`)).toBeNull();
  });
});
