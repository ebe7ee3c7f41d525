import { Anchor, Badge, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_MESSAGE_FILTERS, type StaffMessageFilter } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { useStaffMessages } from '../api/messages';
import { useUrlFilters } from '../hooks/use-url-filters';

const isFilter = (value: string): value is StaffMessageFilter =>
  (STAFF_MESSAGE_FILTERS as readonly string[]).includes(value);

/** Back office: the contact-us messages customers sent, unread first; the tab is the URL. */
export function MessagesPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const filters = useUrlFilters();
  const filter = isFilter(filters.get('filter'))
    ? (filters.get('filter') as StaffMessageFilter)
    : 'unread';
  const list = useStaffMessages(filters.params);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('staff:messages.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff:messages.subtitle')}
        </Text>
      </div>
      <Tabs
        value={filter}
        onChange={(value) => filters.set({ filter: value && value !== 'unread' ? value : '' })}
        keepMounted={false}
      >
        <Tabs.List>
          {STAFF_MESSAGE_FILTERS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`staff:messages.filters.${value}`)}
              {value === 'unread' && list.data && (
                <Badge ml={6} size="sm" color="gray.2" autoContrast component="span">
                  {list.data.unread.toLocaleString(locale)}
                </Badge>
              )}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListResult
        query={list}
        page={filters.page}
        onPage={filters.setPage}
        empty={t(`staff:messages.empty.${filter}`)}
        minWidth={760}
      >
        {(messages) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff:messages.subject')}</Table.Th>
                <Table.Th>{t('staff:messages.from')}</Table.Th>
                <Table.Th>{t('staff:messages.received')}</Table.Th>
                <Table.Th>{t('staff:messages.assignedTo')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((message) => (
                <Table.Tr key={message._id} data-message-row>
                  <Table.Td>
                    <Anchor
                      component={LocaleLink}
                      to={`/admin/messages/${message._id}`}
                      fw={message.read ? 400 : 700}
                    >
                      {message.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{message.sender.full_name}</Text>
                    <Text size="xs" c="gray.7">
                      {message.company.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(message.created_at, locale)}</Table.Td>
                  <Table.Td>{message.assigned_to?.full_name ?? '—'}</Table.Td>
                  <Table.Td>
                    {message.answered_at
                      ? t('staff:messages.answered')
                      : message.read
                        ? t('staff:messages.read')
                        : t('staff:messages.unread')}
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
