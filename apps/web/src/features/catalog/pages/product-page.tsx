import { useEffect, useRef, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Table,
  VisuallyHidden,
  Text,
  Title,
} from '@mantine/core';
import { IconFileCode, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can, type Product } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { useMe } from '../../../shared/auth/me';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { BreadcrumbTrail } from '../../../shared/ui/breadcrumb-trail';
import { PageLoader } from '../../../shared/ui/page-loader';
import { AddToCart } from '../components/add-to-cart';
import { RequestQuoteButton } from '../components/request-quote-button';
import { AddToList } from '../components/add-to-list';
import { useCategory } from '../api/categories';
import { increaseViews, productQueryOptions, useProduct } from '../api/products';
import { ProductGallery } from '../components/product-gallery';
import { StockBadge } from '../components/stock-badge';
import { specLabelKey } from '../spec-keys';
import { CatalogNotFound } from './catalog-not-found';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      py={6}
      style={{ borderBottom: '1px solid #eef1f5' }}
    >
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Counts the view once when the page opens for a product (StrictMode-safe). */
function useCountView(product: Product | undefined) {
  const queryClient = useQueryClient();
  const counted = useRef<string | null>(null);
  const locale = useLocale();
  useEffect(() => {
    if (!product || counted.current === product._id) return;
    counted.current = product._id;
    const { queryKey } = productQueryOptions(product.sku, locale);
    increaseViews(product._id)
      .then(({ views }) =>
        queryClient.setQueryData(queryKey, (old) => (old ? { ...old, views } : old)),
      )
      .catch((error: unknown) => console.warn('Could not count the product view', error));
  }, [product, locale, queryClient]);
}

