import { Alert, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_SORT_OPTIONS,
  productSettingsSchema,
  type ProductSettings,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../../i18n/i18n';
import { formatMoney } from '../../../../shared/format/money';
import { useLocale } from '../../../../shared/locale/use-locale';
import { SettingForm } from './setting-form';

/** The catalog and cart settings, with the messages buyers read when a cart is under them. */
export function ProductSettingsForm() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  return (
    <SettingForm code="product_settings" schema={productSettingsSchema}>
      {(form) => {
        const values: ProductSettings = form.getValues();
        const number = (name: keyof ProductSettings, label: string, extra = {}) => (
          <NumberInput
            label={label}
            min={0}
            allowDecimal={false}
            {...extra}
            {...form.getInputProps(name)}
          />
        );
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {number('min_cart_amount', t('staff:settings.product.minCartAmount'), {
                allowDecimal: true,
                decimalScale: 2,
                fixedDecimalScale: true,
                prefix: '€ ',
              })}
              {number('min_cart_quantity', t('staff:settings.product.minCartQuantity'))}
              {number('low_stock_threshold', t('staff:settings.product.lowStockThreshold'))}
              {number('listing_page_size', t('staff:settings.product.listingPageSize'), {
                min: 1,
                max: 100,
              })}
              <Select
                label={t('staff:settings.product.defaultSort')}
                data={PRODUCT_SORT_OPTIONS.map((value) => ({
                  value,
                  label: t(`catalog.sort.${value}`),
                }))}
                allowDeselect={false}
                {...form.getInputProps('default_sort')}
              />
              {number('new_arrival_days', t('staff:settings.product.newArrivalDays'), { min: 1 })}
            </SimpleGrid>
            <Alert color="blue" title={t('staff:settings.buyersSee')}>
              <Text size="sm">
                {t('cart.holds.minAmount', {
                  amount: formatMoney(Number(values.min_cart_amount) || 0, locale),
                })}
              </Text>
              <Text size="sm">
                {t('cart.holds.minQuantity', { qty: values.min_cart_quantity })}
              </Text>
            </Alert>
          </Stack>
        );
      }}
    </SettingForm>
  );
}
