import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  describeIssue,
  shipOrderRequestSchema,
  type Order,
  type ShipOrderRequest,
  type StaffOrder,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { ApiError } from '../../../shared/api/client';
import type { FieldErrors } from '../../../shared/forms/field-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useStaffOrderAction } from '../api/orders';

interface ShipForm {
  carrier: string;
  /** One tracking number per line (commas and semicolons split too). */
  tracking: string;
  /** How many of each line go in this parcel, by line id. */
  quantities: Record<string, number | string>;
}

const leftOf = (line: StaffOrder['lines'][number]) => line.quantity - line.shipped_quantity;

/** The form's values as the API's request: only the lines with something in this parcel. */
function toRequest(order: StaffOrder, values: ShipForm): ShipOrderRequest {
  return {
    carrier: values.carrier,
    tracking_numbers: values.tracking
      .split(/[\n,;]+/)
      .map((value) => value.trim())
      .filter(Boolean),
    lines: order.lines
      .map((line) => ({ line_id: line._id, quantity: Number(values.quantities[line._id] || 0) }))
      .filter((line) => line.quantity > 0),
  };
}

/** A request field (`tracking_numbers.1`, `lines.0.quantity`…) as the form field it came from. */
function formField(field: string, request: ShipOrderRequest): string | null {
  if (field === 'carrier') return 'carrier';
  if (field.startsWith('tracking_numbers')) return 'tracking';
  const line = /^lines\.(\d+)\./.exec(field);
  if (line) {
    const lineId = request.lines?.[Number(line[1])]?.line_id;
    return lineId ? `quantities.${lineId}` : null;
  }
  return field === 'lines' ? 'lines' : null;
}

/** Messages on request fields as the form's errors, the first one per form field. */
function formErrors(
  messages: { field: string; message: string }[],
  request: ShipOrderRequest,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of messages) {
    const target = formField(field, request);
    if (target && !errors[target]) errors[target] = message;
  }
  return errors;
}

/**
 * One parcel of the order: carrier, one or more tracking numbers, and how many of each line it
 * holds (all that is left, unless staff lower it: a partial shipment). The order is shipped when
 * every line has left.
 */
export function ShipDialog({
  order,
  opened,
  onClose,
}: {
  order: StaffOrder;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const action = useStaffOrderAction(order._id);
  const [alert, setAlert] = useState<string | null>(null);
  const open = order.lines.filter((line) => leftOf(line) > 0);
  const form = useForm<ShipForm>({
    mode: 'uncontrolled',
    initialValues: {
      carrier: '',
      tracking: '',
      quantities: Object.fromEntries(open.map((line) => [line._id, leftOf(line)])),
    },
    validate: (values) => {
      const request = toRequest(order, values);
      if (!request.lines?.length) return { lines: t('validation.select_item') };
      const result = shipOrderRequestSchema.safeParse(request);
      if (result.success) return {};
      const messages = result.error.issues.flatMap((issue) =>
        describeIssue(issue).map(({ field, key, vars }) => ({ field, message: t(key, vars) })),
      );
      if (request.tracking_numbers.length === 0) {
        messages.unshift({ field: 'tracking_numbers', message: t('validation.required') });
      }
      return formErrors(messages, request);
    },
  });
  const close = () => {
    form.reset();
    setAlert(null);
    onClose();
  };
  const submit = (values: ShipForm) => {
    setAlert(null);
    const shipment = toRequest(order, values);
    action.mutate(
      { kind: 'ship', shipment },
      {
        onSuccess: (answer) => {
          const complete = (answer as Order).lines.every((line) => leftOf(line) === 0);
          notifications.show({
            color: 'teal',
            message: t(complete ? 'staff:order.shipped' : 'staff:order.partlyShipped', {
              number: order.order_number,
            }),
          });
          close();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.isServerFailure) return;
          const errors = formErrors(error.details, shipment);
          if (Object.keys(errors).length) form.setErrors(errors);
          else setAlert(error.message);
        },
      },
    );
  };
  const linesError = form.errors.lines;
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={t('staff:order.shipTitle', { number: order.order_number })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <FormAlert message={alert ?? (typeof linesError === 'string' ? linesError : null)} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('staff:order.carrier')}
            required
            data-autofocus
            key={form.key('carrier')}
            {...form.getInputProps('carrier')}
          />
          <Textarea
            label={t('staff:order.trackingNumbers')}
            description={t('staff:order.trackingNumbersHint')}
            required
            autosize
            minRows={2}
            key={form.key('tracking')}
            {...form.getInputProps('tracking')}
          />
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs">
              <Table.Caption>{t('staff:order.parcelLines')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.sku')}</Table.Th>
                  <Table.Th>{t('orders.product')}</Table.Th>
                  <Table.Th ta="right">{t('staff:order.leftToShip')}</Table.Th>
                  <Table.Th ta="right">{t('staff:order.inParcel')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.map((line) => (
                  <Table.Tr key={line._id}>
                    <Table.Td>{line.sku}</Table.Td>
                    <Table.Td>{line.title}</Table.Td>
                    <Table.Td ta="right">{leftOf(line)}</Table.Td>
                    <Table.Td w={130}>
                      <NumberInput
                        aria-label={t('staff:order.inParcelOf', { sku: line.sku })}
                        min={0}
                        max={leftOf(line)}
                        allowDecimal={false}
                        allowNegative={false}
                        key={form.key(`quantities.${line._id}`)}
                        {...form.getInputProps(`quantities.${line._id}`)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={action.isPending}>
              {t('staff:order.ship')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
