import { ActionIcon, Tooltip } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../shared/ui/locale-link';

/**
 * The header's way to quick order (many SKUs at once), beside the cart; on a phone the header has
 * no room for it and the cart page links it.
 */
export function QuickOrderLink() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('header.quickOrder')} withArrow>
      <ActionIcon
        component={LocaleLink}
        to="/quick-order"
        variant="subtle"
        color="gray.8"
        size="lg"
        visibleFrom="sm"
        aria-label={t('header.quickOrder')}
      >
        <IconListNumbers size={22} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
