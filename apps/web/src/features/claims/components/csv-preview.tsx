import { Alert, Badge, Card, Group, List, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import {
  CLAIM_DEMAND_ACTIONS,
  CLAIM_REASONS,
  type ClaimCsvPreviewResponse,
} from '@portal/contract';
import { EligibilityBadge } from './claim-badges';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';

const known = (values: readonly string[], value: string) => values.includes(value);

/** Step 2 of a CSV claim: every row of the file with its eligibility and errors. */
export function CsvPreview({
  preview,
  message,
}: {
  preview: ClaimCsvPreviewResponse;
  message: string | null;
}) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" fw={600} data-csv-file>
          {preview.file_name}
        </Text>
        <Badge color="teal.9" variant="filled">
          {t('claims:csv.validRows', { number: String(preview.valid_rows) })}
        </Badge>
        {preview.invalid_rows > 0 && (
          <Badge color="red.9" variant="filled">
            {t('claims:csv.invalidRows', { number: String(preview.invalid_rows) })}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="gray.7">
        {t('claims:csv.previewHint', { total: String(preview.total_rows) })}
      </Text>
      {message && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: '#a61e1e' } }}>
          {message}
        </Alert>
      )}
      <Card withBorder radius="md" padding={0}>
        <ResponsiveTable
          minWidth={880}
          label={t('claims:csv.rows')}
          verticalSpacing="xs"
          data-csv-preview
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="right">{t('claims:csv.line')}</Table.Th>
              <Table.Th>{t('claims:orderNumber')}</Table.Th>
              <Table.Th>{t('claims:product')}</Table.Th>
              <Table.Th ta="right">{t('claims:quantity')}</Table.Th>
              <Table.Th>{t('claims:reason')}</Table.Th>
              <Table.Th>{t('claims:demandAction')}</Table.Th>
              <Table.Th>{t('claims:eligibilityTitle')}</Table.Th>
              <Table.Th>{t('claims:csv.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr
                key={row.line}
                data-csv-row={row.line}
                data-valid={row.valid ? 'true' : 'false'}
                bg={row.valid ? undefined : 'red.0'}
              >
                <Table.Td ta="right">{row.line}</Table.Td>
                <Table.Td>{row.values.order_number}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.values.sku}
                  </Text>
                  {row.title && (
                    <Text size="xs" c="gray.7">
                      {row.title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{row.values.quantity}</Table.Td>
                <Table.Td>
                  {known(CLAIM_REASONS, row.values.reason)
                    ? t(`claims:reasons.${row.values.reason}`)
                    : row.values.reason}
                </Table.Td>
                <Table.Td>
                  {known(CLAIM_DEMAND_ACTIONS, row.values.demand_action)
                    ? t(`claims:actions.${row.values.demand_action}`)
                    : row.values.demand_action}
                </Table.Td>
                <Table.Td>
                  {row.eligibility ? <EligibilityBadge outcome={row.eligibility} /> : '—'}
                </Table.Td>
                <Table.Td>
                  {row.valid ? (
                    <Text size="sm" c="teal.9" fw={600}>
                      {t('claims:csv.valid')}
                    </Text>
                  ) : (
                    <List size="sm" c="red.9" spacing={2}>
                      {row.errors.map((error, index) => (
                        <List.Item key={index}>
                          {error.field
                            ? `${t(`claims:csv.columnNames.${error.field}`, { defaultValue: error.field })}: `
                            : ''}
                          {error.message}
                        </List.Item>
                      ))}
                    </List>
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
