import {
  Anchor,
  Badge,
  Group,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STAFF_ORDER_SORTS,
  STAFF_ORDER_TABS,
  type StaffOrderTab,
} from '@portal/contract';
import { countryName, countryOptions } from '../../../shared/format/country';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { OrderStatusBadge } from '../../../shared/ui/order-status-badge';
import { useStaffOrders } from '../api/orders';
import { ExportButtons } from '../../../shared/ui/export-buttons';
import { PaymentStatusBadge } from '../components/payment-status-badge';
import { UrlSelect, UrlDateRange } from '../components/url-filters';
import { useUrlFilters, useUrlSearch } from '../hooks/use-url-filters';

const isTab = (value: string): value is StaffOrderTab =>
  (STAFF_ORDER_TABS as readonly string[]).includes(value);

/** Back office: every company's orders, by tab, searchable and filtered; the filters are the URL. */
export function StaffOrdersPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const filters = useUrlFilters();
  const search = useUrlSearch(filters);
  const tab = isTab(filters.get('tab')) ? (filters.get('tab') as StaffOrderTab) : 'all';
  const list = useStaffOrders(filters.params);
  const counts = list.data?.counts;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('staff:orders.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('staff:orders.subtitle')}
          </Text>
        </div>
        <ExportButtons
          path="/admin/orders"
          name="orders"
          params={filters.params}
          labels={{ csv: t('staff:orders.exportCsv'), xlsx: t('staff:orders.exportXlsx') }}
        />
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => filters.set({ tab: value && value !== 'all' ? value : '' })}
        keepMounted={false}
      >
        <Tabs.List>
          {STAFF_ORDER_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`staff:orders.tabs.${value}`)}
              {counts && (
                <Badge ml={6} size="sm" color="gray.2" autoContrast component="span">
                  {counts[value].toLocaleString(locale)}
                </Badge>
              )}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListFilters>
        <TextInput
          type="search"
          label={t('staff:orders.search')}
          placeholder={t('staff:search.placeholder')}
          value={search.text}
          maxLength={100}
          onChange={(event) => search.setText(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <UrlSelect
          filters={filters}
          name="payment_method"
          label={t('staff:orders.paymentMethod')}
          data={PAYMENT_METHODS.map((value) => ({ value, label: t(`checkout.methods.${value}`) }))}
        />
        <UrlSelect
          filters={filters}
          name="payment_status"
          label={t('staff:orders.paymentStatus')}
          data={PAYMENT_STATUSES.map((value) => ({
            value,
            label: t(`staff:paymentStatuses.${value}`),
          }))}
        />
        <UrlSelect
          filters={filters}
          name="country"
          label={t('staff:orders.country')}
          data={countryOptions(locale)}
        />
        <UrlDateRange filters={filters} />
        <Select
          label={t('staff:orders.sort')}
          value={filters.get('sort') || 'date_desc'}
          onChange={(value) => filters.set({ sort: value && value !== 'date_desc' ? value : '' })}
          data={STAFF_ORDER_SORTS.map((value) => ({
            value,
            label: t(`staff:orders.sorts.${value}`),
          }))}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
      </ListFilters>
      <ListResult
        query={list}
        page={filters.page}
        onPage={filters.setPage}
        empty={t('staff:orders.empty')}
        minWidth={900}
      >
        {(orders) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.number')}</Table.Th>
                <Table.Th>{t('orders.date')}</Table.Th>
                <Table.Th>{t('staff:orders.company')}</Table.Th>
                <Table.Th>{t('staff:orders.buyer')}</Table.Th>
                <Table.Th>{t('staff:orders.country')}</Table.Th>
                <Table.Th>{t('orders.payment')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Th ta="right">{t('orders.orderValue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order._id} data-staff-order-row>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/admin/orders/${order._id}`} fw={600}>
                      {order.order_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(order.date, locale)}</Table.Td>
                  <Table.Td>{order.company.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{order.buyer.full_name}</Text>
                    <Text size="xs" c="gray.7">
                      {order.buyer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{countryName(order.country, locale)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`checkout.methods.${order.payment_method}`)}</Text>
                    {order.payment_status && <PaymentStatusBadge status={order.payment_status} />}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <OrderStatusBadge status={order.status} whole />
                    {order.status === 'processing' && (
                      <Text size="xs" c="gray.7" mt={4}>
                        {t(`staff:orders.tabs.${order.tab}`)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(order.order_value, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
    </Stack>
  );
}
