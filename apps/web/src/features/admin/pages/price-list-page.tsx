import { useRef, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PRICE_LIST_MAX_PRICE, type PriceList, type PriceListFileRow } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { formatMoney } from '../../../shared/format/money';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { fieldMessage } from '../../../shared/forms/server-errors';
import { notifyError, notifySuccess, notifyUnlessFields } from '../../../shared/ui/notify';
import { ExportButtons } from '../../../shared/ui/export-buttons';
import { wrappingButton } from '../../../shared/ui/wrapping-button';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { useCategoryTree, useManufacturers } from '../api/catalog';
import {
  useChangePriceList,
  useDeletePriceList,
  usePriceList,
  useReadPriceFile,
  type PriceListChange,
} from '../api/price-lists';
import { categoryOptions } from '../components/category-options';
import { InForceBadge } from './price-lists-page';

/**
 * Back office /admin/price-lists/:id: a list's name and dates, its discounts by category or
 * manufacturer, its fixed prices and tiers by SKU (edited here or read from a CSV file), and the
 * companies that get it (given on each company's page).
 */
export function PriceListPage() {
  const { id = '' } = useParams();
  const locale = useLocale();
  const query = usePriceList(id, locale);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
        <BackToLists />
      </Stack>
    );
  }
  const list = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2" c="brand.9">
            {list.name}
          </Title>
          <InForceBadge inForce={list.in_force} />
        </Group>
        <DeleteButton list={list} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Details key={list.updated_at} list={list} />
        <Companies list={list} />
      </SimpleGrid>
      <Discounts key={`d-${list.updated_at}`} list={list} />
      <Prices key={`p-${list.updated_at}`} list={list} />
      <BackToLists />
    </Stack>
  );
}

function BackToLists() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Group>
      <Button
        component={LocaleLink}
        to="/admin/price-lists"
        variant="default"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
      >
        {t('staff:priceLists.back')}
      </Button>
    </Group>
  );
}

function useSave(list: PriceList) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const change = useChangePriceList(list._id);
  const save = (next: PriceListChange) =>
    change.mutate(next, {
      onSuccess: () => notifySuccess(t('staff:priceLists.saved', { name: list.name })),
      onError: notifyUnlessFields,
    });
  return { change, save };
}

