import { useState } from 'react';
import {
  Anchor,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_ORDER_STATUSES,
  dashboardPaymentLabel,
  type OrderStatus,
  type PaymentMethod,
} from '@portal/contract';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { Pager } from '../../../shared/ui/pager';
import { LAST_ORDERS_PAGE_SIZE, useOrderList } from '../api/orders';
import { OrderStatusBadge } from '../../../shared/ui/order-status-badge';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';

/** The dashboard's last orders, with the statuses SPEC lists for it and the full pager. */
export function LastOrders() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  // SPEC's dashboard payment labels where one applies, the method's own name otherwise.
  const paymentLabel = (method: PaymentMethod) => {
    const label = dashboardPaymentLabel(method);
    return label ? t(`orders.paymentLabels.${label}`) : t(`checkout.methods.${method}`);
  };
  const list = useOrderList(
    { page, search: '', status, dateFrom: '', dateTo: '' },
    LAST_ORDERS_PAGE_SIZE,
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="last-orders">
      <Group justify="space-between" mb="md" align="flex-end">
        <Group gap="sm">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconReceipt size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id="last-orders">
            {t('orders.lastOrders')}
          </Title>
        </Group>
        <Select
          aria-label={t('orders.status')}
          value={status || null}
          onChange={(value) => {
            setStatus((value as OrderStatus | null) ?? '');
            setPage(1);
          }}
          data={DASHBOARD_ORDER_STATUSES.map((value) => ({
            value,
            label: t(`orders.statuses.${value}`),
          }))}
          placeholder={t('orders.allStatuses')}
          clearable
          w={180}
        />
      </Group>
      {list.isPending && (
        // About the table's height (its head and a page of rows), so the cards below stay put.
        <Stack gap={13} aria-hidden>
          {Array.from({ length: LAST_ORDERS_PAGE_SIZE + 1 }, (_, row) => (
            <Skeleton key={row} height={17} />
          ))}
        </Stack>
      )}
      {list.data && list.data.items.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('orders.empty')}
        </Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <Stack gap="sm">
          <ResponsiveTable minWidth={560} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.number')}</Table.Th>
                <Table.Th>{t('orders.date')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Th>{t('orders.payment')}</Table.Th>
                <Table.Th ta="right">{t('orders.orderValue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((order) => (
                <Table.Tr key={order._id}>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/orders/${order._id}`} fw={600}>
                      {order.order_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(order.date, locale)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                  <Table.Td>{paymentLabel(order.payment_method)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(order.order_value, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <Pager page={page} totalPage={list.data.totalPage} onChange={setPage} />
        </Stack>
      )}
    </Card>
  );
}
