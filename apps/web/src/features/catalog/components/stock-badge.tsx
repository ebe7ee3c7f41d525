import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Availability } from '@portal/contract';

const LOOK: Record<Availability, { color: string; Icon: typeof IconCircleCheck }> = {
  in_stock: { color: 'teal.9', Icon: IconCircleCheck },
  low_stock: { color: '#a34000', Icon: IconAlertTriangle },
  out_of_stock: { color: 'red.9', Icon: IconCircleX },
  on_order: { color: 'brand.9', Icon: IconClockHour4 },
};

/** Stock state with an icon and a text, never colour only. */
export function StockBadge({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[availability];
  return (
    <Badge
      variant="outline"
      color={color}
      bg="white"
      radius="sm"
      leftSection={<Icon size={14} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      {t(`catalog.availability.${availability}`)}
    </Badge>
  );
}
