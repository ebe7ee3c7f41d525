import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconListDetails, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useOrder } from '../../../shared/api/order';
import { Totals } from '../../../shared/ui/totals';
import { useOrderProgress, useReorder } from '../api/orders';
import { OrderShipments } from '../../../shared/ui/order-shipments';
import { AddressLines } from '../../../shared/ui/address-lines';
import { OrderStatusBadge } from '../../../shared/ui/order-status-badge';
import { Fact } from '../../../shared/ui/fact';
import { DocumentLines } from '../../../shared/ui/document-lines';
import { SaveListModal } from '../../../shared/ui/save-list-modal';

/** One order of the history: facts, progress, lines, addresses, reorder. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id = '' } = useParams();
  const order = useOrder(id);
  const progress = useOrderProgress(id);
  const reorder = useReorder();
  const role = useMe().data?.role;
  const [copying, setCopying] = useState(false);

  if (order.isError) {
    return (
      <Alert color="red" role="alert">
        {order.error.message}
      </Alert>
    );
  }
  if (!order.data) return <PageLoader />;
  const data = order.data;
  const reached = progress.data?.progress_steps.filter((step) => step.reached_at).length ?? 0;

  const onReorder = () =>
    reorder.mutate(data._id, {
      onSuccess: (answer) => {
        notifications.show({
          color: answer.unavailable.length ? 'yellow' : 'teal',
          message: answer.unavailable.length
            ? t('orders.reorderPartial', {
                lines: answer.unavailable
                  .map((line) => `${line.sku} (${line.added}/${line.requested})`)
                  .join(', '),
              })
            : t('orders.reordered'),
        });
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2" c="brand.9">
          {t('orders.detailTitle', { number: data.order_number })}
        </Title>
        {role && can(role, 'cart.use') && (
          <Group gap="xs">
            <Button
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={onReorder}
              loading={reorder.isPending}
            >
              {t('orders.reorder')}
            </Button>
            {reorder.isSuccess && (
              <Button component={LocaleLink} to="/cart" variant="light">
                {t('orders.goToCart')}
              </Button>
            )}
            {can(role, 'shopping_lists.use') && (
              <Button
                variant="default"
                leftSection={<IconListDetails size={18} aria-hidden />}
                onClick={() => setCopying(true)}
              >
                {t('lists.saveOrder')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <SaveListModal
        opened={copying}
        onClose={() => setCopying(false)}
        source={{ from: 'order', orderId: data._id }}
        defaultName={t('orders.detailTitle', { number: data.order_number })}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap={8}>
            <Fact label={t('orders.number')}>
              <span data-order-number>{data.order_number}</span>
            </Fact>
            <Fact label={t('orders.date')}>{formatDateTime(data.date, locale)}</Fact>
            <Fact label={t('orders.status')}>
              <OrderStatusBadge status={data.status} />
            </Fact>
            <Fact label={t('orders.payment')}>{t(`checkout.methods.${data.payment_method}`)}</Fact>
            <Fact label={t('orders.orderValue')}>{formatMoney(data.order_value, locale)}</Fact>
            <Fact label={t('orders.taxAmount')}>{formatMoney(data.tax_amount, locale)}</Fact>
            <Fact label={t('orders.shipping')}>
              {formatMoney(data.shipping_amount, locale)} · {data.shipping_method}
            </Fact>
            <Fact label={t('orders.trackingNumber')}>
              {data.shipments.length
                ? data.shipments
                    .map(
                      (shipment) => `${shipment.carrier} ${shipment.tracking_numbers.join(', ')}`,
                    )
                    .join(' · ')
                : (data.tracking_number ?? '—')}
            </Fact>
            {progress.data?.invoice && (
              <Fact label={t('orders.invoice')}>
                <Anchor
                  component={LocaleLink}
                  to={`/invoices/invoice-details/${progress.data.invoice._id}`}
                >
                  {progress.data.invoice.invoice_number}
                </Anchor>
              </Fact>
            )}
            {data.comment && (
              <Fact label={t('orders.comment')}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{data.comment}</span>
              </Fact>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('orders.progress')}
          </Title>
          {progress.data && (
            <Timeline active={reached - 1} bulletSize={22} lineWidth={2} color="teal.8">
              {progress.data.progress_steps.map((step) => (
                <Timeline.Item
                  key={step.step}
                  bullet={step.reached_at ? <IconCheck size={14} aria-hidden /> : undefined}
                  title={t(`checkout.progress.${step.step}`)}
                >
                  <Text size="xs" c="gray.7">
                    {step.reached_at ? formatDateTime(step.reached_at, locale) : t('orders.notYet')}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding={0}>
        <DocumentLines lines={data.lines} />
        <Stack p="md" maw={420} ml="auto">
          <Totals
            totals={{
              subtotal: data.subtotal,
              shipping_amount: data.shipping_amount,
              shipping_method: data.shipping_method,
              tax_amount: data.tax_amount,
              vat_rate: data.vat_rate,
              vat_mention: data.vat_mention,
              total: data.order_value,
            }}
          />
        </Stack>
      </Card>
      {(data.status === 'processing' || data.shipments.length > 0) && (
        <OrderShipments order={data} />
      )}
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AddressLines title={t('orders.deliveryAddress')} address={data.delivery_address} />
          <AddressLines title={t('orders.invoiceAddress')} address={data.invoice_address} />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
