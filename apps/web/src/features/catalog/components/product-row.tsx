import { Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/locale/use-locale';
import { useFilteredProducts, type ProductFilterKind } from '../api/products';
import { ProductCard } from './product-card';

const ROW_SIZE = 4;

/** A dashboard row of product cards: popular (most viewed) or most bought (best seller). */
export function ProductRow({ kind, title }: { kind: ProductFilterKind; title: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const products = useFilteredProducts(kind, locale, ROW_SIZE);

  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {products.data && products.data.length === 0 && (
        <Card withBorder padding="lg" radius="md">
          <Text c="dimmed" size="sm" ta="center">
            {t('catalog.noResults')}
          </Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {products.data
          ? products.data.map((product) => <ProductCard key={product._id} product={product} />)
          : products.isPending &&
            Array.from({ length: ROW_SIZE }, (_, index) => (
              <Skeleton key={index} height={300} radius="md" />
            ))}
      </SimpleGrid>
    </section>
  );
}
