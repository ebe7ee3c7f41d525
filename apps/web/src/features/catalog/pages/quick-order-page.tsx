import { useMemo, useState, type ClipboardEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconListDetails,
  IconPlus,
  IconShoppingCartPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  can,
  QUICK_ORDER_MAX_LINES,
  readOrderText,
  type QuickOrderOutcome,
  type QuickOrderRowProblem,
} from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { formatMoney } from '../../../shared/format/money';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { SaveListModal } from '../../../shared/ui/save-list-modal';
import { useProductSearch } from '../api/products';
import { readOrderFile, useAddQuickOrder, useQuickOrderCheck } from '../api/quick-order';
import { SEARCH_DEBOUNCE_MS, searchText } from '../search';
import {
  EMPTY_ROWS,
  emptyRow,
  gridRequest,
  outcomesByRow,
  placeRows,
  type GridRow,
  type RowOutcome,
} from '../quick-order-grid';

/** A button whose label wraps on a phone instead of being cut. */
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const },
};

/** The grid is checked this long after the last keystroke. */
const CHECK_DEBOUNCE_MS = 400;

/**
 * Quick order (/quick-order): SKUs and quantities typed with the shop's search as typeahead,
 * pasted from a spreadsheet or read from a CSV or XLSX file, up to 500 lines; every line is
 * checked as it is edited, then all are added to the cart at once (or none).
 */