/** /product/{sku}: every field of SPEC 'Product screens'. */
export function ProductPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { sku = '' } = useParams();
  const product = useProduct(sku, locale);
  const me = useMe().data;
  const data = product.data;
  const firstCategory = data?.categories[0];
  const category = useCategory(firstCategory?.slug, locale);
  useCountView(data);

  if (product.error instanceof ApiError && product.error.status === 404) {
    return <CatalogNotFound />;
  }
  if (!data) {
    return product.isError ? (
      <Text c="dimmed" ta="center">
        {t('errors.generic')}
      </Text>
    ) : (
      <PageLoader />
    );
  }

  const number = new Intl.NumberFormat(locale);
  const trail = category.data?.path ?? (firstCategory ? [firstCategory] : []);
  const xmlUrl = me && can(me.role, 'xml_feed.view') ? me.xml_feed_url : null;
  const { width, height, length } = data.box_size;

  return (
    <Stack gap="lg">
      <BreadcrumbTrail
        items={[
          { label: t('breadcrumbs.dashboard'), to: '/' },
          ...trail.map((entry) => ({
            label: entry.name,
            to: `/cat/${encodeURIComponent(entry.slug)}`,
          })),
          { label: data.name },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <ProductGallery product={data} />
        <Stack gap="md">
          <div>
            <Title order={1} size="h2" c="brand.9">
              {data.name}
            </Title>
            <Text size="sm" c="dimmed">
              {data.manufacturer}
            </Text>
          </div>
          <Group gap="md" align="center">
            <Text fz={28} fw={700} c="brand.9">
              {formatMoney(data.price, locale)}
            </Text>
            {data.list_price !== undefined && (
              <Text c="gray.7" td="line-through" data-list-price>
                <VisuallyHidden>{t('catalog.listPrice')} </VisuallyHidden>
                {formatMoney(data.list_price, locale)}
              </Text>
            )}
            <StockBadge availability={data.availability} />
            <Badge variant="outline" color="gray.8" radius="sm" style={{ textTransform: 'none' }}>
              {t(`catalog.state.${data.state}`)}
            </Badge>
          </Group>
          {data.price_tiers && <PriceTiers tiers={data.price_tiers} />}
          <AddToCart product={data} withQuantity />
          <Group gap="sm">
            <AddToList product={data} />
            <RequestQuoteButton product={data} />
          </Group>
          <Card withBorder radius="md" padding="md">
            <dl style={{ margin: 0 }}>
              <Fact label={t('catalog.sku')}>{data.sku}</Fact>
              <Fact label={t('catalog.reference')}>{data.reference}</Fact>
              <Fact label={t('catalog.manufacturer')}>{data.manufacturer}</Fact>
              <Fact label={t('catalog.availabilityLabel')}>
                {t(`catalog.availability.${data.availability}`)}
              </Fact>
              <Fact label={t('catalog.quantity')}>{number.format(Math.max(data.quantity, 0))}</Fact>
              <Fact label={t('catalog.stateLabel')}>{t(`catalog.state.${data.state}`)}</Fact>
              <Fact label={t('catalog.warranty')}>
                {t('catalog.months', { months: data.warranty_months })}
              </Fact>
              <Fact label={t('catalog.boxSize')}>
                {t('catalog.boxSizeValue', {
                  width: number.format(width),
                  height: number.format(height),
                  length: number.format(length),
                })}
              </Fact>
              <Fact label={t('catalog.weight')}>
                {t('catalog.grams', { grams: number.format(data.weight) })}
              </Fact>
              <Fact label={t('catalog.buyers')}>{number.format(data.buyers)}</Fact>
              <Fact label={t('catalog.views')}>{number.format(data.views)}</Fact>
            </dl>
          </Card>
          {xmlUrl && (
            <Anchor href={xmlUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={6} component="span">
                <IconFileCode size={16} aria-hidden />
                {t('header.xmlFeed')}
              </Group>
            </Anchor>
          )}
        </Stack>
      </SimpleGrid>

      {data.description && (
        <Section title={t('catalog.description')}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {data.description}
          </Text>
        </Section>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={t('catalog.specifications')}>
          {data.specifications.length ? (
            <Table striped withRowBorders={false} verticalSpacing={6}>
              <Table.Tbody>
                {data.specifications.map((spec) => {
                  const labelKey = specLabelKey(spec.key);
                  return (
                    <Table.Tr key={spec.key}>
                      <Table.Th scope="row" fw={500} c="dimmed" w="45%">
                        {labelKey ? t(labelKey) : spec.key}
                      </Table.Th>
                      <Table.Td>{spec.value}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t('catalog.none')}
            </Text>
          )}
        </Section>
        <Section title={t('catalog.standoutFeatures')}>
          {data.standout_features.length ? (
            <List
              spacing={6}
              size="sm"
              icon={<IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />}
            >
              {data.standout_features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t('catalog.none')}
            </Text>
          )}
        </Section>
        <Section title={t('catalog.suitableDevices')}>
          <ValueList values={data.suitable_devices} />
        </Section>
        <Section title={t('catalog.replacedModels')}>
          <ValueList values={data.replaced_models} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function ValueList({ values }: { values: string[] }) {
  const { t } = useTranslation();
  if (!values.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('catalog.none')}
      </Text>
    );
  }
  return (
    <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {values.map((value) => (
        <Badge
          key={value}
          component="li"
          variant="default"
          radius="sm"
          style={{ textTransform: 'none' }}
        >
          {value}
        </Badge>
      ))}
    </Group>
  );
}

/** The buyer's prices from a number of units on (their price list's quantity tiers). */
function PriceTiers({ tiers }: { tiers: NonNullable<Product['price_tiers']> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Table withTableBorder w="auto" maw={360} aria-label={t('catalog.priceTiers')}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        {t('catalog.priceTiers')}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('catalog.fromUnits')}</Table.Th>
          <Table.Th ta="right">{t('catalog.unitPrice')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tiers.map((tier) => (
          <Table.Tr key={tier.min_quantity}>
            <Table.Td>{t('catalog.fromUnitsValue', { count: tier.min_quantity })}</Table.Td>
            <Table.Td ta="right">{formatMoney(tier.price, locale)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
