import { CURRENCY, MONEY_DECIMALS } from '@portal/contract';

/** An amount in euros with two decimals, formatted for the locale (SPEC section 1). */
export function formatMoney(amount: number, locale: string, withSymbol = true): string {
  return new Intl.NumberFormat(locale, {
    style: withSymbol ? 'currency' : 'decimal',
    currency: CURRENCY,
    minimumFractionDigits: MONEY_DECIMALS,
    maximumFractionDigits: MONEY_DECIMALS,
  }).format(amount);
}
