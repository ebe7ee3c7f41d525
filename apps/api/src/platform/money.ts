/**
 * Money is kept in integer cents everywhere and becomes euros only at the edge (JSON), as a
 * number with at most 2 decimals. The one place for money arithmetic.
 */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Euros (as sent by a client) to integer cents, rounding half away from zero. */
export function toCents(euros: number): number {
  return Math.sign(euros) * Math.round(Math.abs(euros) * 100 + Number.EPSILON);
}
