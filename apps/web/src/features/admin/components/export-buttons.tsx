import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { downloadFile } from '../../../shared/api/download';
import { notifyError } from '../../../shared/ui/notify';

/**
 * A list's export as CSV and XLSX: the list's filters and order, all pages of them
 * (`{path}/export.csv?…`), saved as `{name}-{day}.{format}`.
 */
export function ExportButtons({
  path,
  name,
  params,
}: {
  path: string;
  name: string;
  params: URLSearchParams;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const exportList = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => {
      const query = new URLSearchParams(params);
      query.delete('page');
      query.delete('limit');
      const day = new Date().toISOString().slice(0, 10);
      return downloadFile(
        `${path}/export.${format}?${query.toString()}`,
        `${name}-${day}.${format}`,
      );
    },
    onError: notifyError,
  });
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exportList.isPending && exportList.variables === format}
          disabled={exportList.isPending && exportList.variables !== format}
          onClick={() => exportList.mutate(format)}
        >
          {t(format === 'csv' ? 'staff:orders.exportCsv' : 'staff:orders.exportXlsx')}
        </Button>
      ))}
    </Group>
  );
}
