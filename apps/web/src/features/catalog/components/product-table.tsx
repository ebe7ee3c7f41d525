import { ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can, type ProductListItem } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { AddToCart } from './add-to-cart';
import { AddToList } from './add-to-list';
import { StockBadge } from './stock-badge';
import { useProductPrefetch } from './use-catalog-prefetch';
import classes from './catalog.module.css';
import { BuyerPrice } from './buyer-price';

/**
 * The list view of a listing: one row per product (thumbnail, SKU, title, stock, price, a
 * quantity and 'Add to cart'), so that a buyer adds several products without leaving the page.
 */
export function ProductTable({ products }: { products: ProductListItem[] }) {
  const { t } = useTranslation();
  const buyer = can(useMe().data?.role, 'cart.use');
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>{t('catalog.listView.picture')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('catalog.sku')}</Table.Th>
            <Table.Th>{t('cart.product')}</Table.Th>
            <Table.Th>{t('catalog.availabilityLabel')}</Table.Th>
            <Table.Th ta="right">{t('cart.price')}</Table.Th>
            {buyer && <Table.Th>{t('cart.quantity')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <ProductTableRow key={product._id} product={product} buyer={buyer} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function ProductTableRow({ product, buyer }: { product: ProductListItem; buyer: boolean }) {
  const { t } = useTranslation();
  const prefetch = useProductPrefetch<HTMLAnchorElement>(product.sku);
  return (
    <Table.Tr data-product-row>
      <Table.Td w={60} miw={60}>
        <img
          className={classes.searchThumb}
          src={product.image.thumbnail.path}
          alt=""
          loading="lazy"
          width={44}
          height={44}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {product.sku}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} lh={1.35} miw={170}>
          <LocaleLink to={`/product/${encodeURIComponent(product.sku)}`} {...prefetch}>
            {product.name}
          </LocaleLink>
        </Text>
        <Text size="xs" c="dimmed">
          {product.manufacturer}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start" miw={170}>
          <StockBadge availability={product.availability} />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('catalog.listView.inStock', { count: product.quantity })}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td ta="right">
        <BuyerPrice
          product={product}
          fw={700}
          c="brand.9"
          data-price
          style={{ whiteSpace: 'nowrap' }}
        />
      </Table.Td>
      {buyer && (
        <Table.Td>
          <Stack gap={6} align="flex-start">
            <AddToCart product={product} withQuantity compact />
            <AddToList product={product} compact />
          </Stack>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
