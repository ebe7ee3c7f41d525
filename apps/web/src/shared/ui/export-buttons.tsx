import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../api/download';
import { notifyError } from './notify';

/**
 * A list's export as CSV and XLSX: the list's filters and order, all pages of them
 * (`{path}/export.csv?…`), saved as `{name}-{day}.{format}`; `labels` name the two buttons.
 */
export function ExportButtons({
  path,
  name,
  params,
  labels,
}: {
  path: string;
  name: string;
  params: URLSearchParams;
  labels: Record<'csv' | 'xlsx', string>;
}) {
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
          {labels[format]}
        </Button>
      ))}
    </Group>
  );
}
