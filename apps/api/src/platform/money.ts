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

/** A unit price times a quantity, in cents. */
export function lineCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}

/** A percentage (in basis points: 2100 = 21 %) of an amount in cents, rounded half up. */
export function percentOfCents(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10_000);
}

/** A percentage as people write it (21, 25.5) to basis points. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** Cents as a euro amount written for `locale` (mails, pages: "€ 1.234,50", "€1,234.50"). */
export function formatEuros(cents: number, locale: string): string {
  return eurosFormat(locale).format(fromCents(cents));
}

/** Building an Intl formatter costs far more than using one: one per locale, kept. */
const eurosFormats = new Map<string, Intl.NumberFormat>();
function eurosFormat(locale: string): Intl.NumberFormat {
  let format = eurosFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    eurosFormats.set(locale, format);
  }
  return format;
}
