import { useState } from 'react';
import {
  Alert,
  Anchor,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contract';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { Pager } from '../../../shared/ui/pager';
import { useOrderList } from '../api/orders';
import { OrderStatusBadge } from '../components/order-status-badge';

const SEARCH_DEBOUNCE_MS = 300;

/** 'Order History': the company's orders with search, status filter and date range. */
export function OrdersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useOrderList({ page, search: debouncedSearch, status, dateFrom, dateTo });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="brand.9">
        {t('orders.title')}
      </Title>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('orders.search')}
          value={search}
          maxLength={10}
          inputMode="numeric"
          onChange={(event) => filter(setSearch)(event.currentTarget.value)}
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label={t('orders.status')}
          value={status || null}
          onChange={(value) => filter(setStatus)((value as OrderStatus | null) ?? '')}
          data={ORDER_STATUSES.map((value) => ({ value, label: t(`orders.statuses.${value}`) }))}
          placeholder={t('orders.allStatuses')}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <TextInput
          type="date"
          label={t('orders.dateFrom')}
          value={dateFrom}
          onChange={(event) => filter(setDateFrom)(event.currentTarget.value)}
          w={{ base: '100%', sm: 170 }}
        />
        <TextInput
          type="date"
          label={t('orders.dateTo')}
          value={dateTo}
          min={dateFrom || undefined}
          onChange={(event) => filter(setDateTo)(event.currentTarget.value)}
          w={{ base: '100%', sm: 170 }}
        />
      </Group>
      {list.isError && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.isPending && <PageLoader />}
      {list.data && (
        <Card withBorder radius="md" padding={0}>
          {list.data.items.length === 0 ? (
            <Text p="md" c="gray.7">
              {t('orders.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="sm">
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
                  {list.data.items.map((order) => (
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
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
      {list.data && list.data.totalPage > 1 && (
        <Pager page={page} totalPage={list.data.totalPage} onChange={setPage} />
      )}
    </Stack>
  );
}
