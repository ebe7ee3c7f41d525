import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The checkout of a quote being accepted: its lines at the quoted prices, the cart untouched. */
export function QuoteNote() {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      styles={{ message: { color: '#0b3d6e' } }}
    >
      {t('checkout.quote.note')}
    </Alert>
  );
}
