import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { APPROVAL_COMMENT_MAX_LENGTH, type Approval } from '@portal/contract';
import { ApiError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { AddressLines } from '../../../shared/ui/address-lines';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { Totals } from '../../../shared/ui/totals';
import { APPROVAL_NAMESPACES } from '../../../i18n/i18n';
import { useApproval, useDecideApproval } from '../api/approvals';
import { ApprovalStatusBadge } from '../components/approval-status-badge';

/**
 * /approvals/:id: an order waiting for an owner, with its lines priced today. Owners approve (the
 * order is placed at today's total, which they see) or decline with a comment; the purchaser who
 * asked may withdraw it while it waits.
 */
export function ApprovalPage() {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  const { id = '' } = useParams();
  const locale = useLocale();
  const query = useApproval(id, locale);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
        <BackToApprovals />
      </Stack>
    );
  }
  const approval = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('approvals:detailTitle', { name: approval.requester.full_name })}
          </Title>
          <Text c="gray.7" mt={4}>
            {t('approvals:requestedOn', {
              date: formatDateTime(approval.requested_at, locale),
            })}{' '}
            · {t(`approvals:reason.${approval.reason}`)}
          </Text>
        </div>
        <ApprovalStatusBadge status={approval.status} />
      </Group>
      {approval.problems.map((problem) => (
        <Alert key={problem} color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ))}
      {approval.status === 'pending' && approval.prices_changed && approval.totals && (
        <Alert color="orange" variant="light">
          {t('approvals:pricesChanged', {
            then: formatMoney(approval.total, locale),
            now: formatMoney(approval.totals.total, locale),
          })}
        </Alert>
      )}
      <Decision approval={approval} />
      <Lines approval={approval} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="where-h">
          <Title order={2} size="h4" mb="sm" id="where-h">
            {t('approvals:deliveryAndPayment')}
          </Title>
          <Stack gap="sm">
            {approval.delivery_address ? (
              <div>
                <Text size="xs" c="gray.7" tt="uppercase" fw={700} mb={4}>
                  {t('checkout.delivery.deliveryAddress')}
                </Text>
                <AddressLines address={approval.delivery_address} />
              </div>
            ) : null}
            <div>
              <Text size="xs" c="gray.7" tt="uppercase" fw={700} mb={4}>
                {t('checkout.delivery.invoiceAddress')}
              </Text>
              {approval.invoice_address ? (
                <AddressLines address={approval.invoice_address} />
              ) : (
                <Text size="sm">{t('checkout.delivery.sameAddress')}</Text>
              )}
            </div>
            <Text size="sm">
              <Text span fw={600}>
                {t('approvals:paymentMethod')}:
              </Text>{' '}
              {t(`checkout.methods.${approval.payment_method}`)}
            </Text>
            {approval.comment && (
              <Text size="sm">
                <Text span fw={600}>
                  {t('approvals:comment')}:
                </Text>{' '}
                {approval.comment}
              </Text>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tot-h">
          <Title order={2} size="h4" mb="sm" id="tot-h">
            {approval.status === 'pending' ? t('approvals:totalsToday') : t('approvals:totals')}
          </Title>
          {approval.totals ? (
            <Totals totals={{ ...approval.totals, shipping_method: approval.shipping_method }} />
          ) : (
            <Text size="sm">{formatMoney(approval.total, locale)}</Text>
          )}
          <Actions approval={approval} />
        </Card>
      </SimpleGrid>
      <BackToApprovals />
    </Stack>
  );
}

function BackToApprovals() {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  return (
    <Group>
      <Button
        component={LocaleLink}
        to="/approvals"
        variant="default"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
      >
        {t('approvals:back')}
      </Button>
    </Group>
  );
}