export function QuickOrderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const [rows, setRows] = useState<GridRow[]>(() => Array.from({ length: EMPTY_ROWS }, emptyRow));
  const [pasted, setPasted] = useState('');
  const [reading, setReading] = useState(false);
  const [savingList, setSavingList] = useState(false);
  const role = useMe().data?.role;
  const request = useMemo(() => gridRequest(rows), [rows]);
  const [debouncedLines] = useDebouncedValue(request.lines, CHECK_DEBOUNCE_MS);
  const check = useQuickOrderCheck(debouncedLines, locale);
  const add = useAddQuickOrder();
  const current = JSON.stringify(debouncedLines) === JSON.stringify(request.lines);
  const checked = current && !check.isFetching && check.data !== undefined;
  const byRow = outcomesByRow(current ? check.data : undefined, request);
  const filled = request.lines.length + request.problems.size;
  // The products found, as the lines of a shopping list (unknown and inactive ones left out).
  const listLines = (current ? (check.data?.lines ?? []) : []).flatMap((line) =>
    line.product ? [{ product_id: line.product._id, quantity: line.quantity }] : [],
  );
  const ready = checked && request.problems.size === 0 && !!check.data?.ready && filled > 0;

  const place = (read: { sku: string; quantity: string }[], at = 0) => {
    setRows((previous) => {
      const placed = placeRows(previous, read, at);
      if (placed.dropped > 0) {
        notifyError(new Error(t('quickOrder.tooMany', { max: QUICK_ORDER_MAX_LINES })));
      }
      return placed.rows;
    });
  };
  const edit = (index: number, change: Partial<GridRow>) =>
    setRows((previous) => previous.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const remove = (index: number) =>
    setRows((previous) => {
      const next = previous.filter((_, i) => i !== index);
      return next.length > 0 ? next : [emptyRow()];
    });

  /** Spreadsheet cells pasted into a SKU field fill the grid from that row. */
  const pasteInto = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    place(readOrderText(text), index);
  };
  const readPasted = () => {
    const read = readOrderText(pasted);
    if (read.length === 0) return;
    place(read);
    setPasted('');
  };
  const readFile = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    try {
      const { rows: read } = await readOrderFile(file, () => undefined);
      place(read);
      notifySuccess(t('quickOrder.fileRead', { count: read.length, name: file.name }));
    } catch (error) {
      notifyError(error);
    } finally {
      setReading(false);
    }
  };
  const addAll = () =>
    add.mutate(request.lines, {
      onSuccess: () => {
        notifySuccess(t('quickOrder.added', { count: request.lines.length }));
        void navigate(localize('/cart'));
      },
      onError: notifyError,
    });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('quickOrder.title')}
        </Title>
        <Text c="gray.7" mt={4}>
          {t('quickOrder.intro', { max: QUICK_ORDER_MAX_LINES })}
        </Text>
      </div>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Textarea
            label={t('quickOrder.pasteLabel')}
            description={t('quickOrder.pasteHint')}
            placeholder={'BAT-10001\t12\nCHG-20002\t4'}
            autosize
            minRows={3}
            maxRows={8}
            value={pasted}
            onChange={(event) => setPasted(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group gap="sm">
            <Button
              variant="light"
              onClick={readPasted}
              disabled={pasted.trim() === ''}
              styles={WRAPPING_BUTTON}
            >
              {t('quickOrder.readPasted')}
            </Button>
            <FileButton
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(file) => void readFile(file)}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  loading={reading}
                  styles={WRAPPING_BUTTON}
                  leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                >
                  {t('quickOrder.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </Card>

      {checked && filled > 0 && !ready && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('quickOrder.notReady')}
        </Alert>
      )}
      <Card withBorder radius="md" padding={0}>
        <ResponsiveTable minWidth={860} label={t('quickOrder.gridLabel')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>{t('quickOrder.line')}</Table.Th>
              <Table.Th w={220}>{t('quickOrder.sku')}</Table.Th>
              <Table.Th w={110}>{t('cart.quantity')}</Table.Th>
              <Table.Th>{t('cart.product')}</Table.Th>
              <Table.Th w={120} ta="right">
                {t('cart.subtotal')}
              </Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>{t('quickOrder.removeColumn')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <QuickOrderRowView
                key={row.key}
                index={index}
                row={row}
                problem={request.problems.get(index)}
                outcome={byRow.get(index)}
                onChange={(change) => edit(index, change)}
                onRemove={() => remove(index)}
                onPaste={pasteInto(index)}
              />
            ))}
          </Table.Tbody>
        </ResponsiveTable>
        <Group p="md" justify="space-between" wrap="wrap" gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              setRows((previous) => [...previous, ...Array.from({ length: EMPTY_ROWS }, emptyRow)])
            }
            disabled={rows.length >= QUICK_ORDER_MAX_LINES}
          >
            {t('quickOrder.moreLines')}
          </Button>
          <Group gap="md" wrap="wrap">
            {check.data && current && (
              <Text fw={700} aria-live="polite">
                {t('quickOrder.subtotal', {
                  amount: formatMoney(check.data.subtotal, locale),
                })}
              </Text>
            )}
            {can(role, 'shopping_lists.use') && (
              <Button
                size="md"
                variant="default"
                leftSection={<IconListDetails size={18} aria-hidden />}
                onClick={() => setSavingList(true)}
                disabled={listLines.length === 0}
              >
                {t('lists.saveQuickOrder')}
              </Button>
            )}
            <Button
              size="md"
              leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
              onClick={addAll}
              loading={add.isPending}
              disabled={!ready}
            >
              {t('quickOrder.addAll', { count: request.lines.length })}
            </Button>
          </Group>
        </Group>
      </Card>
      <Text size="sm" c="gray.7">
        <Anchor component={LocaleLink} to="/cart">
          {t('quickOrder.toCart')}
        </Anchor>
      </Text>
      <SaveListModal
        opened={savingList}
        onClose={() => setSavingList(false)}
        source={{ from: 'lines', lines: listLines }}
      />
    </Stack>
  );
}

const PROBLEM_KEYS: Record<QuickOrderRowProblem, string> = {
  decimal: 'quickOrder.problem.decimal',
  quantity: 'quickOrder.problem.quantity',
  sku: 'quickOrder.problem.sku',
  formula: 'quickOrder.problem.formula',
};

