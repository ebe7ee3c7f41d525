import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Order } from '@portal/contract';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { Totals } from '../../../shared/ui/totals';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/**
 * The placed order at a glance: number, date, payment, progress, delivery time and totals. For
 * an order whose payment did not go through (`unpaid`): its status and the payment's, and no
 * progress or delivery promise.
 */
export function OrderFacts({ order, unpaid = false }: { order: Order; unpaid?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const payment = order.payments.at(-1);
  return (
    <Card withBorder radius="md" padding="lg" w="100%" maw={560}>
      <Stack gap={8}>
        <Fact label={t('checkout.result.orderNumber')}>
          <span data-order-number>{order.order_number}</span>
        </Fact>
        <Fact label={t('checkout.result.date')}>{formatDateTime(order.date, locale)}</Fact>
        <Fact label={t('checkout.summary.paymentMethod')}>
          {t(`checkout.methods.${order.payment_method}`)}
        </Fact>
        {unpaid ? (
          <>
            {payment && (
              <Fact label={t('checkout.result.paymentStatus')}>
                <span data-payment-status>{t(`checkout.paymentStatuses.${payment.status}`)}</span>
              </Fact>
            )}
            <Fact label={t('checkout.result.orderStatus')}>
              <span data-order-status>{t(`orders.statuses.${order.status}`)}</span>
            </Fact>
          </>
        ) : (
          <>
            <Fact label={t('checkout.result.progress')}>
              {t(`checkout.progress.${order.progress}`)}
            </Fact>
            <Fact label={t('checkout.result.deliveryTime')}>
              {t('checkout.result.days', { days: order.delivery_days })}
            </Fact>
          </>
        )}
      </Stack>
      <Stack mt="md">
        <Totals
          totals={{
            subtotal: order.subtotal,
            shipping_amount: order.shipping_amount,
            shipping_method: order.shipping_method,
            tax_amount: order.tax_amount,
            vat_rate: order.vat_rate,
            vat_mention: order.vat_mention,
            total: order.order_value,
          }}
        />
      </Stack>
    </Card>
  );
}