function Details({ list }: { list: PriceList }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const { change, save } = useSave(list);
  const [name, setName] = useState(list.name);
  const [from, setFrom] = useState(list.valid_from ?? '');
  const [until, setUntil] = useState(list.valid_until ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save({
      kind: 'details',
      body: { name, valid_from: from || null, valid_until: until || null },
    });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="details-h">
      <Title order={2} size="h4" mb="sm" id="details-h">
        {t('staff:priceLists.details')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('staff:priceLists.name')}
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldMessage(change.error, 'name')}
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('staff:priceLists.validFrom')}
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              error={fieldMessage(change.error, 'valid_from')}
            />
            <TextInput
              type="date"
              label={t('staff:priceLists.validUntil')}
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
              error={fieldMessage(change.error, 'valid_until')}
            />
          </Group>
          <Text size="xs" c="gray.7">
            {t('staff:priceLists.validityHint')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Companies({ list }: { list: PriceList }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="companies-h">
      <Title order={2} size="h4" mb="sm" id="companies-h">
        {t('staff:priceLists.companies')}
      </Title>
      {list.companies.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('staff:priceLists.noCompanies')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ margin: 0, paddingInlineStart: 18 }}>
          {list.companies.map((company) => (
            <li key={company._id}>
              <Anchor component={LocaleLink} to={`/admin/customers/${company._id}`} size="sm">
                {company.name}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
      <Text size="xs" c="gray.7" mt="sm">
        {t('staff:priceLists.companiesHint')}
      </Text>
    </Card>
  );
}

interface DiscountRow {
  key: number;
  target: 'category' | 'manufacturer';
  value: string | null;
  percent: number | string;
}

function Discounts({ list }: { list: PriceList }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const tree = useCategoryTree(locale);
  const manufacturers = useManufacturers();
  const { change, save } = useSave(list);
  const nextKey = useRef(list.discounts.length);
  const [rows, setRows] = useState<DiscountRow[]>(() =>
    list.discounts.map((discount, key) => ({
      key,
      target: discount.category ? 'category' : 'manufacturer',
      value: discount.category?._id ?? discount.manufacturer,
      percent: discount.percent,
    })),
  );
  const update = (key: number, changes: Partial<DiscountRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save({
      kind: 'discounts',
      body: {
        discounts: rows.map((row) =>
          row.target === 'category'
            ? { category_id: row.value ?? '', percent: Number(row.percent) }
            : { manufacturer: row.value ?? '', percent: Number(row.percent) },
        ),
      },
    });
  };
  const targets = [
    { value: 'category', label: t('staff:priceLists.category') },
    { value: 'manufacturer', label: t('staff:priceLists.manufacturer') },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="discounts-h">
      <Title order={2} size="h4" id="discounts-h">
        {t('staff:priceLists.discounts')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('staff:priceLists.discountsHint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {rows.map((row, index) => (
            <Group key={row.key} align="flex-start" gap="sm" wrap="wrap">
              <Select
                aria-label={t('staff:priceLists.discountKind', { number: index + 1 })}
                data={targets}
                value={row.target}
                allowDeselect={false}
                w={170}
                onChange={(value) =>
                  update(row.key, {
                    target: (value ?? 'category') as DiscountRow['target'],
                    value: null,
                  })
                }
              />
              <Select
                aria-label={t('staff:priceLists.discountTarget', { number: index + 1 })}
                data={
                  row.target === 'category'
                    ? categoryOptions(tree.data)
                    : (manufacturers.data?.items ?? []).map((name) => ({
                        value: name,
                        label: name,
                      }))
                }
                value={row.value}
                searchable
                style={{ flex: 1, minWidth: 200 }}
                onChange={(value) => update(row.key, { value })}
                error={
                  fieldMessage(change.error, `discounts.${index}.category_id`) ??
                  fieldMessage(change.error, `discounts.${index}.manufacturer`)
                }
              />
              <NumberInput
                aria-label={t('staff:priceLists.discountPercent', { number: index + 1 })}
                value={row.percent}
                onChange={(value) => update(row.key, { percent: value })}
                min={0.01}
                max={100}
                decimalScale={2}
                suffix=" %"
                w={110}
                error={fieldMessage(change.error, `discounts.${index}.percent`)}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                aria-label={t('staff:priceLists.removeDiscount', { number: index + 1 })}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() =>
                setRows((current) => [
                  ...current,
                  { key: nextKey.current++, target: 'category', value: null, percent: 10 },
                ])
              }
            >
              {t('staff:priceLists.addDiscount')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('staff:priceLists.saveDiscounts')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type EditedPrice = PriceListFileRow & { key: number };

/** The files the server reads prices from. */
const PRICE_FILE_TYPES =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function Prices({ list }: { list: PriceList }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const { change, save } = useSave(list);
  const nextKey = useRef(list.prices.length);
  const [rows, setRows] = useState<EditedPrice[]>(() =>
    list.prices.map((price, key) => ({
      key,
      sku: price.sku,
      min_quantity: price.min_quantity,
      price: price.price,
    })),
  );
  const known = new Map(list.prices.map((price) => [price.sku, price]));
  const update = (key: number, changes: Partial<PriceListFileRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save({
      kind: 'prices',
      body: {
        prices: rows.map((row) => ({
          sku: row.sku.trim(),
          min_quantity: Number(row.min_quantity),
          price: Number(row.price),
        })),
      },
    });
  };
  const readPrices = useReadPriceFile(list._id);
  const readFile = (file: File | null) => {
    if (!file) return;
    readPrices.mutate(file, {
      onSuccess: ({ prices }) => {
        setRows(prices.map((row) => ({ ...row, key: nextKey.current++ })));
        notifySuccess(t('staff:priceLists.fileRead', { count: prices.length }));
      },
      onError: notifyUnlessFields,
    });
  };
  const fileProblem = fieldMessage(readPrices.error, 'file');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="prices-h">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h4" id="prices-h">
            {t('staff:priceLists.prices')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('staff:priceLists.pricesHint')}
          </Text>
        </div>
        <Group gap="xs">
          <FileButton onChange={readFile} accept={PRICE_FILE_TYPES}>
            {(props) => (
              <Button
                variant="default"
                leftSection={<IconUpload size={18} aria-hidden />}
                loading={readPrices.isPending}
                classNames={wrappingButton}
                {...props}
              >
                {t('staff:priceLists.importFile')}
              </Button>
            )}
          </FileButton>
          <ExportButtons
            path={`/admin/price-lists/${list._id}`}
            name="price-list"
            params={new URLSearchParams()}
            labels={{
              csv: t('staff:priceLists.exportCsv'),
              xlsx: t('staff:priceLists.exportXlsx'),
            }}
          />
        </Group>
      </Group>
      {fileProblem && (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {fileProblem}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" mt="md">
          {rows.length > 0 && (
            <ResponsiveTable minWidth={640} label={t('staff:priceLists.prices')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff:priceLists.sku')}</Table.Th>
                  <Table.Th>{t('staff:priceLists.fromQuantity')}</Table.Th>
                  <Table.Th>{t('staff:priceLists.price')}</Table.Th>
                  <Table.Th ta="right">{t('staff:priceLists.listPrice')}</Table.Th>
                  <Table.Th ta="center">{t('staff:priceLists.remove')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const product = known.get(row.sku.trim());
                  return (
                    <Table.Tr key={row.key}>
                      <Table.Td>
                        <TextInput
                          aria-label={t('staff:priceLists.skuOf', { number: index + 1 })}
                          value={row.sku}
                          onChange={(event) => update(row.key, { sku: event.currentTarget.value })}
                          error={fieldMessage(change.error, `prices.${index}.sku`)}
                          description={product?.title}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('staff:priceLists.fromQuantityOf', { number: index + 1 })}
                          value={row.min_quantity}
                          onChange={(value) => update(row.key, { min_quantity: value })}
                          min={1}
                          allowDecimal={false}
                          allowNegative={false}
                          error={fieldMessage(change.error, `prices.${index}.min_quantity`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('staff:priceLists.priceOf', { number: index + 1 })}
                          value={row.price}
                          onChange={(value) => update(row.key, { price: value })}
                          min={0}
                          max={PRICE_LIST_MAX_PRICE}
                          decimalScale={2}
                          prefix="€ "
                          error={fieldMessage(change.error, `prices.${index}.price`)}
                        />
                      </Table.Td>
                      <Table.Td ta="right">
                        {product ? formatMoney(product.list_price, locale) : '–'}
                      </Table.Td>
                      <Table.Td ta="center">
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          size="lg"
                          aria-label={t('staff:priceLists.removePrice', { number: index + 1 })}
                          onClick={() =>
                            setRows((current) => current.filter((r) => r.key !== row.key))
                          }
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </ResponsiveTable>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() =>
                setRows((current) => [
                  ...current,
                  { key: nextKey.current++, sku: '', min_quantity: 1, price: '' },
                ])
              }
            >
              {t('staff:priceLists.addPrice')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('staff:priceLists.savePrices')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function DeleteButton({ list }: { list: PriceList }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const remove = useDeletePriceList(list._id);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  return (
    <Button
      variant="default"
      leftSection={<IconTrash size={18} color="var(--mantine-color-red-9)" aria-hidden />}
      loading={remove.isPending}
      onClick={() =>
        modals.openConfirmModal({
          title: t('staff:priceLists.deleteTitle', { name: list.name }),
          children: (
            <Text size="sm">
              {t('staff:priceLists.deleteText', { count: list.companies.length })}
            </Text>
          ),
          labels: { confirm: t('staff:priceLists.delete'), cancel: t('common.cancel') },
          confirmProps: { color: 'red.9' },
          cancelProps: { variant: 'default' },
          closeButtonProps: { 'aria-label': t('common.close') },
          onConfirm: () =>
            remove.mutate(undefined, {
              onSuccess: () => {
                notifySuccess(t('staff:priceLists.deleted', { name: list.name }));
                void navigate(localize('/admin/price-lists'));
              },
              onError: notifyError,
            }),
        })
      }
    >
      {t('staff:priceLists.delete')}
    </Button>
  );
}
