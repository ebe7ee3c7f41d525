import { Alert, Card, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import type { ClaimCsvPreviewResponse, CreateClaimRequest } from '@portal/contract';
import type { BoxDraft } from '../claim-form';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';

interface ReviewStepProps {
  /** The form's claim, or null for a CSV claim. */
  request: CreateClaimRequest | null;
  preview: ClaimCsvPreviewResponse | null;
  titles: Record<string, string>;
  boxes: BoxDraft[];
  comment: string;
  error: string | null;
}

/** Step 4: what will be filed, before it is. */
export function ReviewStep({ request, preview, titles, boxes, comment, error }: ReviewStepProps) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: '#a61e1e' } }}>
          {error}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h5" mb="xs">
          {t('claims:items')}
        </Title>
        {request && (
          <>
            <Text size="sm" mb="xs">
              {t('claims:orderNumber')}: <strong>{request.order_number}</strong>
            </Text>
            <ResponsiveTable
              minWidth={480}
              label={t('claims:items')}
              verticalSpacing="xs"
              data-review-items
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('claims:product')}</Table.Th>
                  <Table.Th ta="right">{t('claims:quantity')}</Table.Th>
                  <Table.Th>{t('claims:reason')}</Table.Th>
                  <Table.Th>{t('claims:demandAction')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {request.items.map((item) => (
                  <Table.Tr key={item.sku}>
                    <Table.Td>
                      {item.sku} · {titles[item.sku]}
                    </Table.Td>
                    <Table.Td ta="right">{item.quantity}</Table.Td>
                    <Table.Td>{t(`claims:reasons.${item.reason}`)}</Table.Td>
                    <Table.Td>{t(`claims:actions.${item.demand_action}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          </>
        )}
        {preview && (
          <Text size="sm">
            {t('claims:csv.reviewRows', {
              valid: String(preview.valid_rows),
              invalid: String(preview.invalid_rows),
              file: preview.file_name,
            })}
          </Text>
        )}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h5" mb="xs">
          {t('claims:boxes.title')}
        </Title>
        <List size="sm" spacing={4}>
          {boxes.map((box) => (
            <List.Item key={box.key}>
              {t('claims:boxes.summary', {
                carrier: box.carrier.trim(),
                code: box.tracking_code.trim(),
                boxes: String(box.number_of_boxes),
              })}
            </List.Item>
          ))}
        </List>
      </Card>
      {comment.trim() && (
        <Card withBorder radius="md" padding="md">
          <Title order={3} size="h5" mb="xs">
            {t('claims:comment')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {comment.trim()}
          </Text>
        </Card>
      )}
    </Stack>
  );
}
