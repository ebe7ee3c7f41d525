import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@portal/contract';

/**
 * Filled badges with dark shades, white text keeping its contrast on each; pending is a light
 * yellow with dark text (autoContrast), since no yellow is dark enough for white text.
 */
const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow.5',
  processing: 'blue.9',
  completed: 'teal.9',
  closed: 'gray.7',
  canceled: 'red.9',
  failed: 'red.9',
};

/**
 * `whole`: never shortened with an ellipsis (wide tables whose columns would squeeze it); on a
 * phone's stacked rows a long status may shorten instead.
 */
export function OrderStatusBadge({
  status,
  whole = false,
}: {
  status: OrderStatus;
  whole?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="filled"
      autoContrast
      miw={whole ? 'max-content' : undefined}
    >
      {t(`orders.statuses.${status}`)}
    </Badge>
  );
}
