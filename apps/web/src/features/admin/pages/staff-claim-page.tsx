import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CLAIM_ACTIONS, type Claim, type ClaimItem } from '@portal/contract';
import { STAFF_CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { ApiError } from '../../../shared/api/client';
import { applyServerError } from '../../../shared/forms/server-errors';
import { formatDate, formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { ClaimAttachments } from '../../../shared/ui/claim-attachments';
import { Fact } from '../../../shared/ui/fact';
import { FormAlert } from '../../../shared/ui/form-alert';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useClaimStep, useStaffClaim, type ClaimStep } from '../api/claims';
import { ClaimItemStatusBadge, ClaimStatusBadge } from '../components/claim-badges';

type ItemStepKind = Exclude<ClaimStep['kind'], 'close'>;

/** Back office: one claim, its boxes and items, and the next step of each item. */
export function StaffClaimPage() {
  const { t } = useTranslation(STAFF_CLAIM_NAMESPACES);
  const locale = useLocale();
  const { id = '' } = useParams();
  const claim = useStaffClaim(id);
  const step = useClaimStep(id);
  const [open, setOpen] = useState<{ kind: ItemStepKind; item: ClaimItem } | null>(null);

  if (claim.isError) {
    return (
      <Alert color="red" role="alert">
        {claim.error.message}
      </Alert>
    );
  }
  if (!claim.data) return <PageLoader />;
  const data = claim.data;
  const closed = data.request_status === 'closed';

  const confirmClose = () =>
    modals.openConfirmModal({
      title: t('staff:claims.close'),
      children: (
        <Text size="sm">{t('staff:claims.confirmClose', { number: data.claim_number })}</Text>
      ),
      labels: { confirm: t('staff:claims.close'), cancel: t('common.cancel') },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        step.mutate(
          { kind: 'close' },
          {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                message: t('staff:claims.closed', { number: data.claim_number }),
              }),
            onError: (error) => {
              if (error instanceof ApiError && !error.isServerFailure) {
                notifications.show({ color: 'red', message: error.message });
              }
            },
          },
        ),
    });

  return (
    <Stack gap="lg">
      <Anchor component={LocaleLink} to="/admin/claims" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('staff:claims.backToList')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="center">
          <Title order={1} size="h2" c="brand.9">
            {t(`staff:claims.detailTitle.${data.kind}`, { number: data.claim_number })}
          </Title>
          <ClaimStatusBadge status={data.request_status} />
        </Group>
        {!closed && (
          <Button variant="light" onClick={confirmClose} loading={step.isPending}>
            {t('staff:claims.close')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap={8}>
            <Fact label={t('staff:orders.company')}>
              <Anchor component={LocaleLink} to={`/admin/customers/${data.company._id}`}>
                {data.company.name}
              </Anchor>
            </Fact>
            <Fact label={t('claims:createdBy')}>{data.created_by}</Fact>
            <Fact label={t('claims:date')}>{formatDateTime(data.created_at, locale)}</Fact>
            <Fact label={t('claims:source')}>{t(`claims:sources.${data.source}`)}</Fact>
            {data.closed_at && (
              <Fact label={t('claims:closedAt')}>{formatDateTime(data.closed_at, locale)}</Fact>
            )}
            {data.comment && (
              <Fact label={t('claims:comment')}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{data.comment}</span>
              </Fact>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('claims:boxes.title')}
          </Title>
          {data.boxes.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('staff:claims.noBoxes')}
            </Text>
          ) : (
            <Stack gap={6}>
              {data.boxes.map((box) => (
                <Text size="sm" key={box._id}>
                  {t('claims:boxes.summary', {
                    carrier: box.carrier,
                    code: box.tracking_code,
                    boxes: String(box.number_of_boxes),
                  })}
                </Text>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <ClaimAttachments attachments={data.attachments} apiPath={`/admin/claims/${data._id}`} />
      <Title order={2} size="h3">
        {t('claims:items')}
      </Title>
      {data.items.map((item) => (
        <Card key={item._id} withBorder radius="md" padding="lg" data-claim-item>
          <Group justify="space-between" align="flex-start" mb="sm">
            <div>
              <Text fw={600}>{item.title}</Text>
              <Text size="sm" c="gray.7">
                {item.sku} ·{' '}
                <Anchor
                  component={LocaleLink}
                  to={`/admin/orders/${item.order._id}`}
                  size="sm"
                  underline="always"
                >
                  {item.order.order_number}
                </Anchor>
              </Text>
            </div>
            <ClaimItemStatusBadge status={item.item_status} />
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" verticalSpacing={6}>
            <Fact label={t('claims:quantityReturn')}>{item.quantity}</Fact>
            <Fact label={t('claims:reason')}>{t(`claims:reasons.${item.reason}`)}</Fact>
            <Fact label={t('claims:demandAction')}>
              {t(`claims:actions.${item.demand_action}`)}
            </Fact>
            <Fact label={t('claims:eligibilityTitle')}>
              {t(`claims:eligibility.${item.eligibility}`)}
            </Fact>
            {item.date_of_delivery && (
              <Fact label={t('claims:dateOfDelivery')}>
                {formatDate(item.date_of_delivery, locale)}
              </Fact>
            )}
            {item.action && (
              <Fact label={t('claims:action')}>{t(`claims:actions.${item.action}`)}</Fact>
            )}
            {item.comment && <Fact label={t('claims:comment')}>{item.comment}</Fact>}
            {item.staff_comment && (
              <Fact label={t('staff:claims.staffComment')}>{item.staff_comment}</Fact>
            )}
            {item.received_at && (
              <Fact label={t('staff:claims.received')}>
                {item.received_quantity} · {formatDateTime(item.received_at, locale)}
              </Fact>
            )}
            {item.restocked_quantity !== null && (
              <Fact label={t('staff:claims.restocked')}>{item.restocked_quantity}</Fact>
            )}
            {item.tracking_number && (
              <Fact label={t('claims:tracking')}>
                {[item.carrier, item.tracking_number].filter(Boolean).join(' ')}
              </Fact>
            )}
            {item.credit_note && (
              <Fact label={t('claims:creditNote')}>
                {item.credit_note.credit_note_number} ·{' '}
                {formatMoney(item.credit_note.total, locale)}
              </Fact>
            )}
          </SimpleGrid>
          {!closed && (item.item_status === 'pending' || item.item_status === 'processing') && (
            <Group gap="xs" mt="md">
              {item.item_status === 'pending' && (
                <>
                  <Button size="xs" onClick={() => setOpen({ kind: 'approve', item })}>
                    {t('staff:claims.approve')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    onClick={() => setOpen({ kind: 'reject', item })}
                  >
                    {t('staff:claims.reject')}
                  </Button>
                </>
              )}
              {item.item_status === 'processing' && (
                <>
                  {!item.received_at && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setOpen({ kind: 'receive', item })}
                    >
                      {t('staff:claims.receive')}
                    </Button>
                  )}
                  <Button size="xs" onClick={() => setOpen({ kind: 'replacement', item })}>
                    {t('staff:claims.replacement')}
                  </Button>
                  <Button size="xs" onClick={() => setOpen({ kind: 'refund', item })}>
                    {t('staff:claims.refund')}
                  </Button>
                </>
              )}
            </Group>
          )}
        </Card>
      ))}
      {open && (
        <StepDialog claim={data} item={open.item} kind={open.kind} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}

/** The fields each step asks for, as the form holds them (strings and numbers). */
interface StepValues {
  action: string;
  comment: string;
  quantity: number | string;
  tracking_number: string;
  carrier: string;
  amount: number | string;
  shipping_amount: number | string;
  restock: boolean;
}

const FIELDS = [
  'action',
  'comment',
  'quantity',
  'tracking_number',
  'carrier',
  'amount',
  'shipping_amount',
];

const text = (value: string) => value.trim() || undefined;
const number = (value: number | string) => (value === '' ? undefined : Number(value));

function stepOf(kind: ItemStepKind, itemId: string, values: StepValues): ClaimStep {
  switch (kind) {
    case 'approve':
      return {
        kind,
        itemId,
        body: {
          action: values.action as (typeof CLAIM_ACTIONS)[number],
          comment: text(values.comment),
        },
      };
    case 'reject':
      return { kind, itemId, body: { comment: text(values.comment) } };
    case 'receive':
      return {
        kind,
        itemId,
        body: { quantity: number(values.quantity), restock: values.restock },
      };
    case 'replacement':
      return {
        kind,
        itemId,
        body: {
          tracking_number: values.tracking_number.trim(),
          carrier: text(values.carrier),
          quantity: number(values.quantity),
        },
      };
    case 'refund':
      return {
        kind,
        itemId,
        body: {
          amount: number(values.amount) ?? 0,
          shipping_amount: number(values.shipping_amount),
        },
      };
  }
}

function StepDialog({
  claim,
  item,
  kind,
  onClose,
}: {
  claim: Claim;
  item: ClaimItem;
  kind: ItemStepKind;
  onClose: () => void;
}) {
  const { t } = useTranslation(STAFF_CLAIM_NAMESPACES);
  const step = useClaimStep(claim._id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<StepValues>({
    mode: 'uncontrolled',
    initialValues: {
      action: item.demand_action,
      comment: '',
      quantity: item.quantity,
      tracking_number: '',
      carrier: '',
      amount: '',
      shipping_amount: '',
      restock: false,
    },
    validate: {
      tracking_number: (value) =>
        kind === 'replacement' && !value.trim() ? t('validation.required') : null,
      amount: (value) => (kind === 'refund' && value === '' ? t('validation.required') : null),
    },
  });
  const submit = (values: StepValues) => {
    setAlert(null);
    step.mutate(stepOf(kind, item._id, values), {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: t(`staff:claims.done.${kind}`, { sku: item.sku }),
        });
        onClose();
      },
      onError: (error) => setAlert(applyServerError(error, FIELDS, form.setErrors)),
    });
  };
  const title = t(`staff:claims.${kind}`);
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <FormAlert message={alert} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {item.sku} · {item.title} · {t('claims:quantity')}: {item.quantity}
          </Text>
          {kind === 'approve' && (
            <Select
              label={t('claims:action')}
              data={CLAIM_ACTIONS.map((action) => ({
                value: action,
                label: t(`claims:actions.${action}`),
              }))}
              allowDeselect={false}
              key={form.key('action')}
              {...form.getInputProps('action')}
            />
          )}
          {(kind === 'approve' || kind === 'reject') && (
            <Textarea
              label={t('staff:claims.staffComment')}
              description={t('staff:claims.commentHint')}
              autosize
              minRows={2}
              maxLength={1000}
              data-autofocus
              key={form.key('comment')}
              {...form.getInputProps('comment')}
            />
          )}
          {kind === 'replacement' && (
            <>
              <TextInput
                label={t('staff:order.carrier')}
                data-autofocus
                key={form.key('carrier')}
                {...form.getInputProps('carrier')}
              />
              <TextInput
                label={t('orders.trackingNumber')}
                required
                key={form.key('tracking_number')}
                {...form.getInputProps('tracking_number')}
              />
            </>
          )}
          {(kind === 'receive' || kind === 'replacement') && (
            <NumberInput
              label={t('claims:quantity')}
              min={kind === 'receive' ? 0 : 1}
              max={item.quantity}
              allowDecimal={false}
              key={form.key('quantity')}
              {...form.getInputProps('quantity')}
            />
          )}
          {kind === 'receive' && (
            <Checkbox
              label={t('staff:claims.restock')}
              description={t('staff:claims.restockHint')}
              key={form.key('restock')}
              {...form.getInputProps('restock', { type: 'checkbox' })}
            />
          )}
          {kind === 'refund' && (
            <>
              <NumberInput
                label={t('staff:claims.amount')}
                description={t('staff:claims.amountHint')}
                required
                min={0}
                decimalScale={2}
                data-autofocus
                key={form.key('amount')}
                {...form.getInputProps('amount')}
              />
              <NumberInput
                label={t('claims:refundedShipping')}
                min={0}
                decimalScale={2}
                key={form.key('shipping_amount')}
                {...form.getInputProps('shipping_amount')}
              />
            </>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={step.isPending}
              color={kind === 'reject' ? 'red.9' : undefined}
            >
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
