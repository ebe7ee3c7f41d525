import { useState } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CART_MAX_LINE_QUANTITY, can, type ProductSearchItem } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { useUpdateCart } from '../../../shared/api/cart';
import { isOrderable } from '../orderable';

type CartProduct = Pick<ProductSearchItem, '_id' | 'name' | 'is_in_stock' | 'quantity'>;

/**
 * Adds a product to the cart ('Product added to cart!'); a quantity beyond stock gets the
 * server's message. `withQuantity` shows a quantity field first (product page), `compact` a
 * small one named after the product (a row of the list view). Only roles with a cart see it.
 */
export function AddToCart({
  product,
  withQuantity = false,
  compact = false,
}: {
  product: CartProduct;
  withQuantity?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const update = useUpdateCart();
  const [quantity, setQuantity] = useState<number>(1);
  if (!can(role, 'cart.use')) return null;

  const orderable = isOrderable(product);
  const add = () =>
    update.mutate(
      { product_id: product._id, quantity, mode: 'add' },
      { onSuccess: () => notifySuccess(t('cart.added')), onError: notifyError },
    );

  const button = (
    <Button
      onClick={add}
      loading={update.isPending}
      disabled={!orderable || quantity < 1}
      leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
      size={withQuantity && !compact ? 'md' : 'xs'}
      variant={withQuantity && !compact ? 'filled' : 'light'}
      aria-label={
        (!withQuantity || compact) && orderable
          ? t('cart.addNamed', { name: product.name })
          : undefined
      }
      style={withQuantity ? undefined : { position: 'relative', zIndex: 2 }}
    >
      {orderable ? t('cart.add') : t('catalog.availability.out_of_stock')}
    </Button>
  );
  if (!withQuantity) return button;

  return (
    // On the product page the button goes under the quantity when the row is too narrow for both
    // (375 px, or a longer label such as German's): kept on one line, it was cut at the card edge.
    <Group gap={compact ? 'xs' : 'sm'} align="flex-end" wrap={compact ? 'nowrap' : 'wrap'}>
      <NumberInput
        label={compact ? undefined : t('cart.quantity')}
        aria-label={compact ? t('cart.quantityOf', { name: product.name }) : undefined}
        value={quantity}
        onChange={(value) => setQuantity(typeof value === 'number' ? value : 0)}
        min={1}
        max={Math.min(Math.max(product.quantity, 1), CART_MAX_LINE_QUANTITY)}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        w={compact ? 70 : 110}
        size={compact ? 'xs' : 'md'}
        disabled={!orderable}
      />
      {button}
    </Group>
  );
}
