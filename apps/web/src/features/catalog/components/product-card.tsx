import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductListItem } from '@portal/contract';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { AddToCart } from './add-to-cart';
import { AddToList } from './add-to-list';
import { StockBadge } from './stock-badge';
import { useProductPrefetch } from './use-catalog-prefetch';
import classes from './catalog.module.css';
import { BuyerPrice } from './buyer-price';

/** A product in a grid: thumbnail, title, SKU, manufacturer, stock, price and warranty. */
export function ProductCard({
  product,
  headingLevel = 3,
}: {
  product: ProductListItem;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const prefetch = useProductPrefetch<HTMLAnchorElement>(product.sku);

  return (
    <Card withBorder radius="md" padding="sm" component="article" className={classes.card}>
      <Card.Section>
        <img
          className={classes.thumb}
          src={product.image.thumbnail.path}
          alt=""
          loading="lazy"
          width={320}
          height={240}
        />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text component={`h${headingLevel}`} fw={600} size="sm" lh={1.35} className={classes.clamp}>
          <LocaleLink
            to={`/product/${encodeURIComponent(product.sku)}`}
            className={classes.cardLink}
            {...prefetch}
          >
            {product.name}
          </LocaleLink>
        </Text>
        <Text size="xs" c="dimmed">
          {t('catalog.sku')}: {product.sku} · {product.manufacturer}
        </Text>
        <Group justify="space-between" align="center" gap="xs" mt="auto">
          <StockBadge availability={product.availability} />
          <BuyerPrice product={product} fw={700} c="brand.9" data-price />
        </Group>
        {product.warranty_months > 0 && (
          <Text size="xs" c="dimmed">
            {t('catalog.warrantyShort', { months: product.warranty_months })}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <AddToCart product={product} />
          <AddToList product={product} compact />
        </Group>
      </Stack>
    </Card>
  );
}
