import { CURRENCY, MONEY_DECIMALS } from '@portal/contract';
import { perLocale } from './per-locale';

const moneyFormat = (style: 'currency' | 'decimal') =>
  perLocale(
    (locale) =>
      new Intl.NumberFormat(locale, {
        style,
        currency: CURRENCY,
        minimumFractionDigits: MONEY_DECIMALS,
        maximumFractionDigits: MONEY_DECIMALS,
      }),
  );
const withEuroSign = moneyFormat('currency');
const withoutEuroSign = moneyFormat('decimal');

/** An amount in euros with two decimals, formatted for the locale (SPEC section 1). */
export function formatMoney(amount: number, locale: string, withSymbol = true): string {
  return (withSymbol ? withEuroSign : withoutEuroSign)(locale).format(amount);
}

/**
 * The total of unit prices (euros) times quantities, added in integer cents as the server does:
 * a preview of a total the server will compute (a quote being answered).
 */
export function sumOfLines(lines: { price: number; quantity: number }[]): number {
  const cents = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return cents / 100;
}
