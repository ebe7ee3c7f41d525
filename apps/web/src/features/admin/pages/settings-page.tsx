import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { CheckoutSettingsForm } from '../components/settings/checkout-settings-form';
import { ClaimSettingsForm } from '../components/settings/claim-settings-form';
import { InvoiceSettingsForm } from '../components/settings/invoice-settings-form';
import { ProductSettingsForm } from '../components/settings/product-settings-form';
import { SliderSettingsForm } from '../components/settings/slider-settings-form';
import { useUrlFilters } from '../hooks/use-url-filters';

const TABS = ['product', 'checkout', 'invoice', 'claims', 'slider'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);

/** Back office: the shop's settings, one tab per settings code; the tab is in the URL. */
export function SettingsPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const filters = useUrlFilters();
  const tab = isTab(filters.get('tab')) ? (filters.get('tab') as Tab) : 'product';
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('staff:settings.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff:settings.subtitle')}
        </Text>
      </div>
      <Tabs
        value={tab}
        onChange={(value) => filters.set({ tab: value === 'product' ? '' : (value ?? '') })}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`staff:settings.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="product" pt="lg">
          <ProductSettingsForm />
        </Tabs.Panel>
        <Tabs.Panel value="checkout" pt="lg">
          <CheckoutSettingsForm />
        </Tabs.Panel>
        <Tabs.Panel value="invoice" pt="lg">
          <InvoiceSettingsForm />
        </Tabs.Panel>
        <Tabs.Panel value="claims" pt="lg">
          <ClaimSettingsForm />
        </Tabs.Panel>
        <Tabs.Panel value="slider" pt="lg">
          <SliderSettingsForm />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
