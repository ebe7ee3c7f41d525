import { useState } from 'react';
import { Anchor, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUOTE_STATUSES, type QuoteStatus } from '@portal/contract';
import { formatDateTime, formatDay } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { STAFF_QUOTE_NAMESPACES } from '../../../i18n/i18n';
import { useStaffQuotes } from '../api/quotes';
import { QuoteStatusBadge } from '../components/quote-status-badge';

const TABS = [...QUOTE_STATUSES, 'all'] as const;
type Tab = (typeof TABS)[number];
const SEARCH_DEBOUNCE_MS = 300;

/** Back office: every company's quotes, those waiting for an answer first; by number or company. */
export function StaffQuotesPage() {
  const { t } = useTranslation(STAFF_QUOTE_NAMESPACES);
  const locale = useLocale();
  const [tab, setTab] = useState<Tab>('requested');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const list = useStaffQuotes(tab === 'all' ? null : tab, q, page);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('quotes:staff.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('quotes:staff.subtitle')}
        </Text>
      </div>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Tabs
          value={tab}
          onChange={(value) => {
            setTab((value ?? 'requested') as Tab);
            setPage(1);
          }}
          keepMounted={false}
        >
          <Tabs.List>
            {TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(value === 'all' ? 'quotes:all' : `quotes:status.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput
          aria-label={t('quotes:staff.search')}
          placeholder={t('quotes:staff.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          // Wide enough for the longest language's hint (es, de: 31 characters) with its icon.
          w={{ base: '100%', sm: 340 }}
        />
      </Group>
      <ListResult
        query={list}
        page={page}
        onPage={setPage}
        empty={t('quotes:staff.empty')}
        minWidth={860}
      >
        {(items) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quotes:number')}</Table.Th>
                <Table.Th>{t('quotes:company')}</Table.Th>
                <Table.Th>{t('quotes:requestedAt')}</Table.Th>
                <Table.Th ta="right">{t('quotes:items')}</Table.Th>
                <Table.Th ta="right">{t('quotes:quotedTotal')}</Table.Th>
                <Table.Th>{t('quotes:validUntil')}</Table.Th>
                <Table.Th>{t('quotes:statusHeading')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item._id}>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/admin/quotes/${item._id}`} fw={600}>
                      {item.quote_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.company.name}</Text>
                    <Text size="xs" c="gray.7">
                      {item.requester.full_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(item.requested_at, locale)}</Table.Td>
                  <Table.Td ta="right">{item.item_count}</Table.Td>
                  <Table.Td ta="right">
                    {item.quoted_total === null ? '–' : formatMoney(item.quoted_total, locale)}
                  </Table.Td>
                  <Table.Td>
                    {item.valid_until ? formatDay(item.valid_until, locale) : '–'}
                  </Table.Td>
                  <Table.Td>
                    <QuoteStatusBadge status={item.status as QuoteStatus} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
    </Stack>
  );
}
