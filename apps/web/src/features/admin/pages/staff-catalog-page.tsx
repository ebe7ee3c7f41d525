import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSitemap, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  LOCALES,
  STAFF_PRODUCT_SORTS,
  STOCK_STATES,
  type StaffProductBulk,
  type StaffProductRow,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { ListFilters } from '../../../shared/ui/list-filters';
import { ListResult } from '../../../shared/ui/list-result';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError } from '../../../shared/ui/notify';
import {
  useCategoryTree,
  useManufacturers,
  useProductAction,
  useStaffProducts,
} from '../api/catalog';
import { categoryOptions } from '../components/category-options';
import { ExportButtons } from '../../../shared/ui/export-buttons';
import { OutOfStockBadge, ProductActiveBadge } from '../components/product-badges';
import { UrlSelect } from '../components/url-filters';
import { useUrlFilters, useUrlSearch } from '../hooks/use-url-filters';

/** The languages a product's title and description are written in, as "4/6" with the missing. */
function Completeness({ row }: { row: StaffProductRow }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const missing = LOCALES.filter((code) => !row.complete_locales.includes(code));
  const label = `${row.complete_locales.length}/${LOCALES.length}`;
  if (missing.length === 0) {
    return (
      <Badge variant="filled" color="teal.9" autoContrast miw="max-content">
        {label}
      </Badge>
    );
  }
  const text = t('staff:catalog.missingLanguages', {
    languages: missing.map((code) => code.toUpperCase()).join(', '),
  });
  return (
    <Tooltip label={text}>
      <Badge variant="outline" color="red.9" miw="max-content" aria-label={`${label}. ${text}`}>
        {label}
      </Badge>
    </Tooltip>
  );
}

