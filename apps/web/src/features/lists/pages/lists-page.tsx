import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '@portal/contract';
import { useShoppingLists } from '../../../shared/api/shopping-lists';
import { useMe } from '../../../shared/auth/me';
import { formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { SaveListModal } from '../../../shared/ui/save-list-modal';

/** /lists: the company's shared lists and the caller's own, last changed first. */
export function ListsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const role = useMe().data?.role;
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const lists = useShoppingLists(page, locale);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('lists.title')}
          </Title>
          <Text c="gray.7" mt={4}>
            {t('lists.intro')}
          </Text>
        </div>
        {can(role, 'shopping_lists.use') && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('lists.new')}
          </Button>
        )}
      </Group>
      <ListResult query={lists} page={page} onPage={setPage} empty={t('lists.empty')}>
        {(items) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lists.name')}</Table.Th>
                <Table.Th>{t('lists.sharing')}</Table.Th>
                <Table.Th>{t('lists.createdBy')}</Table.Th>
                <Table.Th ta="right">{t('lists.lines')}</Table.Th>
                <Table.Th ta="right">{t('lists.total')}</Table.Th>
                <Table.Th>{t('lists.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((list) => (
                <Table.Tr key={list._id}>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/lists/${list._id}`} fw={600}>
                      {list.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={list.shared ? 'brand' : 'gray'}>
                      {list.shared ? t('lists.sharedBadge') : t('lists.private')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{list.created_by}</Table.Td>
                  <Table.Td ta="right">{list.line_count}</Table.Td>
                  <Table.Td ta="right">{formatMoney(list.total, locale)}</Table.Td>
                  <Table.Td>{formatDateTime(list.updated_at, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
      <SaveListModal
        opened={creating}
        onClose={() => setCreating(false)}
        source={{ from: 'lines', lines: [] }}
        onSaved={(list) => void navigate(localize(`/lists/${list._id}`))}
      />
    </Stack>
  );
}
