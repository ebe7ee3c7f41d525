import { useState, type FormEvent } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { formatDay } from '../../../shared/format/date';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { fieldMessage } from '../../../shared/forms/server-errors';
import { notifySuccess, notifyUnlessFields } from '../../../shared/ui/notify';
import { useCreatePriceList, usePriceLists } from '../api/price-lists';

const SEARCH_DEBOUNCE_MS = 300;

/** Back office: the price lists, by name; a new one opens on its page. */
export function PriceListsPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const lists = usePriceLists(q, page);
  const day = (value: string | null) => (value ? formatDay(value, locale) : '–');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('staff:priceLists.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('staff:priceLists.subtitle')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('staff:priceLists.new')}
        </Button>
      </Group>
      <TextInput
        aria-label={t('staff:priceLists.search')}
        placeholder={t('staff:priceLists.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <ListResult
        query={lists}
        page={page}
        onPage={setPage}
        empty={t('staff:priceLists.empty')}
        minWidth={760}
      >
        {(items) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff:priceLists.name')}</Table.Th>
                <Table.Th>{t('staff:priceLists.validity')}</Table.Th>
                <Table.Th ta="right">{t('staff:priceLists.discounts')}</Table.Th>
                <Table.Th ta="right">{t('staff:priceLists.prices')}</Table.Th>
                <Table.Th ta="right">{t('staff:priceLists.companies')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((list) => (
                <Table.Tr key={list._id}>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/admin/price-lists/${list._id}`} fw={600}>
                      {list.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">
                        {day(list.valid_from)} – {day(list.valid_until)}
                      </Text>
                      <InForceBadge inForce={list.in_force} />
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{list.discount_count}</Table.Td>
                  <Table.Td ta="right">{list.price_count}</Table.Td>
                  <Table.Td ta="right">{list.company_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
      {creating && <NewPriceListModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}

/** Whether a list's dates include today. */
export function InForceBadge({ inForce }: { inForce: boolean }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Badge variant="filled" color={inForce ? 'teal.9' : 'gray.7'} miw="max-content">
      {t(inForce ? 'staff:priceLists.inForce' : 'staff:priceLists.notInForce')}
    </Badge>
  );
}

function NewPriceListModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const create = useCreatePriceList();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [name, setName] = useState('');
  const nameError = fieldMessage(create.error, 'name');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: (list) => {
          notifySuccess(t('staff:priceLists.created', { name: list.name }));
          void navigate(localize(`/admin/price-lists/${list._id}`));
        },
        onError: notifyUnlessFields,
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff:priceLists.new')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('staff:priceLists.name')}
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('staff:priceLists.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
