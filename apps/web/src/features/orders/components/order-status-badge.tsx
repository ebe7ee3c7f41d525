import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@portal/contract';

/** Filled badges with dark shades: white text keeps its contrast on each. */
const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow.9',
  processing: 'blue.9',
  completed: 'teal.9',
  closed: 'gray.7',
  canceled: 'red.9',
  failed: 'red.9',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled">
      {t(`orders.statuses.${status}`)}
    </Badge>
  );
}
