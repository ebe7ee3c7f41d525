import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@portal/contract';
import { formatDateTime } from '../format/date';
import { useLocale } from '../locale/use-locale';

/**
 * The parcels an order left in, oldest first: carrier, tracking numbers, when, and how many of
 * which products each holds; says what is still to ship while the order is partly shipped.
 */
export function OrderShipments({ order }: { order: Pick<Order, 'shipments' | 'lines'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ordered = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipped = order.lines.reduce((sum, line) => sum + line.shipped_quantity, 0);
  return (
    <Card withBorder radius="md" padding="lg" data-shipments>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('orders.shipments')}
        </Title>
        {shipped > 0 && shipped < ordered && (
          <Badge color="orange.9" variant="light">
            {t('orders.partlyShipped', { shipped, ordered })}
          </Badge>
        )}
      </Group>
      {order.shipments.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('orders.noShipments')}
        </Text>
      ) : (
        <Stack gap="md">
          {order.shipments.map((shipment, index) => (
            <Stack key={shipment._id} gap={4} data-shipment>
              <Group gap="xs">
                <IconTruckDelivery size={18} aria-hidden />
                <Text fw={600}>
                  {t('orders.parcel', { n: index + 1 })} · {shipment.carrier}
                </Text>
                <Text size="sm" c="gray.7">
                  {formatDateTime(shipment.shipped_at, locale)}
                </Text>
              </Group>
              <Text size="sm">
                {t('orders.trackingNumbers', { count: shipment.tracking_numbers.length })}:{' '}
                {shipment.tracking_numbers.join(', ')}
              </Text>
              <List size="sm" spacing={2}>
                {shipment.lines.map((line) => (
                  <List.Item key={line.line_id}>
                    {line.quantity} × {line.sku} · {line.title}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
