import { z } from 'zod';

/** A day as `YYYY-MM-DD`. */
export const isoDate = z.iso.date({ message: 'validation.invalid_date' });

/** A filter's period: `date_from` to `date_to`, both days included, either left open. */
export const dateRangeFields = {
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
};

/** A period's end is not before its start (with `datesMessage`, refused on `date_to`). */
export const datesInOrder = (query: { date_from?: string; date_to?: string }) =>
  !query.date_from || !query.date_to || query.date_from <= query.date_to;
export const datesMessage = { path: ['date_to'], message: 'validation.invalid_date' };
