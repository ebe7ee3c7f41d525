import { checkoutSettingsSchema, type CheckoutSettings } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { formatEuros, percentOfCents } from '../../platform/money';
import { computeTotals, shippingCents, vatModeOf } from './totals';

const settings: CheckoutSettings = checkoutSettingsSchema.parse({
  seller_country: 'NL',
  vat_rates: {
    AT: 20,
    BE: 21,
    BG: 20,
    HR: 25,
    CZ: 21,
    DK: 25,
    EE: 24,
    FI: 25.5,
    FR: 20,
    DE: 19,
    GR: 24,
    HU: 27,
    IE: 23,
    IT: 22,
    LV: 21,
    LT: 21,
    LU: 17,
    NL: 21,
    PL: 23,
    PT: 23,
    RO: 21,
    SK: 23,
    SI: 22,
    ES: 21,
    SE: 25,
  },
  shipping_zones: [
    {
      name: 'Netherlands',
      countries: ['NL'],
      rates: [
        { max_weight_grams: 10_000, price: 9.95 },
        { max_weight_grams: 5_000, price: 6.95 },
        { max_weight_grams: 31_500, price: 14.95 },
      ],
    },
    {
      name: 'Rest of the EU',
      countries: [
        'AT',
        'BE',
        'BG',
        'HR',
        'CZ',
        'DK',
        'EE',
        'FI',
        'FR',
        'DE',
        'GR',
        'HU',
        'IE',
        'IT',
        'LV',
        'LT',
        'LU',
        'PL',
        'PT',
        'RO',
        'SK',
        'SI',
        'ES',
        'SE',
      ],
      rates: [{ max_weight_grams: 20_000, price: 25 }],
    },
  ],
  shipping_method: 'DHL Parcel',
  delivery_days: 2,
  bank_transfer_delivery_days: 5,
  payment_methods: ['ideal', 'banktransfer'],
  bank_account: { account_holder: 'Shop BV', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' },
});

describe('shipping', () => {
  it.each([
    [1, 695],
    [5_000, 695],
    [5_001, 995],
    [31_500, 1495],
    // One full parcel of 31.5 kg plus 8.5 kg in the 10 kg band.
    [40_000, 1495 + 995],
    [63_000, 2 * 1495],
  ])('%i g to NL costs %i cents (bands in any order)', (grams, cents) => {
    expect(shippingCents(grams, 'NL', settings)).toBe(cents);
  });

  it('prices by the destination country', () => {
    expect(shippingCents(1_000, 'DE', settings)).toBe(2500);
    expect(shippingCents(45_000, 'IT', settings)).toBe(5000 + 2500);
  });

  it('refuses settings that leave a country without a zone or list it twice', () => {
    const missing = { ...settings, shipping_zones: settings.shipping_zones.slice(0, 1) };
    expect(checkoutSettingsSchema.safeParse(missing).success).toBe(false);
    const twice = {
      ...settings,
      shipping_zones: [...settings.shipping_zones, { ...settings.shipping_zones[0] }],
    };
    expect(checkoutSettingsSchema.safeParse(twice).success).toBe(false);
  });
});

describe('VAT (EU B2B)', () => {
  it('charges the seller country rate to domestic customers', () => {
    expect(vatModeOf('NL', { country: 'NL', hasVerifiedVatNumber: true }, 'NL')).toBe('domestic');
    // The buyer is established in the seller's country: domestic even when shipped abroad.
    expect(vatModeOf('BE', { country: 'NL', hasVerifiedVatNumber: true }, 'NL')).toBe('domestic');
    // Goods that stay in the seller's country are a domestic supply.
    expect(vatModeOf('NL', { country: 'DE', hasVerifiedVatNumber: true }, 'NL')).toBe('domestic');
  });

  it('reverse-charges other EU buyers with an active VAT number, not those without', () => {
    expect(vatModeOf('DE', { country: 'DE', hasVerifiedVatNumber: true }, 'NL')).toBe(
      'reverse_charge',
    );
    expect(vatModeOf('DE', { country: 'DE', hasVerifiedVatNumber: false }, 'NL')).toBe(
      'no_vat_number',
    );
  });
});

describe('totals in cents', () => {
  const lines = [
    { unitPriceCents: 12_345, quantity: 2, weightGrams: 1_000 },
    { unitPriceCents: 1_999, quantity: 3, weightGrams: 1_000 },
  ];

  it('adds lines, shipping by weight and VAT on both', () => {
    const totals = computeTotals({
      lines,
      deliveryCountry: 'NL',
      buyer: { country: 'NL', hasVerifiedVatNumber: true },
      settings,
    });
    expect(totals).toEqual({
      subtotalCents: 30_687,
      shippingCents: 695,
      // 21 % of 313.82 = 65.9022
      taxCents: 6_590,
      totalCents: 30_687 + 695 + 6_590,
      vatRateBp: 2_100,
      vatMode: 'domestic',
      weightGrams: 5_000,
    });
  });

  it('charges no VAT when reverse-charged, and the seller rate when the seller moves', () => {
    const reverse = computeTotals({
      lines,
      deliveryCountry: 'DE',
      buyer: { country: 'DE', hasVerifiedVatNumber: true },
      settings,
    });
    expect(reverse).toMatchObject({ taxCents: 0, vatRateBp: 0, shippingCents: 2500 });
    expect(reverse.totalCents).toBe(30_687 + 2_500);

    const german = computeTotals({
      lines,
      deliveryCountry: 'DE',
      buyer: { country: 'DE', hasVerifiedVatNumber: true },
      settings: { ...settings, seller_country: 'DE' },
    });
    expect(german).toMatchObject({ vatMode: 'domestic', vatRateBp: 1_900, taxCents: 6_306 });
  });

  it('rounds half up and keeps fractional rates exact', () => {
    expect(percentOfCents(50, 2_100)).toBe(11);
    expect(percentOfCents(1_000, 2_550)).toBe(255);
    const finnish = computeTotals({
      lines: [{ unitPriceCents: 333, quantity: 3, weightGrams: 0 }],
      deliveryCountry: 'FI',
      buyer: { country: 'FI', hasVerifiedVatNumber: false },
      settings: { ...settings, seller_country: 'FI' },
    });
    // (999 + 2500) × 25.5 % = 892.245
    expect(finnish).toMatchObject({
      vatRateBp: 2_550,
      taxCents: 892,
      totalCents: 999 + 2_500 + 892,
    });
  });

  it('costs nothing for an empty cart', () => {
    const empty = computeTotals({
      lines: [],
      deliveryCountry: 'NL',
      buyer: { country: 'NL', hasVerifiedVatNumber: true },
      settings,
    });
    expect(empty).toMatchObject({ subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('writes euros for the locale', () => {
    // Intl separates the symbol with a no-break space.
    const spaced = (locale: string) => formatEuros(123_450, locale).replace(/\s/g, ' ');
    expect(spaced('en')).toBe('€1,234.50');
    expect(spaced('nl')).toBe('€ 1.234,50');
    expect(spaced('de')).toBe('1.234,50 €');
  });
});