/** Acting on the chosen products: activate, deactivate, move to a category, reprice. */
function BulkActions({
  ids,
  categories,
  onDone,
}: {
  ids: string[];
  categories: { value: string; label: string }[];
  onDone: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const action = useProductAction();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | string>('');
  const count = ids.length;
  const run = (bulk: StaffProductBulk, question: string) =>
    modals.openConfirmModal({
      title: t('staff:catalog.bulkTitle', { count }),
      children: <Text size="sm">{question}</Text>,
      labels: { confirm: t('staff:catalog.apply'), cancel: t('common.cancel') },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        action.mutate(
          { kind: 'bulk', bulk },
          {
            onSuccess: (result) => {
              notifications.show({
                color: 'teal',
                message: t('staff:catalog.bulkDone', {
                  count: (result as { updated: number }).updated,
                }),
              });
              onDone();
            },
            onError: notifyError,
          },
        ),
    });
  const category = categories.find((option) => option.value === categoryId)?.label;
  return (
    <Paper withBorder p="sm" radius="md" data-bulk-actions>
      <Group gap="sm" align="flex-end">
        <Text fw={600} size="sm" mb={6}>
          {t('staff:catalog.selected', { count })}
        </Text>
        <Button
          variant="default"
          onClick={() =>
            run({ action: 'activate', ids }, t('staff:catalog.confirmActivate', { count }))
          }
        >
          {t('staff:catalog.activate')}
        </Button>
        <Button
          variant="default"
          onClick={() =>
            run({ action: 'deactivate', ids }, t('staff:catalog.confirmDeactivate', { count }))
          }
        >
          {t('staff:catalog.deactivate')}
        </Button>
        <Group gap={6} align="flex-end">
          <Select
            label={t('staff:catalog.moveTo')}
            data={categories}
            value={categoryId}
            onChange={setCategoryId}
            searchable
            w={220}
          />
          <Button
            variant="default"
            disabled={!categoryId}
            onClick={() =>
              categoryId &&
              run(
                { action: 'move_to_category', ids, category_id: categoryId },
                t('staff:catalog.confirmMove', { count, category }),
              )
            }
          >
            {t('staff:catalog.move')}
          </Button>
        </Group>
        <Group gap={6} align="flex-end">
          <NumberInput
            label={t('staff:catalog.pricePercent')}
            value={percent}
            onChange={setPercent}
            min={-90}
            max={500}
            decimalScale={2}
            suffix=" %"
            w={150}
          />
          <Button
            variant="default"
            disabled={typeof percent !== 'number' || percent === 0}
            onClick={() =>
              typeof percent === 'number' &&
              run(
                { action: 'change_price', ids, percent },
                t('staff:catalog.confirmPrice', { count, percent }),
              )
            }
          >
            {t('staff:catalog.changePrice')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * Back office: the catalog, active and inactive products, found by the shop's search and
 * filtered; the filters are the URL. Products chosen with the boxes are changed together.
 */
export function StaffCatalogPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const filters = useUrlFilters();
  const search = useUrlSearch(filters);
  const list = useStaffProducts(filters.params);
  const tree = useCategoryTree(locale);
  const manufacturers = useManufacturers();
  const categories = categoryOptions(tree.data);
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );
  const pageIds = list.data?.items.map((row) => row._id) ?? [];
  const allChosen = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('staff:catalog.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('staff:catalog.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          <ExportButtons
            path="/admin/products"
            name="products"
            params={filters.params}
            labels={{ csv: t('staff:orders.exportCsv'), xlsx: t('staff:orders.exportXlsx') }}
          />
          <Button
            component={LocaleLink}
            to="/admin/catalog/categories"
            variant="light"
            leftSection={<IconSitemap size={18} aria-hidden />}
          >
            {t('staff:categories.title')}
          </Button>
          <Button
            component={LocaleLink}
            to="/admin/catalog/import"
            variant="light"
            leftSection={<IconUpload size={18} aria-hidden />}
          >
            {t('staff:catalog.import')}
          </Button>
          <Button
            component={LocaleLink}
            to="/admin/catalog/new"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('staff:catalog.newProduct')}
          </Button>
        </Group>
      </Group>
      <ListFilters>
        <TextInput
          type="search"
          label={t('staff:orders.search')}
          placeholder={t('staff:catalog.searchPlaceholder')}
          value={search.text}
          maxLength={100}
          onChange={(event) => search.setText(event.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <UrlSelect
          filters={filters}
          name="category"
          label={t('staff:catalog.category')}
          data={categories}
        />
        <UrlSelect
          filters={filters}
          name="manufacturer"
          label={t('catalog.manufacturer')}
          data={(manufacturers.data?.items ?? []).map((name) => ({ value: name, label: name }))}
        />
        <UrlSelect
          filters={filters}
          name="stock"
          label={t('staff:catalog.stock')}
          data={STOCK_STATES.map((value) => ({
            value,
            label: t(`catalog.availability.${value}`),
          }))}
        />
        <UrlSelect
          filters={filters}
          name="active"
          label={t('staff:catalog.state')}
          data={[
            { value: 'active', label: t('staff:catalog.active') },
            { value: 'inactive', label: t('staff:catalog.inactive') },
          ]}
        />
        <Select
          label={t('staff:orders.sort')}
          value={filters.get('sort') || 'updated'}
          onChange={(value) => filters.set({ sort: value === 'updated' ? '' : (value ?? '') })}
          data={STAFF_PRODUCT_SORTS.map((value) => ({
            value,
            label: t(`staff:catalog.sorts.${value}`),
          }))}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
      </ListFilters>
      {selected.length > 0 && (
        <BulkActions ids={selected} categories={categories} onDone={() => setSelected([])} />
      )}
      <ListResult
        query={list}
        page={filters.page}
        onPage={filters.setPage}
        empty={t('staff:catalog.empty')}
        minWidth={900}
      >
        {(rows) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('staff:catalog.chooseAll')}
                    checked={allChosen}
                    indeterminate={!allChosen && pageIds.some((id) => selected.includes(id))}
                    onChange={() =>
                      setSelected((current) =>
                        allChosen
                          ? current.filter((id) => !pageIds.includes(id))
                          : [...new Set([...current, ...pageIds])],
                      )
                    }
                  />
                </Table.Th>
                <Table.Th w={56}>
                  <VisuallyHidden>{t('staff:catalog.picture')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('staff:catalog.product')}</Table.Th>
                <Table.Th>{t('catalog.manufacturer')}</Table.Th>
                <Table.Th ta="right">{t('cart.price')}</Table.Th>
                <Table.Th ta="right">{t('staff:catalog.stock')}</Table.Th>
                <Table.Th>{t('staff:catalog.state')}</Table.Th>
                <Table.Th>{t('staff:catalog.languages')}</Table.Th>
                <Table.Th>{t('staff:catalog.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row._id} data-product-row={row.sku}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('staff:catalog.choose', { sku: row.sku })}
                      checked={selected.includes(row._id)}
                      onChange={() => toggle(row._id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Image src={row.thumbnail} alt="" w={48} h={36} fit="contain" />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={`/admin/catalog/${row._id}`} fw={600}>
                      {row.title}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {row.sku} · {row.reference}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.manufacturer}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.price, locale)}</Table.Td>
                  <Table.Td ta="right">
                    <Stack gap={2} align="flex-end">
                      {row.quantity.toLocaleString(locale)}
                      {(!row.is_in_stock || row.quantity <= 0) && <OutOfStockBadge />}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <ProductActiveBadge active={row.is_active} />
                  </Table.Td>
                  <Table.Td>
                    <Completeness row={row} />
                  </Table.Td>
                  <Table.Td>{formatDate(row.updated_at, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </ListResult>
    </Stack>
  );
}
