import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can } from '@portal/contract';
import { PRODUCT_ROW_SIZE, useFilteredProducts } from '../../features/catalog/api/products';
import { ProductRow } from '../../features/catalog/components/product-row';
import { ProductSearch } from '../../features/catalog/components/product-search';
import { LastOrders } from '../../features/orders/components/last-orders';
import { useMe } from '../../shared/auth/me';
import { countryName } from '../../shared/format/country';
import { useLocale } from '../../shared/locale/use-locale';
import { useMostBought } from '../../features/dashboard/api/dashboard';
import { BannerSlider } from '../../features/dashboard/components/banner-slider';
import { SpendChart } from '../../features/dashboard/components/spend-chart';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The company's most bought products: its own paid orders, ranked by quantity. */
function MostBought() {
  const { t } = useTranslation();
  const products = useMostBought(useLocale(), PRODUCT_ROW_SIZE);
  return (
    <ProductRow
      title={t('dashboard.mostBought')}
      products={products}
      empty={t('dashboard.mostBoughtEmpty')}
      testId="most-bought"
    />
  );
}

/** Popular products: everyone's best sellers. */
function Popular() {
  const { t } = useTranslation();
  const products = useFilteredProducts('best_seller', useLocale(), PRODUCT_ROW_SIZE);
  return (
    <ProductRow
      title={t('dashboard.popular')}
      products={products}
      empty={t('catalog.noResults')}
      testId="popular"
    />
  );
}

/**
 * Home of a signed-in company member (SPEC section 2): slider, 'I'm looking for' search, last
 * orders, the monthly spend (owners and accountants), most bought and popular products, then the
 * account and company.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useMe();
  if (!user) return null;
  const company = user.company;
  const catalog = can(user.role, 'company.view');
  const orders = can(user.role, 'orders.view');

  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="brand.9">
        {t('dashboard.welcome', { name: user.full_name })}
      </Title>
      {catalog && <BannerSlider />}
      {catalog && (
        <Card withBorder radius="md" padding="lg">
          <ProductSearch variant="large" />
        </Card>
      )}
      {orders && <LastOrders />}
      {can(user.role, 'dashboard.spend') && <SpendChart />}
      {orders && <MostBought />}
      {catalog && <Popular />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby="account-title"
        >
          <Group gap="sm" mb="md">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconUser size={20} />
            </ThemeIcon>
            <Title order={2} size="h4" id="account-title">
              {t('dashboard.yourAccount')}
            </Title>
          </Group>
          <Stack gap="xs">
            <Row label={t('dashboard.name')}>{user.full_name}</Row>
            <Row label={t('fields.email')}>{user.email}</Row>
            <Row label={t('dashboard.role')}>
              <Badge variant="light" color="brand">
                {t(`roles.${user.role}`)}
              </Badge>
            </Row>
          </Stack>
        </Card>
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby="company-title"
        >
          <Group gap="sm" mb="md">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconBuildingWarehouse size={20} />
            </ThemeIcon>
            <Title order={2} size="h4" id="company-title">
              {t('dashboard.company')}
            </Title>
          </Group>
          {company ? (
            <Stack gap="xs">
              <Row label={t('dashboard.companyName')}>{company.company}</Row>
              <Row label={t('dashboard.vatNumber')}>{company.vat_number}</Row>
              <Row label={t('dashboard.country')}>{countryName(company.country, locale)}</Row>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('dashboard.noCompany')}
            </Text>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
