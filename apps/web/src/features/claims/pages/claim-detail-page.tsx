import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { useParams } from 'react-router';
import { can, type ClaimAttachment, type ClaimItem } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { formatDate, formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { notifyError } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import { downloadFile } from '../../../shared/api/download';
import { ClaimAttachments } from '../../../shared/ui/claim-attachments';
import { useClaim, useRemoveClaimAttachment } from '../api/claims';
import { AttachmentUpload } from '../components/attachment-upload';
import { EligibilityBadge, ItemStatusBadge, RequestStatusBadge } from '../components/claim-badges';
import { Fact } from '../../../shared/ui/fact';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';

const dash = '—';

/** Refund, credit note and replacement of one item, as far as staff got. */
function Outcome({ item }: { item: ClaimItem }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const locale = useLocale();
  const parts: string[] = [];
  if (item.refunded_amount !== null) {
    parts.push(`${t('claims:refunded')}: ${formatMoney(item.refunded_amount, locale)}`);
  }
  if (item.refunded_shipping_amount) {
    parts.push(
      `${t('claims:refundedShipping')}: ${formatMoney(item.refunded_shipping_amount, locale)}`,
    );
  }
  if (item.credit_note_number) parts.push(`${t('claims:creditNote')}: ${item.credit_note_number}`);
  if (item.replacement_quantity !== null) {
    parts.push(`${t('claims:replacementQuantity')}: ${item.replacement_quantity}`);
  }
  if (item.issue_date)
    parts.push(`${t('claims:issueDate')}: ${formatDate(item.issue_date, locale)}`);
  if (!parts.length) return <>{dash}</>;
  return (
    <Stack gap={2}>
      {parts.map((part) => (
        <Text key={part} size="sm">
          {part}
        </Text>
      ))}
    </Stack>
  );
}

/** One claim: its facts, every item with eligibility, status and outcome, and the boxes sent. */
export function ClaimDetailPage() {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const locale = useLocale();
  const { id = '' } = useParams();
  const claim = useClaim(id);
  const role = useMe().data?.role;
  const remove = useRemoveClaimAttachment(id);
  const exportCsv = useMutation({
    mutationFn: (claimNumber: string) =>
      downloadFile(`/claims/${encodeURIComponent(id)}/csv`, `claim-${claimNumber}.csv`),
    onError: notifyError,
  });

  if (claim.isError) {
    return (
      <Alert color="red" role="alert">
        {claim.error.message}
      </Alert>
    );
  }
  if (!claim.data) return <PageLoader />;
  const data = claim.data;
  const files = Boolean(role && can(role, 'claims.file'));

  const confirmRemove = (attachment: ClaimAttachment) =>
    modals.openConfirmModal({
      title: t('claims:attachments.removeTitle'),
      children: (
        <Text size="sm">
          {t('claims:attachments.confirmRemove', { name: attachment.file_name })}
        </Text>
      ),
      labels: { confirm: t('claims:attachments.removeTitle'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.8' },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(attachment, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              message: t('claims:attachments.removed', { name: attachment.file_name }),
            }),
          onError: notifyError,
        }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2" c="brand.9">
          {t(`claims:${data.kind}.detailTitle`, { number: data.claim_number })}
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate(data.claim_number)}
        >
          {t('claims:exportCsv')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap={8}>
            <Fact label={t('claims:number')}>
              <span data-claim-number>{data.claim_number}</span>
            </Fact>
            <Fact label={t('claims:requestStatus')}>
              <RequestStatusBadge status={data.request_status} />
            </Fact>
            <Fact label={t('claims:date')}>{formatDateTime(data.created_at, locale)}</Fact>
            <Fact label={t('claims:createdBy')}>{data.created_by}</Fact>
            <Fact label={t('claims:orderNumber')}>{data.order_numbers.join(', ')}</Fact>
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
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="claim-boxes">
          <Title order={2} size="h4" mb="sm" id="claim-boxes">
            {t('claims:boxes.title')}
          </Title>
          {data.boxes.length === 0 ? (
            <Text size="sm" c="gray.7">
              {dash}
            </Text>
          ) : (
            <ResponsiveTable minWidth={300} verticalSpacing="xs" data-claim-boxes>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('claims:boxes.carrier')}</Table.Th>
                  <Table.Th>{t('claims:boxes.trackingCode')}</Table.Th>
                  <Table.Th ta="right">{t('claims:boxes.numberOfBoxes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.boxes.map((box) => (
                  <Table.Tr key={box._id}>
                    <Table.Td>{box.carrier}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{box.tracking_code}</Table.Td>
                    <Table.Td ta="right">{box.number_of_boxes}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          )}
        </Card>
      </SimpleGrid>
      <ClaimAttachments
        attachments={data.attachments}
        apiPath={`/claims/${data._id}`}
        onRemove={files && data.request_status === 'draft' ? confirmRemove : undefined}
      >
        {files && data.request_status !== 'closed' && (
          <AttachmentUpload claimId={data._id} count={data.attachments.length} />
        )}
      </ClaimAttachments>
      <Card withBorder radius="md" padding={0}>
        <ResponsiveTable
          minWidth={900}
          label={t('claims:items')}
          verticalSpacing="sm"
          horizontalSpacing="xs"
          data-claim-items
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={160}>{t('claims:product')}</Table.Th>
              <Table.Th ta="right">{t('claims:quantityReturn')}</Table.Th>
              <Table.Th>{t('claims:reason')}</Table.Th>
              <Table.Th>{t('claims:demandAction')}</Table.Th>
              <Table.Th>{t('claims:action')}</Table.Th>
              <Table.Th>{t('claims:itemStatus')}</Table.Th>
              <Table.Th>{t('claims:outcome')}</Table.Th>
              <Table.Th>{t('claims:tracking')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((item) => (
              <Table.Tr key={item._id} data-claim-item>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {item.sku}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {item.title}
                  </Text>
                  {/* The order each line comes from (a CSV claim may span several). */}
                  <Text size="xs" c="gray.7">
                    {t('claims:orderNumber')}: {item.order.order_number}
                  </Text>
                  <Box mt={4}>
                    <EligibilityBadge outcome={item.eligibility} />
                  </Box>
                  {item.comment && (
                    <Text size="xs" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
                      {item.comment}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td>{t(`claims:reasons.${item.reason}`)}</Table.Td>
                <Table.Td>{t(`claims:actions.${item.demand_action}`)}</Table.Td>
                <Table.Td>
                  {item.action ? t(`claims:actions.${item.action}`) : dash}
                  {item.staff_comment && (
                    <Text size="xs" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
                      {item.staff_comment}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <ItemStatusBadge status={item.item_status} />
                </Table.Td>
                <Table.Td>
                  <Outcome item={item} />
                </Table.Td>
                <Table.Td>
                  {item.tracking_number
                    ? [item.carrier, item.tracking_number].filter(Boolean).join(' ')
                    : dash}
                  {item.date_of_delivery && (
                    <Text size="xs" c="gray.7">
                      {t('claims:dateOfDelivery')}: {formatDate(item.date_of_delivery, locale)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      </Card>
    </Stack>
  );
}
