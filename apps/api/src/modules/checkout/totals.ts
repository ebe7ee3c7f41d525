import type { CheckoutSettings, Country, VatMode } from '@portal/contract';
import { lineCents, percentOfCents, percentToBasisPoints, toCents } from '../../platform/money';

/** A line to total: unit price in cents, quantity, unit weight in grams. */
export interface TotalsLine {
  unitPriceCents: number;
  quantity: number;
  weightGrams: number;
}

/** Who is invoiced: their country and whether their VAT number is verified (VIES or staff). */
export interface TotalsBuyer {
  country: Country;
  hasVerifiedVatNumber: boolean;
}

export interface Totals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Basis points: 2100 = 21 %. */
  vatRateBp: number;
  vatMode: VatMode;
  weightGrams: number;
}

/**
 * Shipping for `weightGrams` to `country`: the first weight band that holds it; heavier carts
 * ship as several parcels (full parcels at the heaviest band, the rest at its own band).
 */
export function shippingCents(
  weightGrams: number,
  country: Country,
  settings: CheckoutSettings,
): number {
  const zone = settings.shipping_zones.find((z) => z.countries.includes(country));
  // The settings schema requires every supported country in a zone.
  if (!zone) throw new Error(`no shipping zone for ${country}`);
  const bands = [...zone.rates].sort((a, b) => a.max_weight_grams - b.max_weight_grams);
  const heaviest = bands[bands.length - 1] as (typeof bands)[number];
  const bandFor = (grams: number) =>
    toCents((bands.find((band) => grams <= band.max_weight_grams) ?? heaviest).price);
  const fullParcels = Math.floor(weightGrams / heaviest.max_weight_grams);
  const rest = weightGrams - fullParcels * heaviest.max_weight_grams;
  if (fullParcels === 0) return bandFor(rest);
  return fullParcels * toCents(heaviest.price) + (rest > 0 ? bandFor(rest) : 0);
}

/**
 * EU B2B VAT: goods that stay in the seller's country, or a buyer established there, pay the
 * seller country's rate (domestic). Goods dispatched to another member state for a buyer
 * established outside the seller's country whose VAT number is verified (VIES or staff) are an
 * intra-Community supply, reverse-charged at 0 %. A cross-border buyer without a verified
 * number pays the seller country's rate. (Every deliverable country is a member state.)
 */
export function vatModeOf(
  deliveryCountry: Country,
  buyer: TotalsBuyer,
  sellerCountry: Country,
): VatMode {
  if (deliveryCountry === sellerCountry || buyer.country === sellerCountry) return 'domestic';
  return buyer.hasVerifiedVatNumber ? 'reverse_charge' : 'no_vat_number';
}

/** Every amount of an order, in integer cents: lines, shipping, VAT on both, total. */
export function computeTotals(input: {
  lines: TotalsLine[];
  deliveryCountry: Country;
  buyer: TotalsBuyer;
  settings: CheckoutSettings;
}): Totals {
  const { lines, deliveryCountry, buyer, settings } = input;
  const subtotalCents = lines.reduce(
    (sum, line) => sum + lineCents(line.unitPriceCents, line.quantity),
    0,
  );
  const weightGrams = lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const shipping = lines.length === 0 ? 0 : shippingCents(weightGrams, deliveryCountry, settings);
  const vatMode = vatModeOf(deliveryCountry, buyer, settings.seller_country);
  const vatRateBp =
    vatMode === 'reverse_charge'
      ? 0
      : percentToBasisPoints(settings.vat_rates[settings.seller_country]);
  const taxCents = percentOfCents(subtotalCents + shipping, vatRateBp);
  return {
    subtotalCents,
    shippingCents: shipping,
    taxCents,
    totalCents: subtotalCents + shipping + taxCents,
    vatRateBp,
    vatMode,
    weightGrams,
  };
}