/** Who decided, when and why; the order it became. */
function Decision({ approval }: { approval: Approval }) {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  const locale = useLocale();
  if (approval.status === 'pending' || !approval.decided_at) return null;
  return (
    <Alert
      color={approval.status === 'approved' ? 'teal' : 'gray'}
      variant="light"
      styles={{ title: { color: approval.status === 'approved' ? '#0b5345' : '#343a40' } }}
      title={t(`approvals:decided.${approval.status}`, {
        name: approval.decided_by?.full_name ?? '',
        date: formatDateTime(approval.decided_at, locale),
      })}
    >
      <Stack gap={4}>
        {approval.decision_comment && <Text size="sm">“{approval.decision_comment}”</Text>}
        {approval.order && (
          <Anchor component={LocaleLink} to={`/orders/${approval.order._id}`} size="sm" fw={600}>
            {t('approvals:openOrder', { number: approval.order.order_number })}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

function Lines({ approval }: { approval: Approval }) {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  const locale = useLocale();
  const money = (value: number | null) =>
    value === null ? t('approvals:notSold') : formatMoney(value, locale);
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-labelledby="lines-h">
      <Title order={2} size="h4" p="md" pb="xs" id="lines-h">
        {t('approvals:lines')}
      </Title>
      <ResponsiveTable minWidth={680} label={t('approvals:lines')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('approvals:product')}</Table.Th>
            <Table.Th ta="right">{t('approvals:quantity')}</Table.Th>
            <Table.Th ta="right">{t('approvals:priceAsked')}</Table.Th>
            <Table.Th ta="right">{t('approvals:priceToday')}</Table.Th>
            <Table.Th ta="right">{t('approvals:available')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {approval.lines.map((line) => (
            <Table.Tr key={line.product_id}>
              <Table.Td>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {line.title}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('catalog.sku')}: {line.sku}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.requested_price, locale)}</Table.Td>
              <Table.Td ta="right" fw={line.price !== line.requested_price ? 700 : undefined}>
                {money(line.price)}
              </Table.Td>
              <Table.Td ta="right">{line.available}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </Card>
  );
}

/** Approve / decline for owners, withdraw for the purchaser who asked. */
function Actions({ approval }: { approval: Approval }) {
  const { t } = useTranslation(APPROVAL_NAMESPACES);
  const locale = useLocale();
  const decide = useDecideApproval(approval._id);
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null);
  const [comment, setComment] = useState('');
  if (!approval.can_decide && !approval.can_withdraw) return null;
  const total = approval.totals?.total;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dialog === 'approve' && total !== undefined) {
      decide.mutate(
        { action: 'approve', expected_total: total, comment: comment.trim() || undefined },
        {
          onSuccess: (result) => {
            setDialog(null);
            notifySuccess(
              t('approvals:approvedNotice', { number: result.order?.order_number ?? '' }),
            );
          },
        },
      );
    } else if (dialog === 'decline') {
      decide.mutate(
        { action: 'decline', comment },
        {
          onSuccess: () => {
            setDialog(null);
            notifySuccess(t('approvals:declinedNotice'));
          },
        },
      );
    }
  };
  const withdraw = () =>
    modals.openConfirmModal({
      title: t('approvals:withdrawTitle'),
      children: <Text size="sm">{t('approvals:withdrawText')}</Text>,
      labels: { confirm: t('approvals:withdraw'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        decide.mutate(
          { action: 'withdraw' },
          { onSuccess: () => notifySuccess(t('approvals:withdrawnNotice')), onError: notifyError },
        ),
    });
  const commentError =
    decide.error instanceof ApiError
      ? decide.error.details.find((detail) => detail.field === 'comment')?.message
      : undefined;

  return (
    <Stack gap="xs" mt="lg">
      {approval.can_decide && (
        <>
          <Button
            leftSection={<IconCheck size={18} aria-hidden />}
            disabled={total === undefined || approval.problems.length > 0}
            onClick={() => {
              decide.reset();
              setDialog('approve');
            }}
            fullWidth
          >
            {t('approvals:approve')}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconX size={18} aria-hidden />}
            onClick={() => {
              decide.reset();
              setDialog('decline');
            }}
            fullWidth
          >
            {t('approvals:decline')}
          </Button>
        </>
      )}
      {approval.can_withdraw && (
        <Button variant="default" onClick={withdraw} loading={decide.isPending} fullWidth>
          {t('approvals:withdraw')}
        </Button>
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'decline' ? t('approvals:declineTitle') : t('approvals:approveTitle')}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {dialog === 'approve' && total !== undefined && (
              <Text size="sm">
                {t('approvals:approveText', {
                  name: approval.requester.full_name,
                  total: formatMoney(total, locale),
                })}
              </Text>
            )}
            <Textarea
              label={dialog === 'decline' ? t('approvals:declineReason') : t('approvals:comment')}
              required={dialog === 'decline'}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={APPROVAL_COMMENT_MAX_LENGTH}
              autosize
              minRows={3}
              error={commentError}
            />
            {decide.error && !commentError && (
              <Text c="red.8" size="sm" role="alert">
                {decide.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={decide.isPending}
                color={dialog === 'decline' ? 'red' : undefined}
              >
                {dialog === 'decline' ? t('approvals:decline') : t('approvals:approveAndPlace')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
