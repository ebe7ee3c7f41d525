import { useState } from 'react';
import { Anchor, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can, ORDER_STATUSES, type OrderStatus } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { ExportButtons } from '../../../shared/ui/export-buttons';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import {
  ListFilters,
  SearchFilter,
  StatusFilter,
  useListState,
} from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useOrderList } from '../api/orders';
import { OrderStatusBadge } from '../../../shared/ui/order-status-badge';

/** 'Order History': the company's orders with search, status filter and date range. */
export function OrdersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { page, setPage, search, setSearch, debouncedSearch, resetting } = useListState();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const list = useOrderList({ page, search: debouncedSearch, status, dateFrom, dateTo });
  const exporting = can(useMe().data?.role, 'orders.export');
  // The export takes the list's filters: every order they match, not only this page.
  const exportParams = new URLSearchParams(
    Object.entries({
      search: debouncedSearch,
      status,
      date_from: dateFrom,
      date_to: dateTo,
    }).filter(([, value]) => value !== ''),
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2" c="brand.9">
          {t('orders.title')}
        </Title>
        {exporting && (
          <ExportButtons
            path="/orders"
            name="orders"
            params={exportParams}
            labels={{ csv: t('orders.export.csv'), xlsx: t('orders.export.xlsx') }}
          />
        )}
      </Group>
      <ListFilters>
        <SearchFilter
          label={t('orders.search')}
          value={search}
          maxLength={10}
          numeric
          onChange={setSearch}
        />
        <StatusFilter
          label={t('orders.status')}
          placeholder={t('orders.allStatuses')}
          statuses={ORDER_STATUSES}
          labelOf={(value) => t(`orders.statuses.${value}`)}
          value={status}
          onChange={resetting(setStatus)}
        />
        <TextInput
          type="date"
          label={t('orders.dateFrom')}
          value={dateFrom}
          onChange={(event) => resetting(setDateFrom)(event.currentTarget.value)}
          w={{ base: '100%', sm: 170 }}
        />
        <TextInput
          type="date"
          label={t('orders.dateTo')}
          value={dateTo}
          min={dateFrom || undefined}
          onChange={(event) => resetting(setDateTo)(event.currentTarget.value)}
          w={{ base: '100%', sm: 170 }}
        />
      </ListFilters>
      <ListResult query={list} page={page} onPage={setPage} empty={t('orders.empty')}>
        {(orders) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.number')}</Table.Th>
                <Table.Th>{t('orders.date')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Th>{t('orders.payment')}</Table.Th>
                <Table.Th ta="right">{t('orders.orderValue')}</Table.Th>
                <Table.Th>{t('orders.trackingNumber')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order._id} data-order-row>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/orders/${order._id}`} fw={600}>
                      {order.order_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(order.date, locale)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                  <Table.Td>{t(`checkout.methods.${order.payment_method}`)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(order.order_value, locale)}</Table.Td>
                  <Table.Td>{order.tracking_number ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
    </Stack>
  );
}
