import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteStatus } from '@portal/contract';
import { QUOTE_NAMESPACES } from '../../../i18n/i18n';

/** Filled, like the order statuses: dark shades with white text, waiting in light yellow. */
const COLORS: Record<QuoteStatus, string> = {
  requested: 'yellow.5',
  answered: 'blue.9',
  expired: 'gray.7',
  accepted: 'teal.9',
  declined: 'red.9',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation(QUOTE_NAMESPACES);
  return (
    <Badge variant="filled" color={COLORS[status]} autoContrast miw="max-content">
      {t(`quotes:status.${status}`)}
    </Badge>
  );
}
