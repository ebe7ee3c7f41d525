import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconCash,
  IconCircleCheck,
  IconFileInvoice,
  IconMailForward,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { orderNoteRequestSchema, type StaffOrder } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { useStaffOrderAction, type StaffOrderAction } from '../api/orders';
import { ShipDialog } from './ship-dialog';

/** A failed action's message as a toast (server failures already toast themselves). */
function useRun(order: StaffOrder) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const action = useStaffOrderAction(order._id);
  const run = (what: StaffOrderAction, done: string, after?: () => void) =>
    action.mutate(what, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t(done, { number: order.order_number }) });
        after?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && !error.isServerFailure) {
          notifications.show({ color: 'red', message: error.message });
        }
      },
    });
  return { action, run };
}

/**
 * The actions staff may take on the order now (the server's `actions` decide which): each is
 * confirmed first; shipping asks for the parcel's carrier, tracking numbers and lines.
 */
export function OrderActions({ order }: { order: StaffOrder }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const { action, run } = useRun(order);
  const [shipping, setShipping] = useState(false);
  const busy = action.isPending;

  const confirm = (
    title: string,
    text: string,
    label: string,
    what: StaffOrderAction,
    done: string,
    danger = false,
  ) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: label, cancel: t('common.cancel') },
      confirmProps: danger ? { color: 'red.9' } : {},
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => run(what, done),
    });

  const number = order.order_number;
  const { actions } = order;
  /** What canceling does to this order: a paid one is credited and its money goes back. */
  const cancelText = () => {
    if (order.status !== 'processing') return t('staff:order.confirmCancel', { number });
    const amount = formatMoney(order.order_value, locale);
    const online = order.payments.find(
      (payment) => payment.status === 'paid' && payment.provider !== 'bank_transfer',
    );
    return online
      ? t('staff:order.confirmCancelRefund', {
          number,
          amount,
          provider: t(`staff:order.providers.${online.provider}`),
        })
      : t('staff:order.confirmCancelCreditNote', { number, amount });
  };
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconMailForward size={18} aria-hidden />}
        loading={busy}
        onClick={() =>
          confirm(
            t('staff:order.resendConfirmation'),
            t('staff:order.confirmResend', { number, email: order.buyer.email }),
            t('staff:order.resendConfirmation'),
            { kind: 'resend_confirmation' },
            'staff:order.confirmationResent',
          )
        }
      >
        {t('staff:order.resendConfirmation')}
      </Button>
      {actions.resend_invoice && (
        <Button
          variant="default"
          leftSection={<IconFileInvoice size={18} aria-hidden />}
          loading={busy}
          onClick={() =>
            confirm(
              t('staff:order.resendInvoice'),
              t('staff:order.confirmResendInvoice', { number, email: order.buyer.email }),
              t('staff:order.resendInvoice'),
              { kind: 'resend_invoice' },
              'staff:order.invoiceResent',
            )
          }
        >
          {t('staff:order.resendInvoice')}
        </Button>
      )}
      {actions.mark_paid && (
        <Button
          leftSection={<IconCash size={18} aria-hidden />}
          loading={busy}
          onClick={() =>
            confirm(
              t('staff:order.markPaid'),
              t('staff:order.confirmMarkPaid', {
                number,
                amount: formatMoney(order.order_value, locale),
              }),
              t('staff:order.markPaid'),
              { kind: 'mark_paid' },
              'staff:order.markedPaid',
            )
          }
        >
          {t('staff:order.markPaid')}
        </Button>
      )}
      {actions.ship && (
        <Button
          leftSection={<IconTruckDelivery size={18} aria-hidden />}
          loading={busy}
          onClick={() => setShipping(true)}
        >
          {t('staff:order.ship')}
        </Button>
      )}
      {actions.complete && (
        <Button
          variant="light"
          leftSection={<IconCircleCheck size={18} aria-hidden />}
          loading={busy}
          onClick={() =>
            confirm(
              t('staff:order.complete'),
              t('staff:order.confirmComplete', { number }),
              t('staff:order.complete'),
              { kind: 'status', update: { status: 'completed' } },
              'staff:order.completed',
            )
          }
        >
          {t('staff:order.complete')}
        </Button>
      )}
      {actions.cancel && (
        <Button
          variant="outline"
          color="red.9"
          leftSection={<IconX size={18} aria-hidden />}
          loading={busy}
          onClick={() =>
            confirm(
              t('staff:order.cancel'),
              cancelText(),
              t('staff:order.cancel'),
              { kind: 'status', update: { status: 'canceled' } },
              'staff:order.canceled',
              true,
            )
          }
        >
          {t('staff:order.cancel')}
        </Button>
      )}
      {/* Mounted when opened: its quantities start from what is left to ship now. */}
      {shipping && <ShipDialog order={order} opened onClose={() => setShipping(false)} />}
    </Group>
  );
}

/** An internal note: staff only, kept on the order's timeline. */
export function OrderNoteForm({ order }: { order: StaffOrder }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const action = useStaffOrderAction(order._id);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { note: '' },
    validate: (values) => zodFieldErrors(orderNoteRequestSchema, values, t),
  });
  const submit = ({ note }: { note: string }) =>
    action.mutate(
      { kind: 'note', note },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'teal', message: t('staff:order.noteAdded') });
        },
        onError: (error) => {
          const message = applyServerError(error, ['note'], form.setErrors);
          if (message) form.setFieldError('note', message);
        },
      },
    );
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('staff:order.note')}
          description={t('staff:order.noteHint')}
          autosize
          minRows={2}
          maxLength={2000}
          key={form.key('note')}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={action.isPending}>
            {t('staff:order.addNote')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
