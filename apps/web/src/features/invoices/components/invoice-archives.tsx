import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INVOICE_ARCHIVE_KEEP_DAYS, type InvoiceArchive } from '@portal/contract';
import { formatDate, formatDateTime } from '../../../shared/format/date';
import { formatFileSize } from '../../../shared/format/file-size';
import { useLocale } from '../../../shared/locale/use-locale';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { useDownloadArchive, useInvoiceArchives, useRequestArchive } from '../api/invoices';

/** Dark shades under white text, as the order status badges (contrast). */
const STATUS_COLORS: Record<InvoiceArchive['status'], string> = {
  queued: 'gray.7',
  running: 'blue.9',
  ready: 'teal.9',
  failed: 'red.9',
  expired: 'gray.7',
};

/**
 * Every invoice and credit note PDF of the period as one ZIP: built in the background with its
 * progress shown here, downloadable here and by the link of the mail that says it is ready.
 */
export function InvoiceArchives({ period }: { period: { date_from: string; date_to: string } }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const archives = useInvoiceArchives();
  const request = useRequestArchive();
  const download = useDownloadArchive();
  const complete = period.date_from !== '' && period.date_to !== '';
  const building = archives.data?.some(
    (archive) => archive.status === 'queued' || archive.status === 'running',
  );

  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        <Button
          variant="light"
          leftSection={<IconFileZip size={18} aria-hidden />}
          disabled={!complete || building}
          loading={request.isPending}
          onClick={() =>
            request.mutate(period, {
              onSuccess: () => notifySuccess(t('invoices.archive.queued')),
              onError: notifyError,
            })
          }
        >
          {t('invoices.archive.build')}
        </Button>
        <Text size="sm" c="gray.7">
          {complete
            ? t('invoices.archive.hint', { days: INVOICE_ARCHIVE_KEEP_DAYS })
            : t('invoices.archive.needPeriod')}
        </Text>
      </Group>
      {archives.data && archives.data.length > 0 && (
        <ResponsiveTable
          minWidth={560}
          label={t('invoices.archive.listLabel')}
          verticalSpacing="xs"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.archive.period')}</Table.Th>
              <Table.Th>{t('invoices.archive.status')}</Table.Th>
              <Table.Th>{t('invoices.archive.file')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {archives.data.map((archive) => (
              <Table.Tr key={archive._id} data-archive-row>
                <Table.Td>
                  {formatDate(archive.date_from, locale)} – {formatDate(archive.date_to, locale)}
                </Table.Td>
                <Table.Td>
                  {archive.status === 'running' ? (
                    <Stack gap={4} maw={220}>
                      <Progress
                        value={archive.total ? (archive.done / archive.total) * 100 : 0}
                        aria-label={t('invoices.archive.progress', {
                          done: archive.done,
                          total: archive.total,
                        })}
                      />
                      <Text size="xs" c="gray.7">
                        {t('invoices.archive.progress', {
                          done: archive.done,
                          total: archive.total,
                        })}
                      </Text>
                    </Stack>
                  ) : (
                    <Badge variant="filled" autoContrast color={STATUS_COLORS[archive.status]}>
                      {t(`invoices.archive.statuses.${archive.status}`)}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {archive.status === 'ready' && archive.expires_at && (
                    <Group gap="xs">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconDownload size={16} aria-hidden />}
                        loading={download.isPending && download.variables._id === archive._id}
                        onClick={() => download.mutate(archive, { onError: notifyError })}
                      >
                        {t('invoices.archive.download', {
                          count: archive.total,
                          size: formatFileSize(archive.size_bytes ?? 0, locale),
                        })}
                      </Button>
                      <Text size="xs" c="gray.7">
                        {t('invoices.archive.until', {
                          date: formatDateTime(archive.expires_at, locale),
                        })}
                      </Text>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </Stack>
  );
}
