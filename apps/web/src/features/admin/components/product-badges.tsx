import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';

/** Whether buyers see the product: filled, dark shades under white text. */
export function ProductActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Badge color={active ? 'teal.9' : 'gray.7'} variant="filled" autoContrast miw="max-content">
      {active ? t('staff:catalog.active') : t('staff:catalog.inactive')}
    </Badge>
  );
}

/** Out of stock (not on sale, or no units), as buyers would read it. */
export function OutOfStockBadge() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Badge size="xs" variant="outline" color="red.9" miw="max-content">
      {t('catalog.availability.out_of_stock')}
    </Badge>
  );
}