function QuickOrderRowView({
  index,
  row,
  problem,
  outcome,
  onChange,
  onRemove,
  onPaste,
}: {
  index: number;
  row: GridRow;
  problem: QuickOrderRowProblem | undefined;
  outcome: RowOutcome | undefined;
  onChange: (change: Partial<GridRow>) => void;
  onRemove: () => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const line = index + 1;
  const result = outcome?.kind === 'outcome' ? outcome.outcome : undefined;
  const skuError =
    problem === 'sku' || problem === 'formula'
      ? t(PROBLEM_KEYS[problem])
      : result && (result.status === 'unknown' || result.status === 'inactive')
        ? t(`quickOrder.status.${result.status}`)
        : undefined;
  const quantityError =
    problem === 'decimal' || problem === 'quantity'
      ? t(PROBLEM_KEYS[problem])
      : result?.status === 'short'
        ? t('quickOrder.status.short', { available: result.available })
        : undefined;

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" c="gray.7">
          {line}
        </Text>
      </Table.Td>
      <Table.Td>
        <SkuField
          value={row.sku}
          line={line}
          error={skuError}
          onChange={(sku) => onChange({ sku })}
          onPaste={onPaste}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('quickOrder.quantityOfLine', { line })}
          inputMode="numeric"
          value={row.quantity}
          placeholder="1"
          error={quantityError}
          onChange={(event) => onChange({ quantity: event.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <OutcomeCell
          outcome={outcome}
          onUseSku={(sku) => onChange({ sku })}
          onUseQuantity={(quantity) => onChange({ quantity: String(quantity) })}
        />
      </Table.Td>
      <Table.Td ta="right">
        {result?.product && result.status === 'found' && (
          <Text size="sm" fw={600}>
            {formatMoney(result.product.price * result.quantity, locale)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="gray.7"
          aria-label={t('quickOrder.removeLine', { line })}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/** The SKU of a line, with the shop's search as typeahead (SKU, reference and title). */
function SkuField({
  value,
  line,
  error,
  onChange,
  onPaste,
}: {
  value: string;
  line: number;
  error: string | undefined;
  onChange: (sku: string) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [focused, setFocused] = useState(false);
  const [debounced] = useDebouncedValue(focused ? searchText(value) : '', SEARCH_DEBOUNCE_MS);
  const results = useProductSearch(debounced, locale);
  const hits = focused && debounced ? (results.data ?? []) : [];
  const names = new Map(hits.map((hit) => [hit.sku, hit.name]));
  return (
    <Autocomplete
      aria-label={t('quickOrder.skuOfLine', { line })}
      value={value}
      error={error}
      data={hits.map((hit) => hit.sku)}
      filter={({ options }) => options}
      onChange={onChange}
      onPaste={onPaste}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      autoComplete="off"
      spellCheck={false}
      comboboxProps={{ width: 'min(420px, calc(100vw - 16px))', position: 'bottom-start' }}
      renderOption={({ option }) => (
        <div>
          <Text size="sm" fw={600}>
            {option.value}
          </Text>
          <Text size="xs" c="gray.7" lineClamp={1}>
            {names.get(option.value)}
          </Text>
        </div>
      )}
    />
  );
}

function OutcomeCell({
  outcome,
  onUseSku,
  onUseQuantity,
}: {
  outcome: RowOutcome | undefined;
  onUseSku: (sku: string) => void;
  onUseQuantity: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!outcome) return null;
  if (outcome.kind === 'merged') {
    return (
      <Text size="sm" c="gray.7">
        {t('quickOrder.merged', { line: outcome.into + 1 })}
      </Text>
    );
  }
  const result: QuickOrderOutcome = outcome.outcome;
  if (result.status === 'unknown') {
    if (result.suggestions.length === 0) return null;
    return (
      <Group gap={6} wrap="wrap">
        <Text size="sm">{t('quickOrder.didYouMean')}</Text>
        {result.suggestions.map((hit) => (
          <Button
            key={hit.sku}
            size="compact-sm"
            variant="light"
            title={hit.name}
            onClick={() => onUseSku(hit.sku)}
          >
            {hit.sku}
          </Button>
        ))}
      </Group>
    );
  }
  if (!result.product) return null;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {result.status === 'found' && (
          <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
        )}
        <Anchor
          component={LocaleLink}
          to={`/product/${encodeURIComponent(result.product.sku)}`}
          size="sm"
          fw={600}
          lineClamp={1}
        >
          {result.product.name}
        </Anchor>
      </Group>
      <Group gap="xs">
        <Text size="xs" c="gray.7">
          {result.product.sku} · {formatMoney(result.product.price, locale)}
        </Text>
        {result.in_cart > 0 && (
          <Badge size="sm" variant="light" color="gray">
            {t('quickOrder.inCart', { count: result.in_cart })}
          </Badge>
        )}
        {result.status === 'short' && result.available > 0 && (
          <Button size="compact-xs" variant="light" onClick={() => onUseQuantity(result.available)}>
            {t('quickOrder.useAvailable', { count: result.available })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
