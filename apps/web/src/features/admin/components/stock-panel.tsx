import { useState } from 'react';
import {
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  STAFF_STOCK_REASONS,
  stockMovementRequestSchema,
  type StaffProduct,
  type StockMovementRequest,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { FormAlert } from '../../../shared/ui/form-alert';
import { ListResult } from '../../../shared/ui/list-result';
import { useProductAction, useStockMovements } from '../api/catalog';
import { OutOfStockBadge } from './product-badges';

const FIELDS = ['reason', 'change', 'note'] as const;

/** Staff receive goods, take back returns or correct the count; every change is listed below. */
function StockForm({ product }: { product: StaffProduct }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const action = useProductAction();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<StockMovementRequest>({
    initialValues: { reason: 'received', change: 0, note: '' },
    validate: (values) => zodFieldErrors(stockMovementRequestSchema, values, t),
  });
  const submit = (movement: StockMovementRequest) => {
    setAlert(null);
    action.mutate(
      { kind: 'stock', id: product._id, movement },
      {
        onSuccess: (updated) => {
          notifications.show({
            color: 'teal',
            message: t('staff:stock.saved', {
              quantity: (updated as StaffProduct).quantity,
            }),
          });
          form.reset();
        },
        onError: (error) => setAlert(applyServerError(error, FIELDS, form.setErrors)),
      },
    );
  };
  const reason = form.getValues().reason;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <FormAlert message={alert} />
        <SegmentedControl
          aria-label={t('staff:stock.reason')}
          data={STAFF_STOCK_REASONS.map((value) => ({
            value,
            label: t(`staff:stock.reasons.${value}`),
          }))}
          {...form.getInputProps('reason')}
        />
        <Group align="flex-start" gap="sm">
          <NumberInput
            label={reason === 'correction' ? t('staff:stock.changeBy') : t('staff:stock.units')}
            description={reason === 'correction' ? t('staff:stock.correctionHelp') : undefined}
            allowDecimal={false}
            w={200}
            {...form.getInputProps('change')}
          />
          <TextInput
            label={t('staff:stock.note')}
            maxLength={500}
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps('note')}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={action.isPending}>
            {t('staff:stock.record')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The product's stock: what is there now, a form to change it, and every movement, newest first. */
export function StockPanel({ product }: { product: StaffProduct }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const movements = useStockMovements(product._id, page);
  const out = !product.is_in_stock || product.quantity <= 0;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            {t('staff:stock.title')}
          </Title>
          <Group gap="xs">
            <Text fw={700} size="xl" data-stock-quantity>
              {product.quantity.toLocaleString(locale)}
            </Text>
            {out && <OutOfStockBadge />}
          </Group>
        </Group>
        <StockForm product={product} />
      </Card>
      <Title order={2} size="h4">
        {t('staff:stock.movements')}
      </Title>
      <ListResult
        query={movements}
        page={page}
        onPage={setPage}
        empty={t('staff:stock.none')}
        minWidth={720}
      >
        {(items) => (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff:audit.when')}</Table.Th>
                <Table.Th>{t('staff:stock.reason')}</Table.Th>
                <Table.Th ta="right">{t('staff:stock.change')}</Table.Th>
                <Table.Th ta="right">{t('staff:stock.after')}</Table.Th>
                <Table.Th>{t('staff:stock.by')}</Table.Th>
                <Table.Th>{t('staff:stock.reference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((movement) => (
                <Table.Tr key={movement._id} data-movement={movement.reason}>
                  <Table.Td>{formatDateTime(movement.created_at, locale)}</Table.Td>
                  <Table.Td>{t(`staff:stock.reasons.${movement.reason}`)}</Table.Td>
                  <Table.Td ta="right" c={movement.change < 0 ? 'red.9' : 'teal.9'} fw={600}>
                    {movement.change > 0 ? '+' : ''}
                    {movement.change.toLocaleString(locale)}
                  </Table.Td>
                  <Table.Td ta="right">{movement.quantity_after.toLocaleString(locale)}</Table.Td>
                  <Table.Td>{movement.by ?? t('staff:stock.system')}</Table.Td>
                  <Table.Td>
                    {[movement.reference, movement.note].filter(Boolean).join(' · ') || '—'}
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
