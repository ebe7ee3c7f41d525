import { Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import type { ProductListItem } from '@portal/contract';
import { PRODUCT_ROW_SIZE } from '../api/products';
import { ProductCard } from './product-card';

/**
 * A dashboard row of product cards (popular, most bought): skeletons while loading, `empty`
 * when the list is empty.
 */
export function ProductRow({
  title,
  products,
  empty,
  testId,
}: {
  title: string;
  products: UseQueryResult<ProductListItem[]>;
  empty: string;
  testId?: string;
}) {
  const titleId = useId();
  // Cards arriving are drawn in slices the browser can interrupt; skeletons until then.
  const data = useDeferredValue(products.data);

  return (
    <section aria-labelledby={titleId} data-product-row={testId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {data && data.length === 0 && (
        <Card withBorder padding="lg" radius="md">
          <Text c="dimmed" size="sm" ta="center">
            {empty}
          </Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {data
          ? data.map((product) => <ProductCard key={product._id} product={product} />)
          : (products.isPending || products.data) &&
            Array.from({ length: PRODUCT_ROW_SIZE }, (_, index) => (
              <Skeleton key={index} height={300} radius="md" />
            ))}
      </SimpleGrid>
    </section>
  );
}
