import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRIES,
  PAYMENT_METHODS,
  checkoutSettingsSchema,
  type CheckoutSettings,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../../i18n/i18n';
import { countryName, countryOptions } from '../../../../shared/format/country';
import { useLocale } from '../../../../shared/locale/use-locale';
import { SettingForm } from './setting-form';

/**
 * Where the shop sells from, its VAT rates, shipping zones with their weight bands, delivery
 * times, the payment methods offered and the bank account buyers pay transfers to.
 */
export function CheckoutSettingsForm() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const countries = countryOptions(locale);
  return (
    <SettingForm code="checkout_settings" schema={checkoutSettingsSchema}>
      {(form) => {
        const values: CheckoutSettings = form.getValues();
        return (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              <Select
                label={t('staff:settings.checkout.sellerCountry')}
                data={countries}
                searchable
                allowDeselect={false}
                {...form.getInputProps('seller_country')}
              />
              <TextInput
                label={t('staff:settings.checkout.shippingMethod')}
                {...form.getInputProps('shipping_method')}
              />
              <NumberInput
                label={t('staff:settings.checkout.deliveryDays')}
                min={0}
                allowDecimal={false}
                {...form.getInputProps('delivery_days')}
              />
              <NumberInput
                label={t('staff:settings.checkout.bankTransferDeliveryDays')}
                min={0}
                allowDecimal={false}
                {...form.getInputProps('bank_transfer_delivery_days')}
              />
            </SimpleGrid>

            <Checkbox.Group
              label={t('staff:settings.checkout.paymentMethods')}
              {...form.getInputProps('payment_methods')}
            >
              <Group mt="xs" gap="lg">
                {PAYMENT_METHODS.map((method) => (
                  <Checkbox key={method} value={method} label={t(`checkout.methods.${method}`)} />
                ))}
              </Group>
            </Checkbox.Group>

            <div>
              <Title order={3} size="h5" mb="xs">
                {t('staff:settings.checkout.bankAccount')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('staff:settings.checkout.accountHolder')}
                  {...form.getInputProps('bank_account.account_holder')}
                />
                <TextInput label="IBAN" {...form.getInputProps('bank_account.iban')} />
                <TextInput label="BIC" {...form.getInputProps('bank_account.bic')} />
              </SimpleGrid>
            </div>

            <div>
              <Title order={3} size="h5" mb={4}>
                {t('staff:settings.checkout.vatRates')}
              </Title>
              <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="xs">
                {COUNTRIES.map((country) => (
                  <NumberInput
                    key={country}
                    label={countryName(country, locale)}
                    min={0}
                    max={100}
                    decimalScale={2}
                    suffix=" %"
                    {...form.getInputProps(`vat_rates.${country}`)}
                  />
                ))}
              </SimpleGrid>
            </div>

            <div>
              <Title order={3} size="h5" mb={4}>
                {t('staff:settings.checkout.shippingZones')}
              </Title>
              <Text size="sm" c="gray.7" mb="xs">
                {t('staff:settings.checkout.shippingZonesHelp')}
              </Text>
              {typeof form.errors.shipping_zones === 'string' && (
                <Text size="sm" c="red.9" role="alert" mb="xs">
                  {t('staff:settings.checkout.everyCountryOnce')}
                </Text>
              )}
              <Stack gap="sm">
                {values.shipping_zones.map((zone, zoneIndex) => (
                  <Card key={zoneIndex} withBorder radius="sm" padding="sm">
                    <Group align="flex-end" gap="sm" wrap="nowrap">
                      <TextInput
                        label={t('staff:settings.checkout.zoneName')}
                        w={200}
                        {...form.getInputProps(`shipping_zones.${zoneIndex}.name`)}
                      />
                      <MultiSelect
                        label={t('staff:settings.checkout.zoneCountries')}
                        data={countries}
                        searchable
                        style={{ flex: 1 }}
                        {...form.getInputProps(`shipping_zones.${zoneIndex}.countries`)}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        mb={2}
                        aria-label={t('staff:settings.checkout.removeZone', { name: zone.name })}
                        onClick={() => form.removeListItem('shipping_zones', zoneIndex)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                    <Stack gap={6} mt="xs">
                      {zone.rates.map((_, rateIndex) => (
                        <Group key={rateIndex} gap="sm" align="flex-end" wrap="nowrap">
                          <NumberInput
                            label={t('staff:settings.checkout.upToWeight')}
                            min={1}
                            allowDecimal={false}
                            suffix=" g"
                            w={180}
                            {...form.getInputProps(
                              `shipping_zones.${zoneIndex}.rates.${rateIndex}.max_weight_grams`,
                            )}
                          />
                          <NumberInput
                            label={t('staff:settings.checkout.ratePrice')}
                            min={0}
                            decimalScale={2}
                            fixedDecimalScale
                            prefix="€ "
                            w={160}
                            {...form.getInputProps(
                              `shipping_zones.${zoneIndex}.rates.${rateIndex}.price`,
                            )}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            size="lg"
                            mb={2}
                            disabled={zone.rates.length === 1}
                            aria-label={t('staff:settings.checkout.removeRate', {
                              number: rateIndex + 1,
                              name: zone.name,
                            })}
                            onClick={() =>
                              form.removeListItem(`shipping_zones.${zoneIndex}.rates`, rateIndex)
                            }
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Group>
                      ))}
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPlus size={14} aria-hidden />}
                        style={{ alignSelf: 'flex-start' }}
                        onClick={() =>
                          form.insertListItem(`shipping_zones.${zoneIndex}.rates`, {
                            max_weight_grams: (zone.rates.at(-1)?.max_weight_grams ?? 0) + 1000,
                            price: zone.rates.at(-1)?.price ?? 0,
                          })
                        }
                      >
                        {t('staff:settings.checkout.addRate')}
                      </Button>
                    </Stack>
                  </Card>
                ))}
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() =>
                    form.insertListItem('shipping_zones', {
                      name: '',
                      countries: [],
                      rates: [{ max_weight_grams: 1000, price: 0 }],
                    })
                  }
                >
                  {t('staff:settings.checkout.addZone')}
                </Button>
              </Stack>
            </div>
          </Stack>
        );
      }}
    </SettingForm>
  );
}
