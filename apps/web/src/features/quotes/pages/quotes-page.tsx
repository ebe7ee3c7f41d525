import { useState } from 'react';
import { Anchor, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUOTE_STATUSES, type QuoteStatus } from '@portal/contract';
import { formatDateTime, formatDay } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { QUOTE_NAMESPACES } from '../../../i18n/i18n';
import { useQuotes } from '../api/quotes';
import { QuoteStatusBadge } from '../components/quote-status-badge';

const FILTERS = ['all', ...QUOTE_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

/** /quotes: the company's quotes, newest first, by status; each opens its page. */
export function QuotesPage() {
  const { t } = useTranslation(QUOTE_NAMESPACES);
  const locale = useLocale();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const quotes = useQuotes(filter === 'all' ? null : filter, page);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('quotes:title')}
        </Title>
        <Text c="gray.7" mt={4}>
          {t('quotes:intro')}
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="flex-end">
            <Select
              aria-label={t('quotes:filter')}
              value={filter}
              allowDeselect={false}
              w={200}
              onChange={(value) => {
                setFilter((value ?? 'all') as Filter);
                setPage(1);
              }}
              data={FILTERS.map((value) => ({
                value,
                label: t(value === 'all' ? 'quotes:all' : `quotes:status.${value}`),
              }))}
            />
          </Group>
          <ListResult
            query={quotes}
            page={page}
            onPage={setPage}
            empty={t('quotes:empty')}
            minWidth={760}
          >
            {(items) => (
              <>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('quotes:number')}</Table.Th>
                    <Table.Th>{t('quotes:requestedAt')}</Table.Th>
                    <Table.Th>{t('quotes:requester')}</Table.Th>
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
                        <Anchor component={LocaleLink} to={`/quotes/${item._id}`} fw={600}>
                          {item.quote_number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatDateTime(item.requested_at, locale)}</Table.Td>
                      <Table.Td>{item.requester.full_name}</Table.Td>
                      <Table.Td ta="right">{item.item_count}</Table.Td>
                      <Table.Td ta="right">
                        {item.quoted_total === null ? '–' : formatMoney(item.quoted_total, locale)}
                      </Table.Td>
                      <Table.Td>
                        {item.valid_until ? formatDay(item.valid_until, locale) : '–'}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <QuoteStatusBadge status={item.status as QuoteStatus} />
                          {item.order && (
                            <Anchor
                              component={LocaleLink}
                              to={`/orders/${item.order._id}`}
                              size="sm"
                            >
                              {item.order.order_number}
                            </Anchor>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </>
            )}
          </ListResult>
        </Stack>
      </Card>
    </Stack>
  );
}
