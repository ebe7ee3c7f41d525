import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useCart } from '../../../shared/api/cart';

/** The header cart icon with the number of items (SPEC section 6: owners and purchasers). */
export function CartIcon() {
  const { t } = useTranslation();
  const count = useCart().data?.item_count ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      color="red.8"
      offset={6}
      disabled={count === 0}
      styles={{ indicator: { fontWeight: 700 } }}
    >
      <ActionIcon
        component={LocaleLink}
        to="/cart"
        variant="subtle"
        color="gray.8"
        size="lg"
        aria-label={t('cart.iconLabel', { count })}
      >
        <IconShoppingCart size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
