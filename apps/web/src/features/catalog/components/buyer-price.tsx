import { Text, VisuallyHidden, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';

/**
 * A product's price for the buyer, with the catalog price struck through beside it when their
 * price list gives another one.
 */
export function BuyerPrice({
  product,
  ...textProps
}: { product: { price: number; list_price?: number } } & TextProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Text component="span" {...textProps}>
      {formatMoney(product.price, locale)}
      {product.list_price !== undefined && (
        <Text component="s" size="xs" fw={400} c="gray.7" ml={6}>
          <VisuallyHidden>{t('catalog.listPrice')} </VisuallyHidden>
          {formatMoney(product.list_price, locale)}
        </Text>
      )}
    </Text>
  );
}
