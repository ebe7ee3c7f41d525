import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import type { PaymentStatus } from '@portal/contract';

/** Outlined dark shades: the text keeps its contrast on the light (striped) table rows. */
const STATUS_COLORS: Record<PaymentStatus, string> = {
  open: 'blue.9',
  paid: 'teal.9',
  failed: 'red.9',
  canceled: 'gray.8',
  expired: 'gray.8',
  refunded: 'violet.9',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Badge color={STATUS_COLORS[status]} variant="outline" size="sm" miw="max-content">
      {t(`staff:paymentStatuses.${status}`)}
    </Badge>
  );
}
